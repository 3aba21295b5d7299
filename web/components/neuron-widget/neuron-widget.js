import { loadActivations } from 'pooling-course/activations';
import { element, numberField, setText } from '../shared/element.js';
import { niceStep } from '../shared/nice-step.js';
import { readableNumber, readableSetting, subscript } from '../shared/format-number.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { SettingsElement } from '../shared/settings-element.js';
import { followAxisRange } from '../shared/settings-table.js';
import { translator } from '../../i18n/i18n.js';
import {
  activationLabel, activationOptions, biasForSum, evaluate, neuronNumbers, samplePoints, sumProblem, weightedSum,
} from './model.js';
import { drawCurves, placePoint, plotX } from './plot.js';
import { buildSkeleton } from './template.js';
import { ACTIVATION_NAMES, CHANGE_EVENT, MAX_SPAN, SETTINGS } from './settings.js';
import { cssText } from './styles.js';

/**
 * @tag neuron-widget
 * @summary One neuron, y = f(w·x + b): two or three inputs with their weights and a bias, the
 * weighted sum, the activation's bend and the output; the curve of the activation and of its
 * derivative with a point at the sum; and the backward pass, from an upstream gradient to what
 * reaches each weight, input and the bias. f(x) and f'(x) come from the WASM activations core
 * (f' is its backward with an upstream gradient of 1); the weighted sum and the linear layer's
 * backward are the element's only arithmetic.
 *
 * With no attributes it is a ReLU neuron with inputs [1, -2], weights [0.5, 0.25] and bias 0.
 * Lists of numbers are separated by spaces (or commas). Options that belong to one activation
 * (approximate, beta, alpha) are ignored by the others.
 *
 * @attr {"relu"|"sigmoid"|"tanh"|"gelu"|"swish"|"elu"} activation - The bend (default relu).
 * @attr {string} inputs - 2 or 3 inputs (default "1 -2").
 * @attr {string} weights - One weight per input (default "0.5 0.25", or "0.5 0.25 -0.5").
 * @attr {number} bias - The bias (default 0).
 * @attr {"none"|"tanh"} approximate - GELU: the exact form (with erf, default) or the tanh one.
 * @attr {number} beta - Swish: x · sigmoid(βx) (default 1, which is SiLU; 0 gives x / 2).
 * @attr {number} alpha - ELU: the floor the curve approaches for negative x is −α (default 1).
 * @attr {number} grad-output - The upstream gradient that reaches the output (default 1).
 * @attr {string} range - "min max" of the plot's x axis (default "-5 5"); min < max, a span of
 *   at most 100.
 * @attr {"none"|"relu"|"sigmoid"|"tanh"|"gelu"|"swish"|"elu"} compare - A second activation
 *   drawn over the first (default none). It takes the same approximate, beta and alpha.
 * @attr {string} lang - The language of its words: "en" or "zh-CN" (any tag of Chinese in
 *   simplified characters); default the nearest ancestor's lang, else the page's, else English.
 *   Numbers read the same in both.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the
 *   system.
 *
 * The widget writes what the learner changes back to these attributes. Changing an attribute
 * re-renders. A bad value never throws to the page: the widget shows why in its place
 * (role=alert, quoting the attribute, with the core's words where the core judged it) and
 * sends the same message to console.warn.
 *
 * The learner edits every number in text fields ("1,5" is refused with a message, never read
 * as 15), picks the activation, its option and a curve to compare, and moves the point on the
 * curve: a slider (arrow keys, PageUp/PageDown, Home/End), dragged or tapped. Moving the point
 * sets the sum by changing the bias, so the point always sits at w·x + b.
 *
 * @method getState - Returns { activation, inputs, weights, bias, approximate, beta, alpha,
 *   gradOutput, range, compare, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object and applies it through the attributes;
 *   null removes one (its default returns). A value it cannot store is refused with a
 *   console.warn naming the key, and nothing changes. Fires no event.
 * @method ready - Resolves after the pending render (tests and embedders wait on it).
 * @method applyQuery - Sets the widget up from a link's query (its settings' link names, as an
 *   exercise's "set the widget up" link writes them) over the settings the page gave it; true
 *   if it applied, false (with a console warning) if the query cannot be read.
 *
 * @fires neuron-change - The learner changed a setting: a field, a choice, or the point (once,
 *   when a drag ends). detail: { state: getState(), byUser: true }. It does not fire when
 *   attributes or state are set from code.
 *
 * @csspart controls - The activation, its option and the comparison.
 * @csspart neuron - The inputs, weights, bias, sum and output.
 * @csspart plot - The SVG plot of the curves.
 * @csspart point - The point at the sum (the slider).
 * @csspart readout - x, f(x) and f'(x) beside the plot.
 * @csspart backward - The backward pass.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 *
 * @cssproperty --pool-font-family - Type face (default: the system's UI font).
 * @cssproperty --pool-surface, --pool-text, --pool-muted, --pool-cell, --pool-cell-border,
 *   --pool-accent, --pool-extra, --pool-good, --pool-error-surface, --pool-error-text -
 *   Colours (the course's light and dark sets are built in).
 */
