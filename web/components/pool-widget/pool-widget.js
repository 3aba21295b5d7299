import { formatNumber } from '../shared/format-number.js';
import { loadCore } from '@core';
import {
  ATTRIBUTE_NAMES,
  HIDEABLE_PARTS,
  STATE_KEYS,
  attributeText,
  readConfig,
} from './attributes.js';
import { buildModel } from './model.js';
import { styleSheet, cssText } from './styles.js';

/**
 * @tag pool-widget
 * @summary A picture, the windows that pool it, and the output: every number computed by the
 * WASM pooling core. The learner picks a window to see how its output is made, switches to the
 * gradient to see how each output's gradient is shared out, and can read the C++ that ran.
 *
 * With no attributes it is the lesson's widget: a 4 x 4 input holding 0, 1, 2, ... 15 in
 * row-major order, a 2 x 2 window, stride 2, no padding, every upstream gradient 1.
 *
 * Sizes are "k" (both sides) or "kh kw"; lists of numbers are separated by spaces (or commas)
 * and row-major; "NaN" is a number. Boolean attributes follow HTML (present, or present with
 * no value, means true) and also take an explicit "true" or "false"; absent means PyTorch's
 * default.
 *
 * @attr {"avg"|"max"} op - Average (default) or max pooling.
 * @attr {number} input-height - Rows of the input picture (default 4).
 * @attr {number} input-width - Columns of the input picture (default 4).
 * @attr {string} input - The input's numbers (default 0, 1, 2, ...).
 * @attr {string} kernel-size - The window: "k" or "kh kw" (default "2").
 * @attr {string} stride - How far the window moves: "s" or "sh sw" (default: the kernel size).
 * @attr {string} padding - Cells of padding on each side: "p" or "ph pw", at most half the
 *   kernel (default "0"). Average pooling pads with 0, max pooling with -infinity.
 * @attr {boolean} ceil-mode - Round the output size up, so a last window that only partly fits
 *   still counts (default false).
 * @attr {boolean} count-include-pad - Average pooling: padded cells count in the divisor
 *   (default true, so write count-include-pad="false" to leave them out). Ignored by max.
 * @attr {number} divisor-override - Average pooling: divide every window by this non-zero
 *   integer instead (default: none). Ignored by max.
 * @attr {string} grad-output - Upstream gradients, one per output (default all 1). The
 *   widget writes the learner's edits back here; if the page then changes the output's shape,
 *   those edits give way to the default rather than becoming an error.
 * @attr {"forward"|"backward"} view - What the grids show: values (default) or gradients. The
 *   widget writes the learner's choice back here.
 * @attr {number} selected - The selected window, 0-based as in getState() and pool-select
 *   (selected="0" is window 1; default none). The widget writes the learner's choice back
 *   here. An index past the last window selects nothing.
 * @attr {string} hide - Parts to leave out, space-separated: "toggle" (the Average/Gradient
 *   switch), "hint", "formula" (the line explaining a window), "code" (the C++ panel).
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the
 *   system.
 *
 * Changing any attribute re-renders. A bad value never throws to the page: the widget shows
 * why in place of its grids (role=alert, quoting the attribute, with the core's own words
 * where the core judged it) and sends the same message to console.warn.
 *
 * @prop {"avg"|"max"} op - Reflects the `op` attribute.
 * @prop {"forward"|"backward"} view - Reflects the `view` attribute.
 * @method getState - Returns { op, view, inputHeight, inputWidth, input, kernelSize, stride,
 *   padding, ceilMode, countIncludePad, divisorOverride, gradOutput, selected, hide,
 *   colorScheme }: sizes as [h, w], lists as arrays of numbers, selected a 0-based index or
 *   null, plus { error } (the message shown) while the attributes cannot be drawn.
 * @method setState - Takes any part of that object and applies it through the attributes;
 *   null removes one (its default returns). Fires no event.
 * @method ready - Resolves after the pending render (tests and embedders wait on it).
 *
 * @fires pool-select - The learner selected a window (tap, click, Enter or Space). detail:
 *   { index (0-based), cells (flat indices of the input cells it covers), value (the number
 *   its output cell shows: the output, or its upstream gradient in the gradient view) }.
 * @fires pool-change - The learner changed the state: switched the view, selected another
 *   window or edited a gradient. detail: { state: getState(), byUser: true }.
 *   Neither event fires when attributes or state are set from code.
 *
 * @csspart toggle - The Average/Gradient switch.
 * @csspart input-grid - The input picture's grid.
 * @csspart output-grid - The output's grid.
 * @csspart window - Each window button laid over the input picture.
 * @csspart formula - The live line explaining the selected window.
 * @csspart code - The "The code that computed this" panel (its source loads when opened).
 * @csspart error - The alert: why the grids cannot be shown, or why a typed gradient is not used.
 *
 * @cssproperty --pool-font-family - Type face (default: the system's UI font).
 * @cssproperty --pool-font-size - Base type size (default 1rem).
 * @cssproperty --pool-cell-size - Side of one cell (default: fits the width, 2.75rem..3.5rem).
 * @cssproperty --pool-gap - Space between cells (default 0.25rem).
 * @cssproperty --pool-surface, --pool-text, --pool-muted, --pool-cell, --pool-cell-border,
 *   --pool-accent, --pool-on-accent, --pool-highlight, --pool-error-surface,
 *   --pool-error-text - Colours (a light and a dark set are built in).
 */
