import { loadSequence } from 'pooling-course/sequence';
import { element, keepChildren, setText } from '../shared/element.js';
import { readableNumber, subscript, termNumber } from '../shared/format-number.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { stepTimelineOptions } from '../shared/step-timeline.js';
import { hasRecurrence, lstmNumbers } from './model.js';
import { BIAS, CHANGE_EVENT, gateKey, SETTINGS, W_H, W_X } from './settings.js';
import { buildSkeleton, TIMELINE_ROWS } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag lstm-widget
 * @summary One LSTM unit, PyTorch's torch.nn.LSTM(1, 1), run over a short sequence from the
 * zero state and back through time. Each gate (input i, forget f, cell candidate g, output o)
 * has an input weight w_x, a recurrent weight w_h and a bias b; the cell state is
 * c_t = f_t · c_{t−1} + i_t · g_t and the output h_t = o_t · tanh(c_t). The loss is the last
 * output, L = h_T. The widget shows every step's gates (with small bars), c_t, h_t, ∂L/∂c_t and
 * ∂L/∂h_t, and writes out the computation of a selected step. Every number comes from the WASM
 * sequence core (lstm, lstmBackward).
 *
 * Lists of numbers are separated by spaces (or commas).
 *
 * @attr {string} input - x_1 ... x_T, 1 to 12 numbers (default "1 0 0 0 0 0").
 * @attr {string} input-gate - The input gate's w_x, w_h and b (default "10 0 -5").
 * @attr {string} forget-gate - The forget gate's w_x, w_h and b (default "0 0 5").
 * @attr {string} cell-gate - The cell candidate's w_x, w_h and b (default "2 0 0").
 * @attr {string} output-gate - The output gate's w_x, w_h and b (default "0 0 5").
 *   Each gate's numbers are from −100 to 100.
 * @attr {number} selected - The step whose computation is written out, 1 to T, or 0 for none
 *   (default 0).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * The widget writes what the learner changes back to these attributes. A bad value never
 * throws to the page: the widget shows why in its place (role=alert, quoting the attribute)
 * and warns on the console.
 *
 * @method getState - { input, inputGate, forgetGate, cellGate, outputGate, selected,
 *   colorScheme }, plus { error } while the attributes cannot be drawn (README.md,
 *   "getState").
 * @method setState - Takes any part of that object; null removes one (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("forget_gate=0,0,0&selected=2")
 *   over the attributes the page gave it; true if it applied.
 * @fires lstm-widget-change - The learner changed a number, selected a step, or added or
 *   removed a step. detail: { state: getState(), byUser: true }. Not fired for changes made
 *   from code.
 *
 * @csspart gates - The grid of the gates' numbers.
 * @csspart timeline - The steps: inputs, gates, cell state, output and gradients.
 * @csspart written - The selected step's computation.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class LstmWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      numbers: (settings, core) => lstmNumbers(core, settings),
      // The selected step is a column to work out: selecting one does not run the cell again.
      viewOnly: ['selected'],
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      // Spoken, so the step is a plain number, not a subscript a screen reader may skip.
      announce: (what, numbers, settings) => {
        const steps = settings.input.length;
        return this.#widget.t('lstm-widget.status.sentence', {
          what,
          steps,
          cell: readableNumber(numbers.cells[steps - 1]),
          hidden: readableNumber(numbers.hidden[steps - 1]),
          grad: readableNumber(numbers.gradCells[0]),
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
    const steps = settings.input.length;
    for (const { name, read } of TIMELINE_ROWS) {
      const values = read(numbers);
      const scale = scaleOf(name, values);
      els.timeline.cells[name].forEach((cell, i) => {
        setText(cell.firstChild, readableNumber(values[i]));
        drawBar(cell.lastChild.firstChild, values[i], scale);
      });
    }
    const { selected } = settings;
    els.timeline.select(selected);
    const w = (key, params) => t(`lstm-widget.${key}`, params);
    if (selected === 0) {
      setText(els.writtenTitle, w('written.none'));
      keepChildren(els.lines, 1, () => element('li')).forEach((line) => setText(line, w('written.hint', { steps })));
    } else {
      setText(els.writtenTitle, w('written.title', { step: selected }));
      const lines = writtenLines(settings, numbers, selected, w);
      keepChildren(els.lines, lines.length, () => element('li')).forEach((line, i) => setText(line, lines[i]));
    }
    return numbers;
  }
}

// The bars -----------------------------------------------------------------------------------

