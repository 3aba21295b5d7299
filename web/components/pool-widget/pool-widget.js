import { loadCore } from '@core';
import { kernelSource } from './kernel-source.js';
import { styleSheet } from './styles.js';

/**
 * @tag pool-widget
 * @summary A picture, the windows that pool it, and the output: every number computed by the
 * WASM pooling core. The learner picks a window to see how its output is made, switches to the
 * gradient to see how each output's gradient is shared out, and can read the C++ that ran.
 *
 * Defaults: a 4 x 4 input holding 0, 1, 2, ... in row-major order, a 2 x 2 kernel, stride equal
 * to the kernel, no padding, every upstream gradient 1.
 *
 * @attr {"avg"|"max"} op - Average (default) or max pooling.
 * @attr {number} input-height - Rows of the input picture (default 4).
 * @attr {number} input-width - Columns of the input picture (default 4).
 * @attr {string} input - The input's numbers, space-separated, row-major. Default 0, 1, 2, ...
 * @attr {string} kernel-size - "k" or "kh kw" (default "2").
 * @attr {string} stride - "s" or "sh sw" (default: the kernel size).
 * @attr {string} padding - "p" or "ph pw", at most half the kernel (default "0"). Average
 *   pooling counts padded taps in its divisor, as PyTorch does by default.
 * @attr {string} grad-output - Upstream gradients, one per output, space-separated, row-major
 *   (default all 1). The widget writes the learner's edits back here.
 * @attr {"forward"|"backward"} view - What the grids show: values (default) or gradients. The
 *   widget writes the learner's choice back here.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the
 *   system.
 *
 * Changing any attribute re-renders. Bad values never throw to the page: the message (from the
 * core's PoolError where the core checks the value) shows inside the widget with role=alert
 * and goes to console.warn.
 *
 * @prop {"avg"|"max"} op - Reflects the `op` attribute.
 * @prop {"forward"|"backward"} view - Reflects the `view` attribute.
 * @method getState - Returns { op, view, inputHeight, inputWidth, input, kernelSize, stride,
 *   padding, gradOutput, selected } (sizes as [h, w]; selected is a 0-based window index or
 *   null); { error, ... } while the attributes are invalid.
 * @method setState - Takes any part of that object and applies it (fires no event).
 * @method ready - Resolves after the pending render (tests and embedders wait on it).
 *
 * @fires pool-select - The learner selected a window. detail: { index (0-based), cells (flat
 *   indices of the input cells it covers), value (the number its output cell shows: the
 *   output, or its upstream gradient in the gradient view) }.
 * @fires pool-change - The learner switched the view or edited a gradient.
 *   detail: { state: getState(), byUser: true }.
 *   Neither event fires when attributes or state are set from code.
 *
 * @csspart input-grid - The input picture's grid.
 * @csspart output-grid - The output's grid.
 * @csspart window - Each window button laid over the input picture.
 * @csspart formula - The live line explaining the selected window.
 * @csspart code - The "The code that computed this" panel.
 * @csspart error - The alert: why the grids cannot be shown, or why a typed gradient is not used.
 *
 * @cssproperty --pool-cell-size - Side of one cell (default: fits the width, 2.75rem..3.5rem).
 * @cssproperty --pool-gap - Space between cells (default 0.25rem).
 * @cssproperty --pool-surface, --pool-text, --pool-muted, --pool-cell, --pool-cell-border,
 *   --pool-accent, --pool-on-accent, --pool-highlight, --pool-error-surface,
 *   --pool-error-text - Colours (a light and a dark set are built in).
 */
export class PoolWidget extends HTMLElement {
  static observedAttributes = [
    'op',
    'input-height',
    'input-width',
    'input',
    'kernel-size',
    'stride',
    'padding',
    'grad-output',
    'view',
  ];

