import { loadActivations } from 'pooling-course/activations';
import { element } from '../shared/element.js';
import { formatNumber, readableNumber } from '../shared/format-number.js';
import { RenderQueue } from '../shared/render-queue.js';
import { adoptStyles } from '../shared/style-sheet.js';
import { AttributeError, attributeText, numberProblem, readNumber, readState, SettingsStateError } from '../shared/settings-table.js';
import { activationLabel, activationOptions, evaluate, neuronNumbers, samplePoints, sumProblem, weightedSum } from './model.js';
import { drawPlot, plotX } from './plot.js';
import { buildSkeleton, numberField, subscript } from './template.js';
import { ACTIVATION_NAMES, SETTINGS, settingsFromAttributes } from './settings.js';
import { cssText } from './styles.js';
import { translator, translatorOf } from '../../i18n/i18n.js';
import { localiseError } from '../../i18n/localise-error.js';

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
 * @attr {string} lang - The language of its words: "en" or "zh-CN" (any Chinese tag); default the
 *   nearest ancestor's lang, else the page's, else English. Numbers read the same in both.
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
 *   gradOutput, range, compare, colorScheme }, plus { error } (the message shown) while the
 *   attributes cannot be drawn.
 * @method setState - Takes any part of that object and applies it through the attributes;
 *   null removes one (its default returns). A value it cannot store is refused with a
 *   console.warn naming the key, and nothing changes. Fires no event.
 * @method ready - Resolves after the pending render (tests and embedders wait on it).
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
export class NeuronWidget extends HTMLElement {
  static observedAttributes = [...SETTINGS.map((row) => row.attribute), 'lang'];

  #els = null;
  #settings = null;
  #core = null;
  #errorMessage = null;
  #renders = new RenderQueue(() => this.#render());
  #dragging = false;
  // Whether the drag under way has moved the sum.
  #dragMoved = false;
  // Whether typing changed a setting that has not been announced and reported yet.
  #typedChange = false;
  #get = (name) => this.getAttribute(name);
  // The words of the language the element speaks; the tree is built again when it changes.
  #t = translator('en');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root, cssText);
    const { tree, els } = buildSkeleton(this.#t);
    root.append(tree);
    this.#els = els;
    this.#listen();
  }