// Each row's scale: the sigmoid gates from 0 to 1, the candidate from −1 to 1, the cell state
// and the gradients from −m to m for the largest size m in the row (at least 1 for c, so a
// small cell state looks small).
function scaleOf(name, values) {
  if (name === 'input' || name === 'forget' || name === 'output') return { min: 0, max: 1 };
  if (name === 'cell' || name === 'hidden') return { min: -1, max: 1 };
  const largest = Math.max(name === 'cells' ? 1 : 0, ...Array.from(values, (value) => (Number.isFinite(value) ? Math.abs(value) : 0)));
  return { min: -largest, max: largest };
}

// A bar from the scale's zero (its left end for the gates, its middle otherwise) to the value,
// set through the CSSOM, so a page with a strict Content-Security-Policy shows it.
function drawBar(fill, value, { min, max }) {
  const span = max - min || 1;
  const place = (v) => Math.min(100, Math.max(0, ((v - min) / span) * 100));
  const zero = place(0);
  const end = Number.isFinite(value) ? place(value) : zero;
  fill.style.insetInlineStart = `${Math.min(zero, end)}%`;
  fill.style.inlineSize = `${Math.abs(end - zero)}%`;
  fill.classList.toggle('negative', value < 0);
}

// The step written out ------------------------------------------------------------------------

// Each gate's symbol and function, in the order of GATES.
const GATE_FORMS = { input: ['i', 'σ'], forget: ['f', 'σ'], cell: ['g', 'tanh'], output: ['o', 'σ'] };

/**
 * The lines of step t's computation, each "name = formula = numbers = the core's result": the
 * four gates, c_t, h_t, then ∂L/∂c_t and ∂L/∂h_t, written as a formula only where it is the
 * whole gradient (with every w_h 0, h_t reaches no later step), else as the core's total.
 */
function writtenLines(settings, numbers, t, w) {
  const steps = settings.input.length;
  const k = t - 1;
  const [now, before, next] = [subscript(t), subscript(t - 1), subscript(t + 1)];
  const hBefore = k === 0 ? 0 : numbers.hidden[k - 1];
  const cBefore = k === 0 ? 0 : numbers.cells[k - 1];
  const lines = Object.entries(GATE_FORMS).map(([gate, [symbol, fn]]) => {
    const values = settings[gateKey(gate)];
    return `${symbol}${now} = ${fn}(w_x × x${now} + w_h × h${before} + b) = ${fn}(${termNumber(values[W_X])} × ${termNumber(settings.input[k])} + ${termNumber(values[W_H])} × ${termNumber(hBefore)} + ${termNumber(values[BIAS])}) = ${readableNumber(numbers.gates[gate][k])}`;
  });
  const gate = (name) => numbers.gates[name][k];
  lines.push(`c${now} = f${now} × c${before} + i${now} × g${now} = ${termNumber(gate('forget'))} × ${termNumber(cBefore)} + ${termNumber(gate('input'))} × ${termNumber(gate('cell'))} = ${readableNumber(numbers.cells[k])}`);
  lines.push(`h${now} = o${now} × tanh(c${now}) = ${termNumber(gate('output'))} × tanh(${readableNumber(numbers.cells[k])}) = ${readableNumber(numbers.hidden[k])}`);
  const gradCell = readableNumber(numbers.gradCells[k]);
  const gradHidden = readableNumber(numbers.gradHidden[k]);
  if (t === steps) {
    lines.push(`∂L/∂c${now} = ∂L/∂h${now} × o${now} × (1 − tanh²(c${now})) = ${termNumber(numbers.gradHidden[k])} × ${termNumber(gate('output'))} × (1 − tanh²(${readableNumber(numbers.cells[k])})) = ${gradCell}`);
    lines.push(w('written.lastHidden', { name: `∂L/∂h${now}`, value: gradHidden, loss: `L = h${now}` }));
  } else if (!hasRecurrence(settings)) {
    lines.push(`∂L/∂c${now} = ∂L/∂c${next} × f${next} = ${termNumber(numbers.gradCells[k + 1])} × ${termNumber(numbers.gates.forget[k + 1])} = ${gradCell}`);
    lines.push(w('written.noPath', { name: `∂L/∂h${now}`, value: gradHidden, hidden: `h${now}` }));
  } else {
    lines.push(w('written.totalCell', { name: `∂L/∂c${now}`, value: gradCell, hidden: `h${now}`, next: `c${next}` }));
    lines.push(w('written.totalHidden', { name: `∂L/∂h${now}`, value: gradHidden, step: t + 1 }));
  }
  return lines;
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadSequence);
