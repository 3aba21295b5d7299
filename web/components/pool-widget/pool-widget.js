import { cellGrid, gridPanel, markPressed, rovingFocus, shadeCells, showNumber } from '../shared/aria-grid.js';
import { markInvalid } from '../shared/invalid-field.js';
import { LoadingState } from '../shared/loading-state.js';
import { RenderQueue } from '../shared/render-queue.js';
import { keepScrollStops, SCROLL_STOP } from '../shared/scroll-stop.js';
import { RefuseLater, SpeakLater } from '../shared/speak-later.js';
import { attributesNow, element, setAttributeIfChanged, setText } from '../shared/element.js';
import { whenIdle } from '../idle.js';
import { formatNumber } from '../shared/format-number.js';
import { adoptStyles } from '../shared/style-sheet.js';
import { loadCore } from '@core';
import { OUTPUT_SHAPE_KEYS, POOL_SETTINGS, belongsTo, coreOptions } from '../shared/pool-settings.js';
import { applyQueryOver } from '../shared/apply-query.js';
import { attributeText, isUnfinishedNumber, numberProblem } from '../shared/settings-table.js';
import { CHANGE_EVENT, HIDEABLE_PARTS, SETTINGS, checkSelectedWindow, settingsFromAttributes } from './settings.js';
import { buildModel } from './model.js';
import { cssText } from './styles.js';
import { followLang, unfollowLang } from '../../i18n/follow-lang.js';
import { focusPlace, refocusAt } from '../shared/focus-place.js';
import { translator, translatorOf } from '../../i18n/i18n.js';
import { localiseError } from '../../i18n/localise-error.js';

/**
 * @tag pool-widget
 * @summary A picture, the windows that pool it, and the output: every number computed by the
 * WASM pooling core. The learner picks a window to see how its output is made, switches to the
 * gradient to see how each output's gradient is shared out, and can read the C++: the plain
 * reference kernel first, the fast kernel that ran one click away.
 *
 * The windows are one Tab stop, and so are the gradient view's fields (text fields): the arrow
 * keys move within each grid (README.md, "Keyboard").
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
 * @attr {string} dilation - Max pooling: the gap between a window's cells, "d" or "dh dw"
 *   (default "1"). Average pooling refuses any other than 1, as PyTorch's does.
 * @attr {boolean} ceil-mode - Round the output size up, so a last window that only partly fits
 *   still counts (default false).
 * @attr {boolean} count-include-pad - Average pooling: padded cells count in the divisor
 *   (default true, so write count-include-pad="false" to leave them out). Max pooling refuses
 *   "false".
 * @attr {number} divisor-override - Average pooling: divide every window by this non-zero
 *   integer instead (default: none). Max pooling refuses it.
 * @attr {string} grad-output - Upstream gradients, one per output, or "ones" (default). The
 *   widget writes the learner's edits back here; if the page then changes the output's shape,
 *   those edits give way to the default rather than becoming an error.
 * @attr {"forward"|"backward"} view - What the grids show: values (default) or gradients. The
 *   widget writes the learner's choice back here.
 * @attr {number} selected - The selected window, numbered as the page names it: selected="4"
 *   is "Window 4", counted from 1 in reading order, as in getState() (default none). The widget
 *   writes the learner's choice back here. One the output does not have is refused with a message.
 * @attr {string} hide - Parts to leave out, space-separated: "toggle" (the Average/Gradient
 *   switch), "hint", "formula" (the line explaining a window), "code" (the C++ panel).
 * @attr {string} lang - The language of its words: "en" or "zh-CN" (any tag of Chinese in
 *   simplified characters); default the nearest ancestor's lang, else the page's, else English,
 *   followed when it changes. Numbers read the same in both.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the
 *   colour scheme of the page the element sits in (its computed color-scheme).
 *
 * Changing any attribute re-renders. A bad value never throws to the page: the widget shows
 * why in place of its grids (role=alert, quoting the attribute, with the core's own words
 * where the core judged it) and sends the same message to console.warn.
 *
 * @prop {"avg"|"max"} op - Reflects the `op` attribute.
 * @prop {"forward"|"backward"} view - Reflects the `view` attribute.
 * @method getState - Returns { op, inputHeight, inputWidth, input, kernelSize, stride, padding,
 *   dilation, ceilMode, countIncludePad, divisorOverride, gradOutput, view, selected, hide,
 *   colorScheme } (the keys <pool-playground> uses for the same settings): sizes as [h, w],
 *   lists as arrays of numbers (gradOutput's "ones" as its 1s once the core has loaded),
 *   selected the window's number (from 1) or null; plus { error } while the attributes cannot be
 *   drawn (README.md, "getState").
 * @method setState - Takes any part of that object and applies it through the attributes;
 *   null removes one (its default returns). Fires no event.
 * @method applyQuery - Sets the widget up from a link's query ("stride=1&window=2"), over the
 *   attributes the page gave it; returns whether it applied (a lesson's address uses it).
 * @method ready - Resolves after the pending render (tests and embedders wait on it).
 *
 * @fires pool-select - The learner selected a window (tap, click, Enter or Space). detail:
 *   { index, row, column (0-based, as the core's output cells), window (index + 1: the number
 *   the page and `selected` use), cells (flat indices of the input cells it covers), value
 *   (the number its output cell shows: the output, or its upstream gradient in the gradient
 *   view), byUser: true }, as <pool-playground>'s.
 * @fires pool-change - The learner changed the state: switched the view, selected another
 *   window or edited a gradient. detail: { state: getState(), byUser: true }.
 *   Neither event fires when attributes or state are set from code.
 *
 * @csspart toggle - The Average/Gradient switch.
 * @csspart input-grid - The input picture's grid.
 * @csspart output-grid - The output's grid.
 * @csspart window - Each window button laid over the input picture.
 * @csspart formula - The line explaining the selected window (a screen reader hears it once
 *   the learner pauses).
 * @csspart step - The Previous window / Next window buttons that step the selection across the
 *   input, one window at a time (hidden with the formula).
 * @csspart code - The "The code that computed this" disclosure: the reference kernel, or (its
 *   second button) the fast kernel that ran, with the settings that ran (its source loads when
 *   opened).
 * @csspart error - The alert: why the grids cannot be shown, or why a typed gradient is not used.
 *
 * @cssproperty --pool-font-family - Type face (default: the system's UI font).
 * @cssproperty --pool-font-size - Base type size (default 1rem).
 * @cssproperty --pool-cell-size - Side of one cell, a length such as 3rem or 48px (default:
 *   fits the width, 2.75rem..3.5rem).
 * @cssproperty --pool-gap - Space between cells (default 0.25rem).
 * @cssproperty --pool-surface, --pool-text, --pool-muted, --pool-cell, --pool-cell-border,
 *   --pool-accent, --pool-on-accent, --pool-highlight, --pool-pad, --pool-error-surface,
 *   --pool-error-text - Colours (a light and a dark set, shared with <pool-playground>, are
 *   built in).
 */