  // Builds the tree again in the language of the lang attribute (or the page's), if it changed.
  async #speak() {
    const t = await translatorOf(this);
    if (t.lang === this.#t.lang) return;
    this.#t = t;
    const { tree, els } = buildSkeleton(this.#t);
    this.shadowRoot.replaceChildren(tree);
    this.#els = els;
    this.#listen();
  }

  connectedCallback() {
    this.#renders.schedule();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || this.#renders.quiet) return;
    this.#renders.schedule();
  }

  /** Resolves once the render that is pending (if any) has finished. */
  ready() {
    return this.#renders.ready();
  }

  getState() {
    try {
      const state = structuredClone(this.#settings ?? settingsFromAttributes(this.#get));
      if (this.#errorMessage) state.error = this.#errorMessage;
      return state;
    } catch (error) {
      return { error: error.message };
    }
  }

  setState(partial) {
    // null removes a setting (its default returns); the rest is read as state.
    const isObject = partial !== null && typeof partial === 'object' && !Array.isArray(partial);
    const values = isObject ? Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== null)) : partial;
    let read;
    try {
      read = readState(SETTINGS, values, { current: this.#settings });
    } catch (error) {
      if (!(error instanceof SettingsStateError)) throw error;
      console.warn(`<neuron-widget>: ${error.message}; nothing was changed.`);
      return;
    }
    for (const key of read.ignored) {
      if (key !== 'error') console.warn(`<neuron-widget>: setState ignores "${key}"; it knows ${SETTINGS.map((row) => row.key).join(', ')}.`);
    }
    for (const row of SETTINGS) {
      if (isObject && partial[row.key] === null) this.removeAttribute(row.attribute);
      else if (row.key in read.partial) this.setAttribute(row.attribute, attributeText(row, read.partial[row.key]));
    }
  }

  // Rendering ------------------------------------------------------------------------------

  async #render() {
    if (!this.isConnected) return;
    await this.#speak();
    try {
      this.#core = await sharedCore();
    } catch (error) {
      this.#showError(this.#t('neuron-widget.errors.coreFailed', { reason: error?.message ?? error }));
      return;
    }
    let settings;
    try {
      settings = settingsFromAttributes(this.#get);
      this.#checkWithCore(settings);
    } catch (error) {
      this.#settings = null;
      this.#showError(localiseError(error, this.#t.lang));
      return;
    }
    this.#settings = settings;
    this.#errorMessage = null;
    this.#els.alert.textContent = '';
    this.#els.fieldAlert.textContent = '';
    this.#els.body.hidden = false;
    this.#syncFields({ all: true });
    this.#draw();
  }

  // The core judges the activation's options; its complaint quotes the attribute.
  #checkWithCore(settings) {
    const tooLarge = sumProblem(settings);
    // In English, as the core's messages are: #render shows it in the widget's language.
    if (tooLarge) throw new Error(translator('en')('shared.errors.neuronTooLarge', { reason: tooLarge }));
    try {
      neuronNumbers(this.#core, settings);
    } catch (error) {
      const row = SETTINGS.find((candidate) => candidate.key === error?.parameter || candidate.name === error?.parameter);
      if (error?.name === 'ActivationError' && row) throw new AttributeError(row.attribute, this.getAttribute(row.attribute), error.message);
      throw error;
    }
  }

  #showError(message) {
    this.#els.body.hidden = true;
    this.#errorMessage = message;
    this.#els.alert.textContent = message;
    console.warn(`<neuron-widget>: ${message}`);
  }

  // Puts the settings into the controls; with `all`, also the field that has focus (a change
  // made from code wins over a half-typed value).
  #syncFields({ all = false } = {}) {
    const settings = this.#settings;
    const els = this.#els;
    if (els.inputRows.length !== settings.inputs.length) this.#buildInputRows(settings.inputs.length);
    const focused = this.shadowRoot.activeElement;
    const put = (field, value) => {
      if (!all && field === focused) return;
      field.value = value;
      field.removeAttribute('aria-invalid');
    };
    els.activation.value = settings.activation;
    els.compare.value = settings.compare;
    els.approximate.value = settings.approximate;
    put(els.beta, formatNumber(settings.beta));
    put(els.alpha, formatNumber(settings.alpha));
    put(els.bias, formatNumber(settings.bias));
    put(els.gradOutput, formatNumber(settings.gradOutput));
    put(els.rangeMin, formatNumber(settings.range[0]));
    put(els.rangeMax, formatNumber(settings.range[1]));
    els.inputRows.forEach((row, i) => {
      put(row.input, formatNumber(settings.inputs[i]));
      put(row.weight, formatNumber(settings.weights[i]));
    });
    for (const [activation, knob] of Object.entries(els.knobs)) knob.hidden = activation !== settings.activation;
  }

  #buildInputRows(count) {
    const { neuronRows, backwardRows } = this.#els;
    this.#els.inputRows = Array.from({ length: count }, (_, i) => {
      const input = numberField(this.#t('neuron-widget.neuron.inputField', { number: i + 1 }), { key: 'inputs', index: i });
      const weight = numberField(this.#t('neuron-widget.neuron.weightField', { number: i + 1 }), { key: 'weights', index: i });
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
  #draw() {
    const t = this.#t;
    const settings = this.#settings;
    const core = this.#core;
    const els = this.#els;
    const numbers = neuronNumbers(core, settings);
    const name = activationLabel(settings);
    const short = ACTIVATION_NAMES[settings.activation];

    els.sum.textContent = `z = w·x + b = ${readableNumber(numbers.sum)}`;
    els.output.textContent = `y = ${short}(z) = ${readableNumber(numbers.output)}`;

    const xs = samplePoints(settings.range);
    const curves = [{ ...evaluate(core, settings.activation, xs, activationOptions(settings)), label: name, kind: 'main' }];
    if (settings.compare !== 'none') {
      const other = evaluate(core, settings.compare, xs, activationOptions(settings, settings.compare));
      curves.push({ ...other, label: activationLabel(settings, settings.compare), kind: 'compare' });
    }
    drawPlot(els.plot, { xs, curves, range: settings.range, point: numbers });
    const [min, max] = settings.range;
    const { point } = els.plot;
    point.setAttribute('aria-valuemin', String(min));
    point.setAttribute('aria-valuemax', String(max));
    point.setAttribute('aria-valuenow', String(Number(numbers.sum.toPrecision(6))));
    point.setAttribute('aria-valuetext', t('neuron-widget.plot.valueText', {
      sum: readableNumber(numbers.sum), name: short, output: readableNumber(numbers.output), slope: readableNumber(numbers.derivative),
      off: inRange(numbers.sum, settings.range) ? '' : t('neuron-widget.plot.offPlot'),
    }));
    els.svgTitle.textContent = t(curves[1] ? 'neuron-widget.plot.svgTitleCompared' : 'neuron-widget.plot.svgTitle',
      { name, other: curves[1]?.label ?? '', min: readableNumber(min), max: readableNumber(max) });
    els.legend.replaceChildren(...curves.flatMap((curve) => [
      element('li', { class: `key ${curve.kind}` }, curve.label),
      element('li', { class: `key ${curve.kind} slope` }, `${curve.label}′`),
    ]));

    els.readX.textContent = readableNumber(numbers.sum);
    els.readFLabel.textContent = `${short}(x)`;
    els.readF.textContent = readableNumber(numbers.output);
    els.readSlopeLabel.textContent = `${short}′(x)`;
    els.readSlope.textContent = readableNumber(numbers.derivative);

    els.gradSum.textContent = `${readableNumber(settings.gradOutput)} × ${short}′(z) = ${readableNumber(settings.gradOutput)} × ${readableNumber(numbers.derivative)} = ${readableNumber(numbers.gradSum)}`;
    els.gradBias.textContent = readableNumber(numbers.gradBias);
    els.inputRows.forEach((row, i) => {
      row.gradWeight.textContent = `${readableNumber(numbers.gradSum)} × ${readableNumber(settings.inputs[i])} = ${readableNumber(numbers.gradWeights[i])}`;
      row.gradInput.textContent = `${readableNumber(numbers.gradSum)} × ${readableNumber(settings.weights[i])} = ${readableNumber(numbers.gradInputs[i])}`;
    });
    els.stopNote.textContent = stopNote(t, settings, numbers);
    return numbers;
  }

  // Interaction ----------------------------------------------------------------------------

  #listen() {
    const els = this.#els;
    for (const select of [els.activation, els.compare, els.approximate]) {
      select.addEventListener('change', () => this.#apply(select.dataset.key, select.value, select.selectedOptions[0]?.textContent));
    }
    els.root.addEventListener('input', (event) => {
      const field = event.target;
      if (field.matches?.('input[data-key]')) this.#onType(field, { commit: false });
    });
    els.root.addEventListener('change', (event) => {
      const field = event.target;
      if (field.matches?.('input[data-key]')) this.#onType(field, { commit: true });
    });
    els.root.addEventListener('focusout', (event) => {
      const field = event.target;
      // A refused value gives way to the number in use when the learner leaves the field.
      if (!field.matches?.('input[data-key][aria-invalid="true"]') || !this.#settings) return;
      field.value = formatNumber(this.#valueOf(field.dataset.key, field.dataset.index));
      field.removeAttribute('aria-invalid');
      this.#els.fieldAlert.textContent = '';
    });
    const { point, svg } = els.plot;
    point.addEventListener('keydown', (event) => this.#onPointKey(event));
    svg.addEventListener('pointerdown', (event) => {
      if (!this.#settings || event.button !== 0) return;
      event.preventDefault();
      svg.setPointerCapture(event.pointerId);
      this.#dragging = true;
      point.focus();
      this.#dragMoved = this.#moveSum(plotX(els.plot, event.clientX, this.#settings.range), { commit: false });
    });
    svg.addEventListener('pointermove', (event) => {
      if (!this.#dragging || !this.#settings) return;
      this.#dragMoved = this.#moveSum(plotX(els.plot, event.clientX, this.#settings.range), { commit: false }) || this.#dragMoved;
    });
    const endDrag = () => {
      if (!this.#dragging) return;
      this.#dragging = false;
      if (this.#settings) this.#commit(this.#t('neuron-widget.status.pointMoved'), { changed: this.#dragMoved });
    };
    svg.addEventListener('pointerup', endDrag);
    svg.addEventListener('pointercancel', endDrag);
  }

  // A typed number: used as soon as it reads (the picture follows the typing), announced and
  // reported when the learner commits it (Enter or leaving the field).
  #onType(field, { commit }) {
    if (!this.#settings) return;
    const { key } = field.dataset;
    const label = field.getAttribute('aria-label');
    const text = field.value;
    const value = readNumber(text);
    // What any number typed anywhere in the course is refused for (a comma, a word, beyond
    // float32), then this setting's own rules.
    const typed = numberProblem(text);
    const problem = typed === null
      ? this.#refusal(key, field.dataset.index, value, label)
      : this.#t('neuron-widget.field.problem', { label, reason: localiseError(typed, this.#t.lang) });
    if (problem) {
      field.setAttribute('aria-invalid', 'true');
      this.#els.fieldAlert.textContent = this.#t('neuron-widget.field.refused', { problem, kept: readableNumber(this.#valueOf(key, field.dataset.index)) });
      return;
    }
    field.removeAttribute('aria-invalid');
    this.#els.fieldAlert.textContent = '';
    const changed = this.#change(key, field.dataset.index, value);
    if (!commit) {
      this.#typedChange ||= changed;
      if (changed) this.#draw();
      return;
    }
    this.#commit(this.#t('neuron-widget.status.typed', { label, value: readableNumber(value) }), { changed: changed || this.#typedChange });
    this.#typedChange = false;
  }

  #valueOf(key, index) {
    const value = this.#settings[key];
    return index === undefined ? value : value[Number(index)];
  }

  // Why a number cannot be used for this setting (its row's rule, or the core's), or null.
  #refusal(key, index, value, label) {
    const next = withValue(this.#settings, key, index, value);
    const row = SETTINGS.find((candidate) => candidate.key === key);
    let problem = null;
    row.check?.(next, (reason) => {
      problem ??= this.#t('neuron-widget.field.reason', { label, reason: localiseError(reason, this.#t.lang) });
    });
    if (problem) return problem;
    const tooLarge = sumProblem(next);
    if (tooLarge) return this.#t('neuron-widget.field.tooLarge', { label, value: readableNumber(value), reason: localiseError(tooLarge, this.#t.lang) });
    try {
      neuronNumbers(this.#core, next);
    } catch (error) {
      if (error?.name === 'ActivationError') return this.#t('neuron-widget.field.reason', { label, reason: localiseError(error, this.#t.lang) });
      throw error;
    }
    return null;
  }

  // Stores a learner's value (and its attribute) and redraws; true if it changed anything.
  #change(key, index, value) {
    const next = withValue(this.#settings, key, index, value);
    const row = SETTINGS.find((candidate) => candidate.key === key);
    if (attributeText(row, next[key]) === attributeText(row, this.#settings[key])) return false;
    this.#settings = next;
    this.#renders.quietly(() => this.setAttribute(row.attribute, attributeText(row, next[key])));
    return true;
  }

  #apply(key, value, text) {
    if (!this.#settings) return;
    const changed = this.#change(key, undefined, value);
    if (key === 'activation') this.#syncFields();
    const what = this.#t(`neuron-widget.controls.${key === 'compare' ? 'compare' : key === 'approximate' ? 'geluForm' : 'activation'}`);
    this.#commit(this.#t('neuron-widget.status.choice', { what, text }), { changed });
  }

  // What the learner changed is drawn, said in the live region, and reported to the page.
  #commit(what, { changed = true } = {}) {
    const numbers = this.#draw();
    if (!changed) return;
    const short = ACTIVATION_NAMES[this.#settings.activation];
    const t = this.#t;
    const note = stopNote(t, this.#settings, numbers);
    this.#els.status.textContent = t('neuron-widget.status.sentence', {
      what, sum: readableNumber(numbers.sum), name: short, output: readableNumber(numbers.output),
      slope: readableNumber(numbers.derivative), note: note ? t('neuron-widget.status.note', { note }) : '',
    });
    this.dispatchEvent(new CustomEvent('neuron-change', { detail: { state: this.getState(), byUser: true }, bubbles: true, composed: true }));
  }

  // The point is the sum: moving it to x sets the bias so that w·x + b = x. True if it moved.
  #moveSum(target, { commit }) {
    const [min, max] = this.#settings.range;
    const x = Math.min(max, Math.max(min, target));
    const withoutBias = weightedSum({ ...this.#settings, bias: 0 });
    const bias = Number((x - withoutBias).toPrecision(6));
    const changed = this.#change('bias', undefined, bias);
    this.#syncFields();
    if (commit) this.#commit(this.#t('neuron-widget.status.pointMoved'), { changed });
    else if (changed) this.#draw();
    return changed;
  }

  #onPointKey(event) {
    if (!this.#settings) return;
    const [min, max] = this.#settings.range;
    const step = niceStep((max - min) / 100);
    const sum = weightedSum(this.#settings);
    const snap = (value) => Math.round(value / step) * step;
    const targets = {
      ArrowRight: snap(sum) + step,
      ArrowUp: snap(sum) + step,
      ArrowLeft: snap(sum) - step,
      ArrowDown: snap(sum) - step,
      PageUp: snap(sum) + 10 * step,
      PageDown: snap(sum) - 10 * step,
      Home: min,
      End: max,
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    this.#moveSum(Number(targets[event.key].toPrecision(10)), { commit: true });
  }
}

// Shared by every widget on the page -------------------------------------------------------

let corePromise = null;

/** One core per page, shared by every widget. */
function sharedCore() {
  corePromise ??= loadActivations().catch((error) => {
    corePromise = null;
    throw error;
  });
  return corePromise;
}

// Helpers -------------------------------------------------------------------------------

function withValue(settings, key, index, value) {
  const next = structuredClone(settings);
  if (index === undefined) next[key] = value;
  else next[key][Number(index)] = value;
  return next;
}

const inRange = (x, [min, max]) => x >= min && x <= max;

// 1, 2 or 5 times a power of ten: the step of the point's keys.
function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(raw));
  const [step] = [1, 2, 5, 10].filter((m) => m * power >= raw);
  return step * power;
}

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