export class NeuronWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;
  #dragging = false;
  // Whether the drag under way has moved the sum.
  #dragMoved = false;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: checkedNumbers,
      draw: (settings, core, numbers) => this.#draw(settings, core, numbers),
      announce: (what, numbers, settings) => {
        const { t } = this.#widget;
        const note = stopNote(t, settings, numbers);
        return t('neuron-widget.status.sentence', {
          what, sum: readableNumber(numbers.sum), name: ACTIVATION_NAMES[settings.activation], output: readableNumber(numbers.output),
          slope: readableNumber(numbers.derivative), note: note ? t('neuron-widget.status.note', { note }) : '',
        });
      },
      sync: (settings) => this.#sync(settings),
      follow: followAxisRange(MAX_SPAN),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // Puts what is not a number field or a choice into the controls: one row per input, and the
  // knob of the chosen activation.
  #sync(settings) {
    const els = this.#els;
    // New rows' fields get their values after this, with the others (SettingsWidget).
    if (els.inputRows.length !== settings.inputs.length) this.#buildInputRows(settings.inputs.length);
    for (const [activation, knob] of Object.entries(els.knobs)) {
      // Written only when it flips: writing the same value still invalidates the knob's style.
      const hidden = activation !== settings.activation;
      if (knob.hidden !== hidden) knob.hidden = hidden;
    }
  }

  #buildInputRows(count) {
    const { neuronRows, backwardRows } = this.#els;
    this.#els.inputRows = Array.from({ length: count }, (_, i) => {
      const { t } = this.#widget;
      const input = numberField(t('neuron-widget.neuron.inputField', { number: i + 1 }), { key: 'inputs', index: i });
      const weight = numberField(t('neuron-widget.neuron.weightField', { number: i + 1 }), { key: 'weights', index: i });
      const gradWeight = element('td', { class: 'number' });
      const gradInput = element('td', { class: 'number' });
      return {
        input,
        weight,
        gradWeight,
        gradInput,
        forward: element('tr', {}, [
          element('th', { scope: 'row' }, `x${subscript(i + 1)}, w${subscript(i + 1)}`),
          element('td', {}, [input]),
          element('td', {}, [weight]),
        ]),
        backward: element('tr', {}, [element('th', { scope: 'row' }, `${i + 1}`), gradWeight, gradInput]),
      };
    });
    neuronRows.replaceChildren(...this.#els.inputRows.map((row) => row.forward));
    backwardRows.replaceChildren(...this.#els.inputRows.map((row) => row.backward));
  }

  // Every number on screen, from the core.
  #draw(settings, core, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    const short = ACTIVATION_NAMES[settings.activation];

    setText(els.sum, `z = w·x + b = ${readableNumber(numbers.sum)}`);
    setText(els.output, `y = ${short}(z) = ${readableNumber(numbers.output)}`);

    this.#drawCurves(settings, core);
    placePoint(els.plot, settings.range, numbers);
    const [min, max] = settings.range;
    const { point } = els.plot;
    point.setAttribute('aria-valuemin', String(min));
    point.setAttribute('aria-valuemax', String(max));
    point.setAttribute('aria-valuenow', String(Number(numbers.sum.toPrecision(6))));
    point.setAttribute('aria-valuetext', t('neuron-widget.plot.valueText', {
      sum: readableNumber(numbers.sum), name: short, output: readableNumber(numbers.output), slope: readableNumber(numbers.derivative),
      off: inRange(numbers.sum, settings.range) ? '' : t('neuron-widget.plot.offPlot'),
    }));

    setText(els.readX, readableNumber(numbers.sum));
    setText(els.readFLabel, `${short}(x)`);
    setText(els.readF, readableNumber(numbers.output));
    setText(els.readSlopeLabel, `${short}′(x)`);
    setText(els.readSlope, readableNumber(numbers.derivative));

    setText(els.gradSum, `${readableNumber(settings.gradOutput)} × ${short}′(z) = ${readableNumber(settings.gradOutput)} × ${readableNumber(numbers.derivative)} = ${readableNumber(numbers.gradSum)}`);
    setText(els.gradBias, readableNumber(numbers.gradBias));
    els.inputRows.forEach((row, i) => {
      setText(row.gradWeight, `${readableNumber(numbers.gradSum)} × ${readableNumber(settings.inputs[i])} = ${readableNumber(numbers.gradWeights[i])}`);
      setText(row.gradInput, `${readableNumber(numbers.gradSum)} × ${readableNumber(settings.weights[i])} = ${readableNumber(numbers.gradInputs[i])}`);
    });
    setText(els.stopNote, stopNote(t, settings, numbers));
    return numbers;
  }

  // The curves, their axes, the plot's title and the legend: these depend on the activations,
  // their options and the range, not on the inputs, weights or bias, so moving the point (a
  // tap or a drag sets the bias) leaves them as they are.
  #drawCurves(settings, core) {
    const { t } = this.#widget;
    const els = this.#els;
    const options = activationOptions(settings);
    const compareOptions = settings.compare === 'none' ? null : activationOptions(settings, settings.compare);
    const key = JSON.stringify([t.lang, settings.activation, options, settings.compare, compareOptions, settings.range]);
    if (els.plot.drawn === key) return;
    const xs = samplePoints(settings.range);
    const name = activationLabel(settings);
    const curves = [{ ...evaluate(core, settings.activation, xs, options), label: name, kind: 'main' }];
    if (compareOptions) {
      const other = evaluate(core, settings.compare, xs, compareOptions);
      curves.push({ ...other, label: activationLabel(settings, settings.compare), kind: 'compare' });
    }
    drawCurves(els.plot, { xs, curves, range: settings.range });
    els.plot.drawn = key;
    const [min, max] = settings.range;
    els.svgTitle.textContent = t(curves[1] ? 'neuron-widget.plot.svgTitleCompared' : 'neuron-widget.plot.svgTitle',
      { name, other: curves[1]?.label ?? '', min: readableNumber(min), max: readableNumber(max) });
    els.legend.replaceChildren(...curves.flatMap((curve) => [
      element('li', { class: `key ${curve.kind}` }, curve.label),
      element('li', { class: `key ${curve.kind} slope` }, `${curve.label}′`),
    ]));
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields and choices are the SettingsWidget's; the point on the plot is ours.
  #listen(els) {
    const { point, svg } = els.plot;
    point.addEventListener('keydown', (event) => this.#onPointKey(event));
    svg.addEventListener('pointerdown', (event) => {
      if (!this.#widget.settings || event.button !== 0) return;
      event.preventDefault();
      // The plot's place is read before anything is written: the layout is still clean, so
      // reading it costs no layout of its own.
      const x = this.#dropPoint(event.clientX);
      svg.setPointerCapture(event.pointerId);
      this.#dragging = true;
      // The point takes focus, so the keys move it next; after the frame that shows the move,
      // since focusing recalculates styles and layout at once, inside the tap.
      if (this.shadowRoot.activeElement !== point) afterNextPaint(() => point.focus({ preventScroll: true }));
      this.#dragMoved = this.#moveSum(x, { commit: false });
    });
    svg.addEventListener('pointermove', (event) => {
      if (!this.#dragging || !this.#widget.settings) return;
      this.#dragMoved = this.#moveSum(this.#dropPoint(event.clientX), { commit: false }) || this.#dragMoved;
    });
    const endDrag = () => {
      if (!this.#dragging) return;
      this.#dragging = false;
      if (this.#widget.settings) this.#widget.commit(this.#pointMoved(), { changed: this.#dragMoved });
    };
    svg.addEventListener('pointerup', endDrag);
    svg.addEventListener('pointercancel', endDrag);
  }

  // Where on the axis a pointer at clientX puts the point: to a thousandth of the axis, finer
  // than a pixel and few enough digits that a small w·x leaves a short bias.
  #dropPoint(clientX) {
    const [min, max] = this.#widget.settings.range;
    const grain = niceStep((max - min) / 1000);
    return Number((Math.round(plotX(this.#widget.els.plot, clientX, [min, max]) / grain) * grain).toPrecision(10));
  }

  // The point is the sum: moving it to x sets the bias so that w·x + b = x, in float32 as the
  // core adds them (biasForSum), so the point lands on x however large w·x is. A key's
  // `direction` makes its press move the point even where float32 is coarser than its step,
  // but not off the axis. True if it moved (as a drag moves: drawn, not refused).
  #moveSum(target, { commit, direction = 0 }) {
    const settings = this.#widget.settings;
    const [min, max] = settings.range;
    const x = Math.min(max, Math.max(min, target));
    const bias = biasForSum(settings, x, { direction: x === target ? direction : 0, range: settings.range });
    if (!commit) return this.#widget.move('bias', undefined, bias);
    const changed = this.#widget.change('bias', undefined, bias);
    this.#widget.syncFields();
    this.#widget.commit(this.#pointMoved(), { changed });
    return changed;
  }

  // The point moves by the bias: what a move did is said by the bias it set.
  #pointMoved() {
    return this.#widget.t('neuron-widget.status.pointMoved', { bias: readableSetting(this.#widget.settings.bias) });
  }

  #onPointKey(event) {
    const settings = this.#widget.settings;
    if (!settings) return;
    const [min, max] = settings.range;
    const step = niceStep((max - min) / 100);
    const sum = weightedSum(settings);
    const snap = (value) => Math.round(value / step) * step;
    const targets = {
      ArrowRight: [snap(sum) + step, 1],
      ArrowUp: [snap(sum) + step, 1],
      ArrowLeft: [snap(sum) - step, -1],
      ArrowDown: [snap(sum) - step, -1],
      PageUp: [snap(sum) + 10 * step, 1],
      PageDown: [snap(sum) - 10 * step, -1],
      Home: [min, 0],
      End: [max, 0],
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    const [target, direction] = targets[event.key];
    this.#moveSum(Number(target.toPrecision(10)), { commit: true, direction });
  }
}

// Shared by every widget on the page -------------------------------------------------------

/** One core per page, shared by every widget. */
const sharedCore = sharedLoader(loadActivations);

// The neuron's numbers for these settings, or why they cannot be shown: the sum must stay within
// float32, and the core judges the activation's options (its ActivationError names the setting).
// Messages are English here; the widget reads them into its language.
function checkedNumbers(settings, core) {
  const tooLarge = sumProblem(settings);
  if (tooLarge) throw new Error(translator('en')('shared.errors.neuronTooLarge', { reason: tooLarge }));
  return neuronNumbers(core, settings);
}

// Helpers -------------------------------------------------------------------------------

const inRange = (x, [min, max]) => x >= min && x <= max;

// Runs `then` once the next frame is painted (a task queued from its animation frame runs
// after that frame's style, layout and paint).
const afterNextPaint = (then) => requestAnimationFrame(() => setTimeout(then, 0));

// Where the bend stops passing the gradient back, in the lesson's words.
function stopNote(t, settings, { sum, derivative }) {
  const name = ACTIVATION_NAMES[settings.activation];
  if (derivative === 0) {
    return t(settings.activation === 'relu' && sum < 0 ? 'neuron-widget.stop.relu' : 'neuron-widget.stop.zero', { name });
  }
  if (Math.abs(derivative) < 0.01) {
    return t('neuron-widget.stop.flat', { name, slope: readableNumber(derivative) });
  }
  return '';
}