export class PoolWidget extends HTMLElement {
  static observedAttributes = [...SETTINGS.map((row) => row.attribute), 'lang'];

  #els = null;
  #given = null;
  #model = null;
  #errorMessage = null;
  #selected = null;
  #focusIndex = 0;
  // The gradient field that is the output grid's Tab stop, kept when the grid is built again.
  #gradStop = 0;
  #gradText = [];
  // The learner's window, view or gradient is said, in the formula's words, once they pause
  // (speak-later.js): typing a gradient changes the formula at each key.
  #speaking = new SpeakLater(() => this.#els?.spoken ?? null);
  // A typed gradient the widget cannot use, refused once the typing pauses: the "-" of "-2" is
  // no mistake yet.
  #refusing = new RefuseLater();
  #renders = new RenderQueue(async () => {
    await this.#render();
    if (this.isConnected) this.#loading.done();
  });
  #loading = new LoadingState(this);
  #inputCells = [];
  // The settings (view, selection and hidden parts aside) the model was built from.
  #modelKey = null;
  // The input grid, and the model and language it was built for: a new view of the same model
  // writes its numbers into the cells rather than building the grid and its windows again.
  #inputGrid = null;
  #inputGridOf = null;
  #outputCells = [];
  // The output grid of each view, with the model and language they were built for: switching
  // the view puts the other grid back rather than building it (and its fields) again.
  #outputGrids = null;
  #windowButtons = [];
  #frame = null;
  #codeShown = null;
  // The language #applyWords last wrote.
  #wordsLang = null;
  // Which C++ the code panel shows: the plain reference kernel first, or the fast one that ran.
  #codeKind = 'reference';
  // The settings the kernels ran with, in PyTorch's words, for the code panel.
  #settingsRan = { call: '', shape: '' };
  // Whether grad-output holds the learner's edits (written back by the widget) rather than
  // numbers the page set.
  #gradOutputByLearner = false;
  #get = (name) => this.getAttribute(name);
  // The words of the language the element speaks (set at each render).
  #t = translator('en');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root, cssText);
    const { tree, els } = buildSkeleton();
    root.append(tree);
    // The code's box is a Tab stop while its code is wider or longer than it (scroll-stop.js).
    keepScrollStops(tree);
    this.#loading.say(root, this.#t('pool-widget.status.loading'));
    this.#els = els;
    els.views.addEventListener('click', (event) => this.#onViewClick(event));
    els.stepper.addEventListener('click', (event) => this.#onStep(event));
    els.code.addEventListener('toggle', () => this.#renderCode());
    els.kernelChoice.addEventListener('click', (event) => this.#onKernelChoice(event));
  }

  connectedCallback() {
    // The attributes the page gave, as they were when the element was first connected.
    this.#given ??= attributesNow(this);
    followLang(this, () => this.#renders.schedule());
    this.#renders.schedule();
  }

  disconnectedCallback() {
    unfollowLang(this);
    this.#hush();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || this.#renders.quiet) return;
    if (name === 'grad-output') {
      this.#gradText = [];
      this.#gradOutputByLearner = false;
    }
    this.#renders.schedule();
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
    return this.#renders.ready();
  }

  // Every key, always: the attributes as far as they read (null where they do not; "ones" as
  // its 1s once the core can say how many outputs there are, else null), and `error`, the
  // alert's message, once the alert shows why the grids cannot be drawn.
  getState() {
    const settings = settingsFromAttributes(this.#get, { unreadable: null });
    const { gradOutput } = settings;
    const outputs = gradOutput !== 'ones' || OUTPUT_SHAPE_KEYS.some((key) => settings[key] === null) ? null : outputCount(settings);
    const state = { ...settings, gradOutput: gradOutput !== 'ones' ? gradOutput : (outputs === null ? null : Array(outputs).fill(1)) };
    if (this.#errorMessage) state.error = this.#errorMessage;
    return state;
  }

  /**
   * Sets the widget up as a link would (PyTorch's names, "stride=1&kernel_size=3"), over the
   * settings the page gave it, not over the learner's changes. True if it applied; false, with a
   * warning, if the query cannot be read.
   * @param {string} query
   */
  applyQuery(query) {
    // The page's upstream gradients start from ones where the link moves the windows
    // (grad_output's resetsWith).
    return applyQueryOver(this, SETTINGS, query, this.#given);
  }

  setState(partial) {
    if (partial === null || typeof partial !== 'object') {
      console.warn(`<pool-widget>: setState takes an object such as { stride: 1 }, not ${String(partial)}.`);
      return;
    }
    for (const [key, value] of Object.entries(partial)) {
      const row = SETTINGS.find((candidate) => candidate.key === key);
      if (!row) {
        if (key !== 'error') console.warn(`<pool-widget>: setState ignores "${key}"; it knows ${SETTINGS.map((r) => r.key).join(', ')}.`);
        continue;
      }
      // A value of the wrong type goes in as its text, so the widget explains it in its words.
      let text;
      try {
        text = attributeText(row, value);
      } catch {
        text = String(value);
      }
      if (text === null) this.removeAttribute(row.attribute);
      else this.setAttribute(row.attribute, text);
    }
  }

  // Rendering ------------------------------------------------------------------------------

  async #render() {
    if (!this.isConnected) return;
    // Settings from the page, or words in a new language: what waited to be said of the
    // learner's last change is no longer so.
    this.#hush();
    let core;
    this.#t = await translatorOf(this);
    // A new language draws the grids again: the learner's window or field keeps the focus.
    const focused = this.#wordsLang !== null && this.#wordsLang !== this.#t.lang ? focusPlace(this.shadowRoot) : -1;
    this.#applyWords();
    this.#loading.say(this.shadowRoot, this.#t('pool-widget.status.loading'));
    try {
      core = await sharedCore();
    } catch (error) {
      this.#showError(this.#t('pool-widget.errors.coreFailed', { reason: error?.message ?? error }));
      return;
    }
    let settings;
    try {
      settings = settingsFromAttributes(this.#get);
      // Switching the view (or selecting, or hiding a part) computes nothing new: the model
      // already holds both directions, so it is kept, and so are the grids built from it.
      const modelKey = JSON.stringify({ ...settings, view: null, selected: null, hide: null });
      if (this.#model && this.#modelKey === modelKey) this.#model.view = settings.view;
      else this.#model = this.#buildModel(core, settings);
      this.#modelKey = modelKey;
      // A window the output does not have is refused in words, as a value out of range is.
      checkSelectedWindow(settings.selected, this.#model.windows.length);
      this.#settingsRan = pytorchCall(settings);
    } catch (error) {
      this.#model = null;
      this.#modelKey = null;
      this.#showError(localiseError(error, this.#t.lang));
      return;
    }
    try {
      this.#errorMessage = null;
      this.#els.alert.textContent = '';
      for (const body of this.#els.bodies) {
        body.hidden = false;
        body.style.setProperty('--cols', String(this.#model.width + 2 * this.#model.padding[1]));
      }
      for (const part of HIDEABLE_PARTS) setAttributeIfChanged(this.#els.parts[part], 'hidden', settings.hide.includes(part));
      this.#gradText = [];
      const { selected } = settings;
      // `selected` counts from 1 as the page's "Window 4" does; the element counts from 0. (One
      // the output does not have was refused above.)
      this.#selected = selected === null ? null : selected - 1;
      if (this.#selected !== null) this.#focusIndex = this.#selected;
      if (this.#focusIndex >= this.#model.windows.length) this.#focusIndex = 0;
      this.#renderView();
      // Typing while the render waited for its words or the core spoke of a grid drawn again.
      this.#hush();
      refocusAt(this.shadowRoot, focused);
      this.#prepareOtherView();
    } catch (error) {
      // A bug of the widget's own: still no exception on the host page, and no half grid.
      this.#model = null;
      this.#modelKey = null;
      this.#showError(this.#t('pool-widget.errors.drawFailed', { reason: localiseError(error, this.#t.lang) }));
    }
  }

  #buildModel(core, settings) {
    try {
      return buildModel(core, settings, this.#get);
    } catch (error) {
      // The learner's gradients fit the old output; when the page changes the shape, they
      // give way to the default (all 1) instead of turning into an error the page never made.
      if (error?.attribute !== 'grad-output' || !this.#gradOutputByLearner) throw error;
      this.#gradOutputByLearner = false;
      this.#writeAttribute('grad-output', null);
      return buildModel(core, { ...settings, gradOutput: 'ones' }, this.#get);
    }
  }

  #showError(message) {
    for (const body of this.#els.bodies) body.hidden = true;
    this.#errorMessage = message;
    this.#els.alert.textContent = message;
    console.warn(`<pool-widget>: ${message}`);
  }

  // The words that do not depend on the settings, in the element's language: written when the
  // language changes, not at every render.
  #applyWords() {
    const t = this.#t;
    if (this.#wordsLang === t.lang) return;
    this.#wordsLang = t.lang;
    const { views, stepper, backwardButton, codeSummary, kernelChoice } = this.#els;
    views.setAttribute('aria-label', t('pool-widget.views.label'));
    setText(backwardButton, t('pool-widget.views.gradient'));
    stepper.setAttribute('aria-label', t('pool-widget.stepper.label'));
    setText(stepper.querySelector('[data-step="-1"]'), t('pool-widget.stepper.previous'));
    setText(stepper.querySelector('[data-step="1"]'), t('pool-widget.stepper.next'));
    setText(codeSummary, t('pool-widget.code.summary'));
    kernelChoice.setAttribute('aria-label', t('pool-widget.code.choice'));
    setText(kernelChoice.querySelector('[data-kernel="reference"]'), t('pool-widget.code.reference'));
    setText(kernelChoice.querySelector('[data-kernel="fast"]'), t('pool-widget.code.fast'));
  }

  #renderView() {
    const t = this.#t;
    const model = this.#model;
    const backward = model.view === 'backward';
    const { forwardButton, backwardButton } = this.#els;
    setText(forwardButton, t(model.op === 'max' ? 'pool-widget.views.maximum' : 'pool-widget.views.average'));
    forwardButton.setAttribute('aria-pressed', String(!backward));
    backwardButton.setAttribute('aria-pressed', String(backward));

    const inputName = t(backward ? 'pool-widget.captions.inputGradients' : 'pool-widget.captions.input',
      { height: model.height, width: model.width });
    const outputName = this.#outputName(model, model.view);
    setText(this.#els.inputCaption, inputName);
    setText(this.#els.outputCaption, outputName);
    setText(this.#els.hint, t(backward ? 'pool-widget.hint.backward' : 'pool-widget.hint.forward'));

    this.#renderInput(inputName);
    this.#renderOutput(outputName);
    this.#renderCode();
    this.#renderSelection();
  }

  #renderInput(name) {
    const model = this.#model;
    const [ph, pw] = model.padding;
    const values = model.view === 'backward' ? model.gradInput : model.input;
    if (this.#inputGridOf?.model === model && this.#inputGridOf.lang === this.#t.lang) {
      this.#inputGrid.setAttribute('aria-label', name);
      this.#inputCells.forEach((cell, index) => showNumber(cell, values[index]));
      shadeCells(this.#inputCells, values);
      return;
    }
    const { grid, cells } = cellGrid({
      label: name,
      part: 'input-grid',
      rows: model.height,
      columns: model.width,
      padding: model.padding,
      padText: model.op === 'avg' ? '0' : '',
      table: true,
      fill: (cell, index) => showNumber(cell, values[index]),
    });
    shadeCells(cells, values);
    this.#inputCells = cells;
    this.#inputGrid = grid;
    this.#inputGridOf = { model, lang: this.#t.lang };

    const windows = element('div', { class: 'windows', role: 'group', 'aria-label': this.#t('pool-widget.windows.label') });
    this.#windowButtons = model.windows.map((win, index) => {
      const button = element('button', {
        type: 'button', class: 'window', part: 'window', 'aria-pressed': 'false',
      }, [element('span', { class: 'badge', 'aria-hidden': 'true' }, String(index + 1))]);
      button.tabIndex = index === this.#focusIndex ? 0 : -1;
      // The button covers the part of the picture where this window starts; the frame drawn on
      // selection shows the whole window, so overlapping windows each stay tappable.
      place(button, win.x0 + pw, win.y0 + ph, Math.min(win.w, model.stride[1]), Math.min(win.h, model.stride[0]));
      button.addEventListener('click', () => this.#select(index));
      return button;
    });
    rovingFocus(windows, this.#windowButtons, model.outputWidth, (index) => {
      this.#focusIndex = index;
    });
    this.#frame = element('div', { class: 'frame', 'aria-hidden': 'true', hidden: true });
    windows.append(...this.#windowButtons, this.#frame);
    this.#els.inputPicture.replaceChildren(grid, windows);
  }

  #renderOutput(name) {
    const model = this.#model;
    const { view } = model;
    if (this.#outputGrids?.model !== model || this.#outputGrids.lang !== this.#t.lang) {
      this.#outputGrids = { model, lang: this.#t.lang };
    }
    const built = this.#outputGrids[view] ?? (this.#outputGrids[view] = this.#buildOutput(model, view, name));
    // A field put back shows the model's gradient, as a field built again would.
    built.fields?.forEach((field, index) => {
      const text = formatNumber(model.gradOutput[index]);
      if (field.value !== text) field.value = text;
      markInvalid(field, false);
    });
    this.#outputCells = built.cells;
    if (this.#els.outputHolder.firstElementChild !== built.grid) this.#els.outputHolder.replaceChildren(built.grid);
    this.#els.alert.textContent = '';
  }

  // The output grid of the view the learner is not on is built once the browser is idle, so
  // the first switch puts it back as every later one does, rather than building it while the
  // learner waits.
  #prepareOtherView() {
    const grids = this.#outputGrids;
    const { model } = grids;
    const view = model.view === 'backward' ? 'forward' : 'backward';
    if (grids[view]) return;
    whenIdle(() => {
      // A render since (other settings, another language) keeps grids of its own.
      if (this.#outputGrids !== grids || grids[view]) return;
      grids[view] = this.#buildOutput(model, view, this.#outputName(model, view));
    }, IDLE_TIMEOUT_MS);
  }

  // The name of the output grid of `view`, also its caption.
  #outputName(model, view) {
    return this.#t(view === 'backward' ? 'pool-widget.captions.outputGradients' : 'pool-widget.captions.output',
      { height: model.outputHeight, width: model.outputWidth });
  }

  // The output grid of `view`: the numbers, or in the gradient view a field per upstream
  // gradient, holding it.
  #buildOutput(model, view, name) {
    const backward = view === 'backward';
    const fields = [];
    const stop = this.#gradStop < model.windows.length ? this.#gradStop : 0;
    const { grid, cells } = cellGrid({
      label: name,
      part: 'output-grid',
      rows: model.outputHeight,
      columns: model.outputWidth,
      table: !backward,
      fill: (cell, index) => {
        if (!backward) {
          showNumber(cell, model.output[index]);
          return;
        }
        // A text field, not a spinbutton, whose Up and Down would change its number: the arrow
        // keys move through the grid, one Tab stop (rovingFocus). A comma is refused in words.
        cell.classList.add('gradient');
        const field = element('input', {
          type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false',
          'aria-label': this.#t('pool-widget.gradientField', { number: index + 1 }),
        });
        field.tabIndex = index === stop ? 0 : -1;
        field.value = formatNumber(model.gradOutput[index]);
        field.addEventListener('input', () => this.#onGradInput(index, field));
        field.addEventListener('blur', () => this.#onGradBlur(index, field));
        // Not the Enter that ends an input method's word.
        field.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' && !event.isComposing) this.#onGradInput(index, field, { commit: true });
        });
        cell.append(field);
        fields.push(field);
      },
    });
    if (!backward) shadeCells(cells, model.output);
    else rovingFocus(grid, fields, model.outputWidth, (index) => { this.#gradStop = index; });
    return { grid, cells, fields: backward ? fields : null };
  }

  // The C++ source is a separate chunk, fetched the first time the panel opens, so a page that
  // never opens it never downloads it.
  #renderCode() {
    this.#drawCode().catch((error) => {
      // Never an unhandled rejection on the host page; the panel says what went wrong.
      this.#els.codeNote.textContent = this.#t('pool-widget.code.failed', { reason: error?.message ?? error });
      this.#els.pre.hidden = true;
    });
  }

  async #drawCode() {
    const t = this.#t;
    const { code: panel, codeNote, codeSettings, pre } = this.#els;
    const model = this.#model;
    if (!model || !panel.open) return;
    const direction = model.view === 'backward' ? 'backward' : 'forward';
    const ran = direction === 'backward' ? model.backwardKernel : model.forwardKernel;
    const reference = this.#codeKind === 'reference';
    const shown = `${t.lang} ${this.#codeKind} ${ran} ${direction} ${model.op} ${this.#settingsRan.call} ${this.#settingsRan.shape}`;
    if (this.#codeShown === shown) return;
    this.#codeShown = null;
    let sources;
    try {
      sources = await loadKernelSource();
    } catch (error) {
      codeNote.textContent = t('pool-widget.code.notLoaded', { name: ran, reason: error?.message ?? error });
      pre.hidden = true;
      return;
    }
    // Another render may have happened while the source loaded; draw what is current.
    if (this.#model !== model) return;
    const found = reference ? sources.referenceSource(model.op, direction) : sources.kernelSource(ran);
    this.#codeShown = shown;
    codeSettings.replaceChildren(...t.parts('pool-widget.code.settingsRan', {
      call: element('code', {}, this.#settingsRan.call), shape: element('code', {}, this.#settingsRan.shape),
    }));
    if (found.code === null) {
      codeNote.textContent = t('pool-widget.code.notFound', { name: found.name, ran });
      pre.hidden = true;
      return;
    }
    const note = `pool-widget.code.${reference ? 'reference' : 'ran'}${direction === 'backward' ? 'Backward' : 'Forward'}`;
    codeNote.replaceChildren(...t.parts(note, { name: element('code', {}, found.name), file: found.file, ran: element('code', {}, ran) }));
    pre.hidden = false;
    pre.setAttribute('aria-label', t(reference ? 'pool-widget.code.referenceLabel' : 'pool-widget.code.sourceLabel', { name: found.name }));
    pre.firstElementChild.textContent = found.code;
  }

  #onKernelChoice(event) {
    const button = event.target.closest('button[data-kernel]');
    if (!button || button.dataset.kernel === this.#codeKind) return;
    this.#codeKind = button.dataset.kernel;
    for (const choice of this.#els.kernelChoice.querySelectorAll('button')) {
      choice.setAttribute('aria-pressed', String(choice === button));
    }
    this.#renderCode();
  }

  #renderSelection() {
    const model = this.#model;
    const selected = this.#selected;
    const win = selected === null ? null : model.windows[selected];
    markPressed(this.#windowButtons, selected, this.#focusIndex);
    // Each window's button is named by its number and the value the view gives its window (the
    // output, or the upstream gradient: pool-select's value), as the playground names its
    // outputs; named here, where every change of view, gradient or window passes.
    const backward = model.view === 'backward';
    const values = backward ? model.gradOutput : model.output;
    this.#windowButtons.forEach((button, index) => setAttributeIfChanged(button, 'aria-label',
      this.#t(backward ? 'pool-widget.windows.gradient' : 'pool-widget.windows.window', { number: index + 1, value: formatNumber(values[index]) })));
    const inWindow = new Set(win ? win.cells : []);
    // The highlight is also aria-current, so assistive technology knows the window's cells (a
    // table's cells take no aria-selected).
    const mark = (cell, selectedCell) => {
      cell.classList.toggle('in-window', selectedCell);
      setAttributeIfChanged(cell, 'aria-current', String(selectedCell));
    };
    this.#inputCells.forEach((cell, index) => {
      mark(cell, inWindow.has(index));
      cell.classList.toggle('argmax', Boolean(win && model.op === 'max' && index === model.indices[selected]));
    });
    this.#outputCells.forEach((cell, index) => mark(cell, index === selected));
    if (win) place(this.#frame, win.x0 + model.padding[1], win.y0 + model.padding[0], win.w, win.h);
    setAttributeIfChanged(this.#frame, 'hidden', !win);
    const { formula } = this.#els;
    if (win) formula.replaceChildren(...this.#explain(selected));
    else setText(formula, this.#t('pool-widget.formula.none'));
  }

  // The line under the grids for window `index`; every number in it comes from the core.
  #explain(index) {
    const t = this.#t;
    const model = this.#model;
    const win = model.windows[index];
    const label = t('pool-widget.formula.label', { number: index + 1 });
    const equation = (text) => element('span', { class: 'equation' }, text);
    const onPadding = win.taps.length > win.cells.length;
    if (model.view === 'forward') {
      if (model.op === 'max') {
        const realTerms = win.cells.map((cell) => formatNumber(model.input[cell]));
        return [label, equation(`max(${realTerms.join(', ')}) = ${formatNumber(model.output[index])}`)];
      }
      const terms = win.taps.map((tap) => (tap.cell < 0 ? '0' : formatNumber(model.input[tap.cell])));
      const sum = formatNumber(model.sums[index]);
      const divisor = formatNumber(model.divisors[index]);
      let note = '';
      if (model.divisorOverride !== null) note = t('pool-widget.formula.divisorOverride');
      else if (onPadding) note = t(model.countIncludePad ? 'pool-widget.formula.padCounts' : 'pool-widget.formula.padNotCounted');
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
      return [label, ...t.parts('pool-widget.formula.maxBackward', {
        share: equation(formatNumber(shares[winner])), maximum: formatNumber(model.input[winner]),
      })];
    }
    const share = formatNumber(shares[win.cells[0]]);
    const divisor = formatNumber(model.divisors[index]);
    const count = win.cells.length;
    const padTakes = onPadding && model.countIncludePad && model.divisorOverride === null;
    const rest = (padTakes ? t('pool-widget.formula.padTakesRest') : '') +
      (model.overlapping ? t('pool-widget.formula.overlapAdds') : '');
    return [label, ...t.parts('pool-widget.formula.avgBackward', {
      equation: equation(`${gradient} / ${divisor} = ${share}`), count, share, rest,
    })];
  }

  // Interaction ----------------------------------------------------------------------------

  // Next from the last window goes back to the first, and Previous from none to the last.
  #onStep(event) {
    const button = event.target.closest('button[data-step]');
    const count = this.#model?.windows.length ?? 0;
    if (!button || count === 0) return;
    const from = this.#selected ?? (Number(button.dataset.step) > 0 ? -1 : count);
    this.#select((from + Number(button.dataset.step) + count) % count);
  }

  #select(index) {
    const changed = this.#selected !== index;
    this.#selected = index;
    this.#focusIndex = index;
    this.#writeAttribute('selected', String(index + 1));
    this.#renderSelection();
    this.#sayFormula();
    const model = this.#model;
    const win = model.windows[index];
    const value = model.view === 'backward' ? model.gradOutput[index] : model.output[index];
    this.#emit('pool-select', { index, window: index + 1, row: win.row, column: win.column, cells: [...win.cells], value, byUser: true });
    if (changed) this.#emitChange();
  }

  #onViewClick(event) {
    const button = event.target.closest('button[data-view]');
    if (!button || !this.#model) return;
    const view = button.dataset.view;
    if (view === this.#model.view) return;
    this.setAttribute('view', view);
    this.#renders.schedule().then(() => {
      if (!this.#model || !this.isConnected) return;
      this.#sayFormula();
      this.#emitChange();
    });
  }

  // `commit` is Enter, or leaving the field: a number the widget cannot use is refused at once
  // rather than after the pause, and one in use is already used. A field with no number in it,
  // empty or holding text on its way to one ("-", "1e"), is refused only then; a word, a
  // decimal comma ("2,5") or a number float32 cannot hold, once the typing pauses.
  #onGradInput(index, field, { commit = false } = {}) {
    const model = this.#model;
    const problem = numberProblem(field.value);
    const unread = isUnfinishedNumber(field.value);
    this.#refusing.cancel();
    if (problem) {
      const refuse = () => {
        // A field of a grid drawn since is not the learner's any more.
        if (!field.isConnected || this.#model !== model) return;
        markInvalid(field, true);
        const kept = formatNumber(model.gradOutput[index]);
        this.#els.alert.textContent = unread
          ? this.#t('pool-widget.grad.notANumber', { number: index + 1, kept })
          : this.#t('pool-widget.grad.tooLarge', { number: index + 1, problem: localiseError(problem, this.#t.lang), kept });
      };
      if (commit) {
        refuse();
      } else if (!unread) {
        this.#refusing.later(refuse);
      } else if (field.getAttribute('aria-invalid') === 'true') {
        // What was refused is gone.
        markInvalid(field, false);
        this.#els.alert.textContent = '';
      }
      return;
    }
    if (commit) return;
    markInvalid(field, false);
    this.#els.alert.textContent = '';
    const gradOutput = Float32Array.from(model.gradOutput);
    gradOutput[index] = Number(field.value);
    try {
      model.setGradOutput(gradOutput);
    } catch (error) {
      this.#els.alert.textContent = localiseError(error, this.#t.lang);
      console.warn(`<pool-widget>: ${this.#els.alert.textContent}`);
      return;
    }
    this.#gradText[index] = field.value.trim();
    this.#inputCells.forEach((cell, cellIndex) => {
      showNumber(cell, model.gradInput[cellIndex]);
    });
    shadeCells(this.#inputCells, model.gradInput);
    this.#renderSelection();
    // What the number did to its own window, which need not be the one selected.
    this.#speaking.say(element('p', {}, this.#explain(index)).textContent, { again: true });
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

  // Leaving a field that holds no number the widget can use puts back the one in use, refusing
  // first, as Enter would, what was not refused yet. The alert keeps saying why, and what the
  // widget keeps, until other gradients or settings are drawn: a learner who types and leaves at
  // once is told only after the focus has moved on, and a screen reader reads an alert only
  // while it has something to say.
  #onGradBlur(index, field) {
    const refused = field.getAttribute('aria-invalid') === 'true';
    const { waiting } = this.#refusing;
    if (!refused && !waiting && !numberProblem(field.value)) return;
    if (waiting || !refused) this.#onGradInput(index, field, { commit: true });
    field.value = formatNumber(this.#model.gradOutput[index]);
    markInvalid(field, false);
  }

  // The learner's choice of window or view is said, once they pause, as the formula says it;
  // choosing the same window again says it again.
  #sayFormula() {
    if (this.#selected !== null) this.#speaking.say(this.#els.formula.textContent, { again: true });
  }

  // What waited to be said or refused of the learner's typing is no longer so.
  #hush() {
    this.#speaking.cancel();
    this.#refusing.cancel();
  }

  // Reflects what the learner did without rendering again (the screen already shows it);
  // null removes the attribute.
  #writeAttribute(name, value) {
    this.#renders.quietly(() => {
      if (value === null) this.removeAttribute(name);
      else this.setAttribute(name, value);
    });
  }

  #emitChange() {
    this.#emit(CHANGE_EVENT, { state: this.getState(), byUser: true });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

// Skeleton ----------------------------------------------------------------------------------

// Built with DOM calls rather than innerHTML, so a page that enforces Trusted Types can host it.
function buildSkeleton() {
  // Its words come from the message files, written by #applyWords before the bodies show.
  const forwardButton = element('button', { type: 'button', 'data-view': 'forward', 'aria-pressed': 'true' });
  const backwardButton = element('button', { type: 'button', 'data-view': 'backward', 'aria-pressed': 'false' });
  const views = element('div', { class: 'views', role: 'group', part: 'toggle' }, [
    forwardButton, backwardButton,
  ]);
  const hint = element('p', { class: 'hint', id: 'hint' });
  const inputPicture = element('div', { class: 'picture' });
  const outputHolder = element('div', { class: 'output' });
  const inputPanel = gridPanel('input-caption');
  const outputPanel = gridPanel('output-caption');
  inputPanel.scroller.append(inputPicture);
  outputPanel.scroller.append(outputHolder);
  const stage = element('div', { class: 'stage' }, [inputPanel.figure, outputPanel.figure]);
  const top = element('div', { class: 'body', hidden: true }, [views, hint, stage]);

  // Also the description of a field holding a refused number (invalid-field.js).
  const alert = element('p', { class: 'alert', role: 'alert', part: 'error', id: 'error' });

  const formula = element('p', { class: 'formula', part: 'formula' });
  // The formula's words, for a screen reader: written once the learner pauses.
  const spoken = element('p', { class: 'sr-only', role: 'status' });
  // Steps the selection across the input one window at a time; the formula shows each one's sums.
  const stepper = element('div', { class: 'stepper', role: 'group', part: 'step' }, [
    element('button', { type: 'button', 'data-step': '-1' }),
    element('button', { type: 'button', 'data-step': '1' }),
  ]);
  const explanation = element('div', { class: 'explanation' }, [stepper, formula, spoken]);
  const codeNote = element('p', { class: 'code-note' });
  const codeSettings = element('p', { class: 'code-settings' });
  // The reference kernel is what a learner reads first; the fast one is one click away.
  const kernelChoice = element('div', { class: 'kernel-choice', role: 'group' }, [
    element('button', { type: 'button', 'data-kernel': 'reference', 'aria-pressed': 'true' }),
    element('button', { type: 'button', 'data-kernel': 'fast', 'aria-pressed': 'false' }),
  ]);
  const pre = element('pre', { role: 'region', [SCROLL_STOP]: '' }, [element('code')]);
  const codeSummary = element('summary');
  const code = element('details', { part: 'code' }, [codeSummary, kernelChoice, codeNote, codeSettings, pre]);
  const bottom = element('div', { class: 'body', hidden: true }, [explanation, code]);

  const tree = element('div', { class: 'widget' }, [top, alert, bottom]);
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
      spoken,
      code,
      codeSummary,
      codeNote,
      codeSettings,
      kernelChoice,
      pre,
      stepper,
      parts: { toggle: views, hint, formula: explanation, code },
    },
  };
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

// The number of outputs the settings give, or null if the core has not loaded or rejects them.
function outputCount(settings) {
  if (!coreLoaded) return null;
  try {
    const [, rows, columns] = coreLoaded.pool2dOutputShape([1, settings.inputHeight, settings.inputWidth], coreOptions(settings));
    return rows * columns;
  } catch {
    return null;
  }
}

let kernelSourcePromise = null;

function loadKernelSource() {
  kernelSourcePromise ??= import('./kernel-source.js').then(
    (module) => module,
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

// The settings as PyTorch's call takes them: "kernel_size=2, stride=2, padding=0, ...".
// The latest the other view's grid is built, on a browser that stays busy.
const IDLE_TIMEOUT_MS = 2000;

const NOT_OPTIONS = new Set(['op', 'inputHeight', 'inputWidth', 'input', 'gradOutput']);
function pytorchCall(settings) {
  const python = (value) => {
    if (value === null) return 'None';
    if (typeof value === 'boolean') return value ? 'True' : 'False';
    if (Array.isArray(value)) return value[0] === value[1] ? String(value[0]) : `(${value[0]}, ${value[1]})`;
    return String(value);
  };
  const options = POOL_SETTINGS
    .filter((row) => belongsTo(row, settings.op) && !NOT_OPTIONS.has(row.key))
    .map((row) => `${row.name}=${python(settings[row.key])}`);
  return { call: `F.${settings.op}_pool2d(x, ${options.join(', ')})`, shape: `(1, ${settings.inputHeight}, ${settings.inputWidth})` };
}

function place(node, x, y, w, h) {
  node.style.setProperty('--x', String(x));
  node.style.setProperty('--y', String(y));
  node.style.setProperty('--w', String(w));
  node.style.setProperty('--h', String(h));
}
