import { loadSequence } from 'pooling-course/sequence';
import { setText } from '../shared/element.js';
import { readableNumber, subscript, termNumber } from '../shared/format-number.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { stepTimelineOptions } from '../shared/step-timeline.js';
import { rnnNumbers } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';
import { buildSkeleton, GRADIENTS } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag rnn-widget
 * @summary One recurrent unit, torch.nn.RNN(1, 1), run over a short sequence forward and back
 * through time: h_t = act(w_ih·x_t + w_hh·h_{t−1} + b) from h_0, and the loss L = h_T, the last
 * state. The widget shows, per step, the input (a number field), the state h_t, the gradient
 * reaching the step ∂L/∂h_t and a bar of its size on a log scale, so a gradient that fades or
 * explodes is seen at a glance; the gradients of w_hh, w_ih, the bias and h_0; and, for a
 * selected step, its state and the gradient it passes back, written out with the numbers shown.
 * Every number comes from the WASM sequence core (rnn, rnnBackward).
 *
 * Lists of numbers are separated by spaces (or commas).
 *
 * @attr {string} input - x_1..x_T, 1 to 12 numbers (default "1 0 0 0 0 0 0 0").
 * @attr {number} w-ih - The input weight w_ih, from −100 to 100 (default 1).
 * @attr {number} w-hh - The recurrent weight w_hh, from −100 to 100 (default 0.5).
 * @attr {number} bias - The bias b (nn.RNN's bias_ih; bias_hh is 0), from −100 to 100 (default 0).
 * @attr {number} h0 - The starting state h_0, from −100 to 100 (default 0).
 * @attr {"tanh"|"relu"} nonlinearity - The activation (default "tanh").
 * @attr {number} selected - The step written out, from 1 to T; 0 for none (default 0).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * The widget writes what the learner changes back to these attributes. A bad value never
 * throws to the page: the widget shows why in its place (role=alert, quoting the attribute)
 * and warns on the console.
 *
 * @method getState - { input, wIh, wHh, bias, h0, nonlinearity, selected, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object; null removes one (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("w_hh=1.5&nonlinearity=relu")
 *   over the attributes the page gave it; true if it applied.
 * @fires rnn-widget-change - The learner changed a number or the nonlinearity, added or removed
 *   a step, or selected one. detail: { state: getState(), byUser: true }. Not fired for changes
 *   made from code.
 *
 * @csspart controls - The cell's settings: w_ih, w_hh (a field and a slider), the bias, h_0 and
 *   the nonlinearity.
 * @csspart timeline - The steps: inputs, states, gradients and their bars, and the add and
 *   remove buttons.
 * @csspart step - The selected step, written out.
 * @csspart gradients - ∂L/∂w_hh, ∂L/∂w_ih, ∂L/∂b and ∂L/∂h_0.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class RnnWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      numbers: (settings, core) => rnnNumbers(core, settings),
      // The selected step is a column to write out: selecting one does not run the unit again.
      viewOnly: ['selected'],
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      // Spoken, so the step is a number, not a subscript a screen reader may skip.
      announce: (what, numbers, settings) => {
        const last = settings.input.length;
        return this.#widget.t('rnn-widget.status.sentence', {
          what, last, state: readableNumber(numbers.states[last - 1]), grad: readableNumber(numbers.gradHidden[0]),
        });
      },
      // The step buttons and the add and remove buttons are the timeline's.
      ...stepTimelineOptions(() => this.#widget),
    });
  }

  // Rendering ------------------------------------------------------------------------------

  // Every number on screen, from the core.
  #draw(settings, numbers) {
    const { els, t } = this.#widget;
    const w = (key, params) => t(`rnn-widget.${key}`, params);
    const { caption, cells } = els.timeline;
    setText(caption, w('timeline.caption', { steps: settings.input.length }));
    cells.states.forEach((cell, i) => setText(cell, readableNumber(numbers.states[i])));
    cells.gradHidden.forEach((cell, i) => setText(cell, readableNumber(numbers.gradHidden[i])));
    cells.bars.forEach((cell, i) => {
      cell.firstChild.firstChild.style.blockSize = `${barHeight(numbers.gradHidden[i])}%`;
    });
    for (const key of GRADIENTS) setText(els.gradientCells[key], readableNumber(numbers[key]));
    els.timeline.select(settings.selected);
    this.#writeOut(settings, numbers);
    return numbers;
  }

  // The selected step's two computations, with the numbers as shown, ending on the core's:
  // its state from the one before, and the gradient it passes back to the one before.
  #writeOut(settings, numbers) {
    const { els, t } = this.#widget;
    const w = (key, params) => t(`rnn-widget.${key}`, params);
    const step = settings.selected;
    if (!step) {
      setText(els.selectedTitle, w('selected.noneTitle'));
      setText(els.forward, w('selected.none'));
      for (const node of [els.backward, els.slope, els.note]) setText(node, '');
      return;
    }
    const act = settings.nonlinearity;
    const h = (i) => `h${subscript(i)}`;
    const state = numbers.states[step - 1];
    const before = step === 1 ? settings.h0 : numbers.states[step - 2];
    const passed = step === 1 ? numbers.gradH0 : numbers.gradHidden[step - 2];
    // The slope of the activation at this step, from the state the core computed: tanh′ is
    // 1 − h², relu′ is 1 where h > 0 and 0 where h = 0 (autograd's choice at the kink).
    const slope = act === 'tanh' ? `(1 − ${termNumber(state)}²)` : (state > 0 ? '1' : '0');
    setText(els.selectedTitle, w('selected.title', { step }));
    setText(els.forward, `${h(step)} = ${act}(w_ih × x${subscript(step)} + w_hh × ${h(step - 1)} + b) = `
      + `${act}(${termNumber(settings.wIh)} × ${termNumber(settings.input[step - 1])} + ${termNumber(settings.wHh)} × ${termNumber(before)} + ${termNumber(settings.bias)}) = ${readableNumber(state)}`);
    setText(els.backward, `∂L/∂${h(step - 1)} = ∂L/∂${h(step)} × w_hh × ${act}′ = `
      + `${termNumber(numbers.gradHidden[step - 1])} × ${termNumber(settings.wHh)} × ${slope} = ${readableNumber(passed)}`);
    const slopeKey = act === 'tanh' ? 'selected.tanhSlope' : (state > 0 ? 'selected.reluOn' : 'selected.reluOff');
    setText(els.slope, w(slopeKey, { h: h(step) }));
    setText(els.note, step === settings.input.length ? w('selected.last', { h: h(step) }) : '');
  }
}

// The bars' log scale: |∂L/∂h_t| from 1e-4 (no bar) to 1e3 (full); 0 and NaN draw no bar. Seven
// decades keep a gradient that halves at each step visibly shorter from one bar to the next.
const LOG_LOW = -4;
const LOG_HIGH = 3;

/** A bar's height in percent of its track for a gradient. */
function barHeight(gradient) {
  const size = Math.abs(gradient);
  if (!(size > 0)) return 0;
  const place = (Math.log10(size) - LOG_LOW) / (LOG_HIGH - LOG_LOW);
  return Math.round(Math.min(1, Math.max(0, place)) * 1000) / 10;
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadSequence);