  #els = null;
  #model = null;
  #selected = null;
  #focusIndex = 0;
  #gradText = [];
  #renderQueued = null;
  #dirty = false;
  #writingAttribute = false;
  #inputCells = [];
  #outputCells = [];
  #windowButtons = [];
  #frame = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styleSheet()];
    root.innerHTML = TEMPLATE;
    const $ = (selector) => root.querySelector(selector);
    this.#els = {
      bodies: [...root.querySelectorAll('.body')],
      alert: $('.alert'),
      views: $('.views'),
      forwardButton: $('[data-view="forward"]'),
      backwardButton: $('[data-view="backward"]'),
      inputCaption: $('#input-caption'),
      inputPicture: $('.picture'),
      outputCaption: $('#output-caption'),
      hint: $('#hint'),
      outputHolder: $('.output'),
      formula: $('.formula'),
      codeNote: $('.code-note'),
      code: $('pre'),
    };
    this.#els.views.addEventListener('click', (event) => this.#onViewClick(event));
  }

  connectedCallback() {
    this.#scheduleRender();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || this.#writingAttribute) return;
    if (name === 'grad-output') this.#gradText = [];
    this.#scheduleRender();
  }

  get op() {
    return this.getAttribute('op') ?? 'avg';
  }

  set op(value) {
    this.setAttribute('op', value);
  }

  get view() {
    return this.getAttribute('view') ?? 'forward';
  }

  set view(value) {
    this.setAttribute('view', value);
  }

  /** Resolves once the render that is pending (if any) has finished. */
  ready() {
    return this.#renderQueued ?? Promise.resolve();
  }

  getState() {
    const selected = this.#selected;
    let config;
    try {
      config = readConfig(this);
    } catch (error) {
      return { error: error.message, op: this.op, view: this.view, selected };
    }
    const { op, view, inputHeight, inputWidth, input, kernelSize, stride, padding } = config;
    const gradOutput = config.gradOutput ?? (this.#model ? Array.from(this.#model.gradOutput) : null);
    return {
      op,
      view,
      inputHeight,
      inputWidth,
      input: [...input],
      kernelSize,
      stride: stride ?? kernelSize,
      padding,
      gradOutput,
      selected,
    };
  }

  setState(partial = {}) {
    const attributes = {
      op: 'op',
      view: 'view',
      inputHeight: 'input-height',
      inputWidth: 'input-width',
      input: 'input',
      kernelSize: 'kernel-size',
      stride: 'stride',
      padding: 'padding',
      gradOutput: 'grad-output',
    };
    for (const [key, name] of Object.entries(attributes)) {
      if (!(key in partial)) continue;
      const value = partial[key];
      if (value === null || value === undefined) this.removeAttribute(name);
      else this.setAttribute(name, Array.isArray(value) || ArrayBuffer.isView(value)
        ? Array.from(value).join(' ')
        : String(value));
    }
    if ('selected' in partial) {
      this.#selected = partial.selected ?? null;
      if (this.#selected !== null) this.#focusIndex = this.#selected;
      this.#scheduleRender();
    }
  }

  // Rendering ------------------------------------------------------------------------------

  #scheduleRender() {
    this.#dirty = true;
    this.#renderQueued ??= this.#renderWhileDirty();
    return this.#renderQueued;
  }

  // Attribute changes made in one task render once; changes that land while the core loads
  // render again.
  async #renderWhileDirty() {
    try {
      await null;
      while (this.#dirty) {
        this.#dirty = false;
        await this.#render();
      }
    } finally {
      this.#renderQueued = null;
    }
  }

  async #render() {
    if (!this.isConnected) return;
    let core;
    try {
      core = await sharedCore();
    } catch (error) {
      this.#showError(`The pooling core could not be loaded: ${error?.message ?? error}`);
      return;
    }
    try {
      this.#model = buildModel(core, readConfig(this));
    } catch (error) {
      this.#model = null;
      this.#showError(error?.message ?? String(error));
      return;
    }
    this.#els.alert.textContent = '';
    for (const body of this.#els.bodies) {
      body.hidden = false;
      body.style.setProperty('--cols', String(this.#model.W + 2 * this.#model.pw));
    }
    this.#gradText = [];
    if (this.#selected !== null && this.#selected >= this.#model.windows.length) {
      this.#selected = null;
    }
    if (this.#focusIndex >= this.#model.windows.length) this.#focusIndex = 0;
    this.#renderView();
  }

  #showError(message) {
    for (const body of this.#els.bodies) body.hidden = true;
    this.#els.alert.textContent = message;
    console.warn(`<pool-widget>: ${message}`);
  }

  #renderView() {
    const model = this.#model;
    const backward = model.view === 'backward';
    const { forwardButton, backwardButton } = this.#els;
    forwardButton.textContent = model.op === 'max' ? 'Maximum' : 'Average';
    forwardButton.setAttribute('aria-pressed', String(!backward));
    backwardButton.setAttribute('aria-pressed', String(backward));

    const inputName = backward
      ? `Input gradients, ${model.H} by ${model.W}`
      : `Input picture, ${model.H} by ${model.W}`;
    const outputName = backward
      ? `Output gradients, ${model.OH} by ${model.OW}`
      : `Output, ${model.OH} by ${model.OW}`;
    this.#els.inputCaption.textContent = inputName;
    this.#els.outputCaption.textContent = outputName;
    this.#els.hint.textContent = backward
      ? 'Each output passes its gradient back to the input cells of its window. Select a window to see how its gradient is shared out, or type a new gradient: the cells it reaches update as you type.'
      : 'Select a window (tap it, or Tab to it, move with the arrow keys and press Enter) to see how its output is computed.';

    this.#renderInput(inputName);
    this.#renderOutput(outputName);
    this.#renderCode();
    this.#renderSelection();
  }

  #renderInput(name) {
    const model = this.#model;
    const picture = this.#els.inputPicture;
    picture.replaceChildren();

    const grid = element('div', { class: 'grid', role: 'grid', part: 'input-grid' });
    grid.setAttribute('aria-label', name);
    grid.setAttribute('aria-readonly', 'true');
    const values = model.view === 'backward' ? model.gradInput : model.input;
    const padText = model.op === 'avg' ? '0' : '';
    const padRow = () => {
      const row = element('div', { class: 'row', 'aria-hidden': 'true' });
      for (let x = 0; x < model.W + 2 * model.pw; x += 1) row.append(padCell(padText));
      return row;
    };
    for (let y = 0; y < model.ph; y += 1) grid.append(padRow());
    this.#inputCells = [];
    for (let y = 0; y < model.H; y += 1) {
      const row = element('div', { class: 'row', role: 'row' });
      for (let x = 0; x < model.pw; x += 1) row.append(padCell(padText));
      for (let x = 0; x < model.W; x += 1) {
        const cell = element('div', { class: 'cell', role: 'gridcell' });
        showNumber(cell, values[y * model.W + x]);
        this.#inputCells.push(cell);
        row.append(cell);
      }
      for (let x = 0; x < model.pw; x += 1) row.append(padCell(padText));
      grid.append(row);
    }
    for (let y = 0; y < model.ph; y += 1) grid.append(padRow());

    const windows = element('div', { class: 'windows', role: 'group' });
    windows.setAttribute('aria-label', 'Windows on the input picture');
    windows.addEventListener('keydown', (event) => this.#onWindowKey(event));
    this.#windowButtons = model.windows.map((win, index) => {
      const button = element('button', { type: 'button', class: 'window', part: 'window' });
      button.setAttribute('aria-label', `Window ${index + 1}`);
      button.setAttribute('aria-pressed', 'false');
      button.tabIndex = index === this.#focusIndex ? 0 : -1;
      // The button covers the part of the picture where this window starts; the frame drawn on
      // selection shows the whole window, so overlapping windows each stay tappable.
      place(button, win.x0 + model.pw, win.y0 + model.ph, win.handleW, win.handleH);
      const badge = element('span', { class: 'badge', 'aria-hidden': 'true' });
      badge.textContent = String(index + 1);
      button.append(badge);
      button.addEventListener('click', () => this.#select(index, true));
      return button;
    });
    this.#frame = element('div', { class: 'frame', 'aria-hidden': 'true', hidden: '' });
    windows.append(...this.#windowButtons, this.#frame);
    picture.append(grid, windows);
  }

  #renderOutput(name) {
    const model = this.#model;
    const backward = model.view === 'backward';
    const grid = element('div', { class: 'grid', role: 'grid', part: 'output-grid' });
    grid.setAttribute('aria-label', name);
    if (!backward) grid.setAttribute('aria-readonly', 'true');
    this.#outputCells = [];
    for (let y = 0; y < model.OH; y += 1) {
      const row = element('div', { class: 'row', role: 'row' });
      for (let x = 0; x < model.OW; x += 1) {
        const index = y * model.OW + x;
        const cell = element('div', { class: 'cell', role: 'gridcell' });
        if (backward) {
          cell.classList.add('gradient');
          const field = element('input', { type: 'number', step: 'any' });
          field.setAttribute('aria-label', `Upstream gradient of output ${index + 1}`);
          field.value = formatNumber(model.gradOutput[index]);
          field.addEventListener('input', () => this.#onGradInput(index, field));
          field.addEventListener('blur', () => this.#onGradBlur(index, field));
          cell.append(field);
        } else {
          showNumber(cell, model.output[index]);
        }
        this.#outputCells.push(cell);
        row.append(cell);
      }
      grid.append(row);
    }
    this.#els.outputHolder.replaceChildren(grid);
    this.#els.alert.textContent = '';
  }

  #renderCode() {
    const model = this.#model;
    const name = model.view === 'backward' ? model.backwardKernel : model.forwardKernel;
    const found = kernelSource(name);
    if (found.code === null) {
      this.#els.codeNote.textContent =
        `The core ran ${name}, but its source was not found in core/src, so it cannot be shown.`;
      this.#els.code.hidden = true;
      return;
    }
    this.#els.codeNote.replaceChildren(
      'The core ran ',
      element('code', {}, name),
      ` from ${found.file} to compute the ${model.view === 'backward' ? 'gradients' : 'outputs'} above.`,
    );
    this.#els.code.hidden = false;
    this.#els.code.setAttribute('aria-label', `C++ source of ${name}`);
    this.#els.code.firstElementChild.textContent = found.code;
  }

  #renderSelection() {
    const model = this.#model;
    const selected = this.#selected;
    const win = selected === null ? null : model.windows[selected];
    this.#windowButtons.forEach((button, index) => {
      button.setAttribute('aria-pressed', String(index === selected));
      button.tabIndex = index === this.#focusIndex ? 0 : -1;
    });
    const inWindow = new Set(win ? win.cells : []);
    this.#inputCells.forEach((cell, index) => {
      cell.classList.toggle('in-window', inWindow.has(index));
      cell.classList.toggle('argmax', Boolean(win && model.op === 'max' && index === model.indices[selected]));
    });
    this.#outputCells.forEach((cell, index) => cell.classList.toggle('in-window', index === selected));
    if (win) {
      place(this.#frame, win.x0 + model.pw, win.y0 + model.ph, win.w, win.h);
      this.#frame.hidden = false;
    } else {
      this.#frame.hidden = true;
    }
    this.#els.formula.replaceChildren(...(win ? this.#explain(selected) : ['No window selected yet.']));
  }

  // The line under the grids for window `index`; every number in it comes from the core.
  #explain(index) {
    const model = this.#model;
    const win = model.windows[index];
    const label = `Window ${index + 1}: `;
    const equation = (text) => element('span', { class: 'equation' }, text);
    if (model.view === 'forward') {
      const terms = win.taps.map((tap) => (tap < 0 ? '0' : formatNumber(model.input[tap])));
      if (model.op === 'max') {
        const realTerms = win.cells.map((cell) => formatNumber(model.input[cell]));
        return [label, equation(`max(${realTerms.join(', ')}) = ${formatNumber(model.output[index])}`)];
      }
      const sum = formatNumber(model.sums[index]);
      const divisor = formatNumber(model.divisors[index]);
      const padNote = win.taps.length > win.cells.length ? ' (padding counts as 0)' : '';
      return [
        label,
        equation(`(${terms.join(' + ')}) / ${divisor} = ${sum} / ${divisor} = ${formatNumber(model.output[index])}`),
        padNote,
      ];
    }
    const gradient = formatNumber(model.gradOutput[index]);
    const shares = model.shareOf(index);
    if (model.op === 'max') {
      const winner = model.indices[index];
      return [
        label,
        'all of its gradient, ',
        equation(formatNumber(shares[winner])),
        `, goes to the cell holding the maximum, ${formatNumber(model.input[winner])}; the window's other cells get 0.`,
      ];
    }
    const share = formatNumber(shares[win.cells[0]]);
    const divisor = formatNumber(model.divisors[index]);
    const count = win.cells.length;
    const rest = (win.taps.length > count ? ' The padding takes the rest.' : '') +
      (model.overlapping ? ' Where windows overlap, a cell adds up the shares it gets.' : '');
    return [
      label,
      equation(`${gradient} / ${divisor} = ${share}`),
      `, so each of its ${count} cells receives ${share}.${rest}`,
    ];
  }

  // Interaction ----------------------------------------------------------------------------

  #select(index, byUser) {
    this.#selected = index;
    this.#focusIndex = index;
    this.#renderSelection();
    if (!byUser) return;
    const model = this.#model;
    const win = model.windows[index];
    const value = model.view === 'backward' ? model.gradOutput[index] : model.output[index];
    this.#emit('pool-select', { index, cells: [...win.cells], value });
  }

  #onWindowKey(event) {
    const count = this.#windowButtons?.length ?? 0;
    const current = this.#windowButtons.indexOf(this.shadowRoot.activeElement);
    if (!count || current < 0) return;
    const columns = this.#model.OW;
    const moves = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current + columns,
      ArrowUp: current - columns,
      Home: 0,
      End: count - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = Math.min(count - 1, Math.max(0, moves[event.key]));
    this.#focusIndex = next;
    this.#windowButtons.forEach((button, index) => {
      button.tabIndex = index === next ? 0 : -1;
    });
    this.#windowButtons[next].focus();
  }

  #onViewClick(event) {
    const button = event.target.closest('button[data-view]');
    if (!button || !this.#model) return;
    const view = button.dataset.view;
    if (view === this.#model.view) return;
    this.setAttribute('view', view);
    this.#scheduleRender().then(() => {
      if (this.#model) this.#emit('pool-change', { state: this.getState(), byUser: true });
    });
  }

  #onGradInput(index, field) {
    const model = this.#model;
    const value = field.value.trim() === '' || field.validity.badInput ? NaN : Number(field.value);
    if (!Number.isFinite(value)) {
      field.setAttribute('aria-invalid', 'true');
      this.#els.alert.textContent =
        `Upstream gradient of output ${index + 1} needs a number; the widget keeps ${formatNumber(model.gradOutput[index])} until you type one.`;
      return;
    }
    field.removeAttribute('aria-invalid');
    this.#els.alert.textContent = '';
    const gradOutput = Float32Array.from(model.gradOutput);
    gradOutput[index] = value;
    try {
      model.setGradOutput(gradOutput);
    } catch (error) {
      this.#els.alert.textContent = error?.message ?? String(error);
      console.warn(`<pool-widget>: ${this.#els.alert.textContent}`);
      return;
    }
    this.#gradText[index] = field.value;
    this.#inputCells.forEach((cell, cellIndex) => {
      showNumber(cell, model.gradInput[cellIndex]);
    });
    this.#renderSelection();
    this.#writingAttribute = true;
    try {
      this.setAttribute('grad-output', Array.from(model.gradOutput, (g, i) => this.#gradText[i] ?? formatNumber(g)).join(' '));
    } finally {
      this.#writingAttribute = false;
    }
    this.#emit('pool-change', { state: this.getState(), byUser: true });
  }

  #onGradBlur(index, field) {
    if (field.getAttribute('aria-invalid') !== 'true') return;
    field.value = formatNumber(this.#model.gradOutput[index]);
    field.removeAttribute('aria-invalid');
    this.#els.alert.textContent = '';
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

const TEMPLATE = `
<div class="widget">
  <div class="body" hidden>
    <div class="views" role="group" aria-label="What the grids show">
      <button type="button" data-view="forward" aria-pressed="true">Average</button>
      <button type="button" data-view="backward" aria-pressed="false">Gradient</button>
    </div>
    <p class="hint" id="hint"></p>
    <div class="stage">
      <figure class="panel">
        <figcaption class="caption" id="input-caption"></figcaption>
        <div class="scroller"><div class="picture"></div></div>
      </figure>
      <figure class="panel">
        <figcaption class="caption" id="output-caption"></figcaption>
        <div class="scroller"><div class="output"></div></div>
      </figure>
    </div>
  </div>
  <p class="alert" role="alert" part="error"></p>
  <div class="body" hidden>
    <p class="formula" role="status" part="formula"></p>
    <details part="code">
      <summary>The code that computed this</summary>
      <p class="code-note"></p>
      <pre role="region" tabindex="0"><code></code></pre>
    </details>
  </div>
</div>
`;

// Model: the config read from attributes, and everything the core computed for it ----------

let corePromise = null;

/** One core per page, shared by every widget. */
function sharedCore() {
  corePromise ??= loadCore();
  return corePromise;
}

class AttributeError extends Error {
  name = 'AttributeError';
}

function readConfig(host) {
  const op = host.getAttribute('op') ?? 'avg';
  if (op !== 'avg' && op !== 'max') {
    throw new AttributeError(`op must be "avg" or "max", not "${op}".`);
  }
  const view = host.getAttribute('view') ?? 'forward';
  if (view !== 'forward' && view !== 'backward') {
    throw new AttributeError(`view must be "forward" or "backward", not "${view}".`);
  }
  const inputHeight = readCount(host, 'input-height', 4);
  const inputWidth = readCount(host, 'input-width', 4);
  const input = host.hasAttribute('input')
    ? readNumbers(host.getAttribute('input'), 'input')
    : Array.from({ length: inputHeight * inputWidth }, (_, i) => i);
  if (input.length !== inputHeight * inputWidth) {
    throw new AttributeError(
      `input has ${input.length} numbers, but a ${inputHeight} by ${inputWidth} picture needs ${inputHeight * inputWidth}.`,
    );
  }
  const kernelSize = readSize(host, 'kernel-size', [2, 2]);
  const stride = readSize(host, 'stride', null);
  const padding = readSize(host, 'padding', [0, 0]);
  const gradOutput = host.hasAttribute('grad-output')
    ? readNumbers(host.getAttribute('grad-output'), 'grad-output')
    : null;
  return { op, view, inputHeight, inputWidth, input, kernelSize, stride, padding, gradOutput };
}

function readCount(host, name, fallback) {
  const text = host.getAttribute(name);
  if (text === null || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new AttributeError(`${name} must be a whole number of at least 1, not "${text}".`);
  }
  return value;
}

function readNumbers(text, name) {
  const tokens = text.trim().split(/[\s,]+/).filter(Boolean);
  return tokens.map((token) => {
    const value = Number(token);
    if (Number.isNaN(value) && !/^[+-]?nan$/i.test(token)) {
      throw new AttributeError(`${name}: "${token}" is not a number.`);
    }
    return value;
  });
}

// "2" or "2 3" -> [h, w]. Values pass to the core unchecked (NaN for a non-number), so the
// core's PoolError, which names the parameter, is what the learner reads.
function readSize(host, name, fallback) {
  const text = host.getAttribute(name);
  if (text === null || text.trim() === '') return fallback;
  const values = text.trim().split(/[\s,]+/).filter(Boolean).map(Number);
  if (values.length === 1) return [values[0], values[0]];
  if (values.length === 2) return values;
  throw new AttributeError(`${name} must be one number or two (height and width), not "${text}".`);
}

function buildModel(core, config) {
  const { op, view, inputHeight: H, inputWidth: W } = config;
  const shape = [1, H, W];
  // One number when both sides agree, so the core's messages quote what the learner wrote.
  const size = (pair) => (pair && Object.is(pair[0], pair[1]) ? pair[0] : pair);
  const options = {
    kernelSize: size(config.kernelSize),
    stride: size(config.stride),
    padding: size(config.padding),
  };
  const [, OH, OW] = core.pool2dOutputShape(shape, options);
  const [kh, kw] = config.kernelSize;
  const [sh, sw] = config.stride ?? config.kernelSize;
  const [ph, pw] = config.padding;
  const input = Float32Array.from(config.input);
  const gradOutput = Float32Array.from(config.gradOutput ?? Array(OH * OW).fill(1));
  if (gradOutput.length !== OH * OW) {
    throw new AttributeError(
      `grad-output has ${gradOutput.length} numbers, but the output has ${OH * OW} cells (${OH} by ${OW}).`,
    );
  }

  const windows = [];
  for (let oy = 0; oy < OH; oy += 1) {
    for (let ox = 0; ox < OW; ox += 1) {
      const y0 = oy * sh - ph;
      const x0 = ox * sw - pw;
      // taps: every position of the window, -1 where it lies on padding; cells: the real ones.
      const taps = [];
      const cells = [];
      for (let y = y0; y < y0 + kh; y += 1) {
        for (let x = x0; x < x0 + kw; x += 1) {
          if (y < -ph || y >= H + ph || x < -pw || x >= W + pw) continue;
          const inside = y >= 0 && y < H && x >= 0 && x < W;
          taps.push(inside ? y * W + x : -1);
          if (inside) cells.push(y * W + x);
        }
      }
      windows.push({
        x0,
        y0,
        w: kw,
        h: kh,
        handleW: Math.min(kw, sw),
        handleH: Math.min(kh, sh),
        taps,
        cells,
      });
    }
  }

  const overlapping = sh < kh || sw < kw;
  const model = { op, view, H, W, OH, OW, ph, pw, input, windows, gradOutput, overlapping };
  const forwardOp = op === 'max' ? 'maxPool2d' : 'avgPool2d';
  model.forwardKernel = core.kernelName(forwardOp, shape, options);
  model.backwardKernel = core.kernelName(`${forwardOp}Backward`, shape, options);

  if (op === 'max') {
    const { data, indices } = core.maxPool2d(input, shape, options);
    model.output = data;
    model.indices = indices;
    const backward = (grads) => core.maxPool2dBackward(grads, indices, shape, options);
    model.backward = backward;
  } else {
    model.output = core.avgPool2d(input, shape, options).data;
    // The window sums, and the divisor the core used for each window: a window of ones pooled
    // with divisor 1 counts the window's real cells, and pooled normally gives count / divisor.
    model.sums = core.avgPool2d(input, shape, { ...options, divisorOverride: 1 }).data;
    const ones = new Float32Array(H * W).fill(1);
    const counts = core.avgPool2d(ones, shape, { ...options, divisorOverride: 1 }).data;
    const fractions = core.avgPool2d(ones, shape, options).data;
    model.divisors = Array.from(counts, (count, i) => Math.round(count / fractions[i]));
    model.backward = (grads) => core.avgPool2dBackward(grads, shape, options);
  }
  model.gradInput = model.backward(gradOutput);
  model.setGradOutput = (grads) => {
    const gradInput = model.backward(grads);
    model.gradOutput = grads;
    model.gradInput = gradInput;
  };
  // What window `index` alone sends back: its gradient through the core, the others at 0.
  model.shareOf = (index) => {
    const grads = new Float32Array(OH * OW);
    grads[index] = model.gradOutput[index];
    return model.backward(grads);
  };
  return model;
}

// Helpers -------------------------------------------------------------------------------

/**
 * The one way the widget writes a number: integers as "5", others rounded to 4 decimals (4
 * significant digits below 1) with trailing zeros dropped: 2.5, 0.3333, 12.3457.
 * @param {number} value
 */
export function formatNumber(value) {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (Object.is(value, -0) || value === 0) return '0';
  if (Number.isInteger(value)) return String(value);
  const rounded = Math.abs(value) < 1 ? Number(value.toPrecision(4)) : Number(value.toFixed(4));
  return String(rounded);
}

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A cell's text is exactly the number; long numbers get a smaller type to fit the cell.
function showNumber(cell, value) {
  const text = formatNumber(value);
  cell.textContent = text;
  cell.classList.toggle('long', text.length >= 5);
  cell.classList.toggle('longer', text.length >= 7);
}

function padCell(text) {
  const cell = element('div', { class: 'cell pad', 'aria-hidden': 'true' });
  cell.textContent = text;
  return cell;
}

function place(node, x, y, w, h) {
  node.style.setProperty('--x', String(x));
  node.style.setProperty('--y', String(y));
  node.style.setProperty('--w', String(w));
  node.style.setProperty('--h', String(h));
}