export class PoolWidget extends HTMLElement {
  static observedAttributes = ATTRIBUTE_NAMES;

  #els = null;
  #model = null;
  #errorMessage = null;
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
  #codeShown = null;
  // Whether grad-output holds the learner's edits (written back by the widget) rather than
  // numbers the page set.
  #gradOutputByLearner = false;
  #get = (name) => this.getAttribute(name);

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root);
    const { tree, els } = buildSkeleton();
    root.append(tree);
    this.#els = els;
    els.views.addEventListener('click', (event) => this.#onViewClick(event));
    els.code.addEventListener('toggle', () => this.#renderCode());
  }

  connectedCallback() {
    this.#scheduleRender();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || this.#writingAttribute) return;
    if (name === 'grad-output') {
      this.#gradText = [];
      this.#gradOutputByLearner = false;
    }
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
    let config;
    try {
      config = readConfig(this.#get);
    } catch (error) {
      return { error: error.message, op: this.op, view: this.view, selected: null };
    }
    const { selected, gradOutput, stride, kernelSize, input, ...rest } = config;
    const outputs = outputCount(config);
    const state = {
      ...rest,
      input: [...input],
      kernelSize,
      stride: stride ?? kernelSize,
      gradOutput: gradOutput ?? (outputs === null ? null : Array(outputs).fill(1)),
      selected: outputs !== null && selected !== null && selected >= outputs ? null : selected,
    };
    if (this.#errorMessage) state.error = this.#errorMessage;
    return state;
  }

  setState(partial) {
    if (partial === null || typeof partial !== 'object') {
      console.warn(`<pool-widget>: setState takes an object such as { stride: 1 }, not ${String(partial)}.`);
      return;
    }
    const names = Object.fromEntries(Object.entries(STATE_KEYS).map(([name, key]) => [key, name]));
    for (const [key, value] of Object.entries(partial)) {
      const name = names[key];
      if (!name) {
        if (key !== 'error') console.warn(`<pool-widget>: setState ignores "${key}"; it knows ${Object.keys(names).join(', ')}.`);
        continue;
      }
      let text;
      try {
        text = attributeText(key, value);
      } catch {
        text = String(value);
      }
      if (text === null) this.removeAttribute(name);
      else this.setAttribute(name, text);
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
    let config;
    try {
      config = readConfig(this.#get);
      this.#model = this.#buildModel(core, config);
    } catch (error) {
      this.#model = null;
      this.#showError(error?.message ?? String(error));
      return;
    }
    try {
      this.#errorMessage = null;
      this.#els.alert.textContent = '';
      for (const body of this.#els.bodies) {
        body.hidden = false;
        body.style.setProperty('--cols', String(this.#model.W + 2 * this.#model.pw));
      }
      for (const part of HIDEABLE_PARTS) this.#els.parts[part].hidden = config.hide.includes(part);
      this.#gradText = [];
      const { selected } = config;
      this.#selected = selected !== null && selected < this.#model.windows.length ? selected : null;
      if (this.#selected !== null) this.#focusIndex = this.#selected;
      if (this.#focusIndex >= this.#model.windows.length) this.#focusIndex = 0;
      this.#renderView();
    } catch (error) {
      // A bug of the widget's own: still no exception on the host page, and no half grid.
      this.#model = null;
      this.#showError(`The widget could not draw these settings: ${error?.message ?? error}`);
    }
  }

  #buildModel(core, config) {
    try {
      return buildModel(core, config, this.#get);
    } catch (error) {
      // The learner's gradients fit the old output; when the page changes the shape, they
      // give way to the default (all 1) instead of turning into an error the page never made.
      if (error?.attribute !== 'grad-output' || !this.#gradOutputByLearner) throw error;
      this.#gradOutputByLearner = false;
      this.#writeAttribute('grad-output', null);
      return buildModel(core, { ...config, gradOutput: null }, this.#get);
    }
  }

  #showError(message) {
    for (const body of this.#els.bodies) body.hidden = true;
    this.#errorMessage = message;
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
      button.addEventListener('click', () => this.#select(index));
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

  // The C++ source is a separate chunk, fetched the first time the panel opens, so a page that
  // never opens it never downloads it.
  #renderCode() {
    this.#drawCode().catch((error) => {
      // Never an unhandled rejection on the host page; the panel says what went wrong.
      this.#els.codeNote.textContent = `The source could not be shown: ${error?.message ?? error}`;
      this.#els.pre.hidden = true;
    });
  }

  async #drawCode() {
    const { code: panel, codeNote, pre } = this.#els;
    const model = this.#model;
    if (!model || !panel.open) return;
    const name = model.view === 'backward' ? model.backwardKernel : model.forwardKernel;
    if (this.#codeShown === name) return;
    this.#codeShown = null;
    let kernelSource;
    try {
      kernelSource = await loadKernelSource();
    } catch (error) {
      codeNote.textContent = `The core ran ${name}; its source could not be loaded (${error?.message ?? error}).`;
      pre.hidden = true;
      return;
    }
    // Another render may have happened while the source loaded; draw what is current.
    if (this.#model !== model) return;
    const found = kernelSource(name);
    this.#codeShown = name;
    if (found.code === null) {
      codeNote.textContent =
        `The core ran ${name}, but its source was not found in core/pool/src, so it cannot be shown.`;
      pre.hidden = true;
      return;
    }
    codeNote.replaceChildren(
      'The core ran ',
      element('code', {}, name),
      ` from ${found.file} to compute the ${model.view === 'backward' ? 'gradients' : 'outputs'} above.`,
    );
    pre.hidden = false;
    pre.setAttribute('aria-label', `C++ source of ${name}`);
    pre.firstElementChild.textContent = found.code;
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
    // The highlight is also aria-selected, so assistive technology knows the window's cells.
    const mark = (cell, selectedCell) => {
      cell.classList.toggle('in-window', selectedCell);
      cell.setAttribute('aria-selected', String(selectedCell));
    };
    this.#inputCells.forEach((cell, index) => {
      mark(cell, inWindow.has(index));
      cell.classList.toggle('argmax', Boolean(win && model.op === 'max' && index === model.indices[selected]));
    });
    this.#outputCells.forEach((cell, index) => mark(cell, index === selected));
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
    const onPadding = win.taps.length > win.cells.length;
    if (model.view === 'forward') {
      if (model.op === 'max') {
        const realTerms = win.cells.map((cell) => formatNumber(model.input[cell]));
        return [label, equation(`max(${realTerms.join(', ')}) = ${formatNumber(model.output[index])}`)];
      }
      const terms = win.taps.map((tap) => (tap < 0 ? '0' : formatNumber(model.input[tap])));
      const sum = formatNumber(model.sums[index]);
      const divisor = formatNumber(model.divisors[index]);
      let note = '';
      if (model.divisorOverride !== null) note = ' (divisor-override sets the divisor)';
      else if (onPadding) note = model.countIncludePad ? ' (padding counts as 0)' : ' (padding adds 0 and is not counted)';
      return [
        label,
        equation(`(${terms.join(' + ')}) / ${divisor} = ${sum} / ${divisor} = ${formatNumber(model.output[index])}`),
        note,
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
    const padTakes = onPadding && model.countIncludePad && model.divisorOverride === null;
    const rest = (padTakes ? ' The padding takes the rest.' : '') +
      (model.overlapping ? ' Where windows overlap, a cell adds up the shares it gets.' : '');
    return [
      label,
      equation(`${gradient} / ${divisor} = ${share}`),
      `, so each of its ${count} cells receives ${share}.${rest}`,
    ];
  }

  // Interaction ----------------------------------------------------------------------------

  #select(index) {
    const changed = this.#selected !== index;
    this.#selected = index;
    this.#focusIndex = index;
    this.#writeAttribute('selected', String(index));
    this.#renderSelection();
    const model = this.#model;
    const win = model.windows[index];
    const value = model.view === 'backward' ? model.gradOutput[index] : model.output[index];
    this.#emit('pool-select', { index, cells: [...win.cells], value });
    if (changed) this.#emitChange();
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
      if (this.#model) this.#emitChange();
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
    // Untouched gradients keep the text they came with (rounding them for display would
    // change them); without one, the shortest text that reads back as the same float32.
    const attribute = this.getAttribute('grad-output')?.trim();
    const given = attribute ? attribute.split(/\s+/) : [];
    const keepGiven = given.length === model.gradOutput.length;
    this.#writeAttribute(
      'grad-output',
      Array.from(model.gradOutput, (g, i) => this.#gradText[i] ?? (keepGiven ? given[i] : float32Text(g))).join(' '),
    );
    this.#gradOutputByLearner = true;
    this.#emitChange();
  }

  #onGradBlur(index, field) {
    if (field.getAttribute('aria-invalid') !== 'true') return;
    field.value = formatNumber(this.#model.gradOutput[index]);
    field.removeAttribute('aria-invalid');
    this.#els.alert.textContent = '';
  }

  // Reflects what the learner did without rendering again (the screen already shows it);
  // null removes the attribute.
  #writeAttribute(name, value) {
    this.#writingAttribute = true;
    try {
      if (value === null) this.removeAttribute(name);
      else this.setAttribute(name, value);
    } finally {
      this.#writingAttribute = false;
    }
  }

  #emitChange() {
    this.#emit('pool-change', { state: this.getState(), byUser: true });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

// Skeleton ----------------------------------------------------------------------------------

// Built with DOM calls rather than innerHTML, so a page that enforces Trusted Types can host it.
function buildSkeleton() {
  const views = element('div', { class: 'views', role: 'group', 'aria-label': 'What the grids show', part: 'toggle' });
  const forwardButton = element('button', { type: 'button', 'data-view': 'forward', 'aria-pressed': 'true' }, 'Average');
  const backwardButton = element('button', { type: 'button', 'data-view': 'backward', 'aria-pressed': 'false' }, 'Gradient');
  views.append(forwardButton, backwardButton);
  const hint = element('p', { class: 'hint', id: 'hint' });
  const panel = (captionId, holder) => {
    const figure = element('figure', { class: 'panel' });
    const caption = element('figcaption', { class: 'caption', id: captionId });
    const scroller = element('div', { class: 'scroller' });
    scroller.append(holder);
    figure.append(caption, scroller);
    return { figure, caption };
  };
  const inputPicture = element('div', { class: 'picture' });
  const outputHolder = element('div', { class: 'output' });
  const inputPanel = panel('input-caption', inputPicture);
  const outputPanel = panel('output-caption', outputHolder);
  const stage = element('div', { class: 'stage' });
  stage.append(inputPanel.figure, outputPanel.figure);
  const top = element('div', { class: 'body', hidden: '' });
  top.append(views, hint, stage);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });

  const formula = element('p', { class: 'formula', role: 'status', part: 'formula' });
  const code = element('details', { part: 'code' });
  const codeNote = element('p', { class: 'code-note' });
  const pre = element('pre', { role: 'region', tabindex: '0' });
  pre.append(element('code'));
  code.append(element('summary', {}, 'The code that computed this'), codeNote, pre);
  const bottom = element('div', { class: 'body', hidden: '' });
  bottom.append(formula, code);

  const tree = element('div', { class: 'widget' });
  tree.append(top, alert, bottom);
  return {
    tree,
    els: {
      bodies: [top, bottom],
      alert,
      views,
      forwardButton,
      backwardButton,
      inputCaption: inputPanel.caption,
      inputPicture,
      outputCaption: outputPanel.caption,
      hint,
      outputHolder,
      formula,
      code,
      codeNote,
      pre,
      parts: { toggle: views, hint, formula, code },
    },
  };
}

// Constructable stylesheets need no 'unsafe-inline' under a CSP; a <style> element is the
// fallback for browsers without them.
function adoptStyles(root) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    root.adoptedStyleSheets = [styleSheet()];
  } else {
    root.append(element('style', {}, cssText));
  }
}

// Shared by every widget on the page -------------------------------------------------------

let corePromise = null;
let coreLoaded = null;

/** One core per page, shared by every widget. */
function sharedCore() {
  corePromise ??= loadCore().then((core) => {
    coreLoaded = core;
    return core;
  });
  return corePromise;
}

// The number of outputs the config gives, or null if the core has not loaded or rejects it.
function outputCount(config) {
  if (!coreLoaded) return null;
  try {
    const pair = (p) => (p && p[0] === p[1] ? p[0] : p);
    const options = {
      kernelSize: pair(config.kernelSize),
      stride: pair(config.stride),
      padding: pair(config.padding),
      ceilMode: config.ceilMode,
    };
    const [, OH, OW] = coreLoaded.pool2dOutputShape([1, config.inputHeight, config.inputWidth], options);
    return OH * OW;
  } catch {
    return null;
  }
}

let kernelSourcePromise = null;

function loadKernelSource() {
  kernelSourcePromise ??= import('./kernel-source.js').then(
    (module) => module.kernelSource,
    (error) => {
      kernelSourcePromise = null;
      throw error;
    },
  );
  return kernelSourcePromise;
}

// Helpers -------------------------------------------------------------------------------

/** The shortest decimal that reads back as the same float32 (0.1 rather than 0.100000001). */
function float32Text(value) {
  for (let digits = 1; digits < 9; digits++) {
    const text = String(Number(value.toPrecision(digits)));
    if (Math.fround(Number(text)) === value) return text;
  }
  return String(value);
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
