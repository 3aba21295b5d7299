import { loadCore } from '@core';
import { markPressed } from '../shared/aria-grid.js';
import { modelOfSettings } from '../shared/pool-model.js';
import { element, setAttributeIfChanged, setText } from '../shared/element.js';
import { bySize, formatNumber, readableNumber } from '../shared/format-number.js';
import { adoptStyles } from '../shared/style-sheet.js';
import { CHANGE_EVENT, POOLING, SETTINGS } from './settings.js';
import { SettingsForm } from './controls.js';
import { compareWithPyTorch, explainBackward, explainForward } from './explain.js';
import { explainDrop, sideFormula } from './formula.js';
import { gradInputGrid, gradOutputGrid, inputGrid, outputGrid, showNumbers, showOutput } from './grids.js';
import { PicturePanel } from './picture.js';
import presets from './presets.json';
import { SELECTED_ROW, coreOptions, pytorchWords, resizeInput, sameComputation } from '../shared/pool-settings.js';
import {
  AttributeError, SettingsQueryError, SettingsStateError, hasQuerySettings, isUnfinishedNumber, numberProblem, queryKeys, readAttributes,
  readNumber, readQuery, readState, shareableQuery,
} from '../shared/settings-table.js';
import { cssText } from './styles.js';
import { playgroundTree } from './template.js';
import { followLang, unfollowLang } from '../../i18n/follow-lang.js';
import { focusPlace, refocusAt } from '../shared/focus-place.js';
import { markInvalid } from '../shared/invalid-field.js';
import { LoadingState } from '../shared/loading-state.js';
import { RefuseLater, SpeakLater } from '../shared/speak-later.js';
import { applyWords, langOfElement, translator, translatorOf } from '../../i18n/i18n.js';
import { localiseError } from '../../i18n/localise-error.js';

// What getState() reports and setState() takes: the pooling settings and the selected window;
// `height` and `width`, the names before both elements shared their keys, still read.
const STATE = [...POOLING, SELECTED_ROW];
const OLD_STATE_KEYS = { height: 'inputHeight', width: 'inputWidth' };

const PHOTO_URL = new URL('./photo/chelsea.jpg', import.meta.url);
const URL_WRITE_DELAY_MS = 250;
const PICTURE_DELAY_MS = 150;
// The most numbers the result's summary reads out; more are left to the grids.
const SPOKEN_VALUES_MOST = 16;

// The settings the attributes give, or, when one cannot be read, every default (the playground
// keeps working), with the AttributeError saying why.
function settingsOfAttributes(get) {
  try {
    return { settings: readAttributes(POOLING, get), problem: null };
  } catch (error) {
    if (!(error instanceof AttributeError)) throw error;
    return { settings: readAttributes(POOLING, () => null), problem: error };
  }
}

// Shows or hides a part, touching the DOM only if that changes: a hidden attribute written again
// with its own value still has the part's style worked out again after every tap.
const setHidden = (node, hidden) => setAttributeIfChanged(node, 'hidden', hidden);

/**
 * @tag pool-playground
 * @summary Every knob of PyTorch's 2-D average and max pooling, live: the learner sets
 * kernel_size, stride, padding, dilation, ceil_mode, count_include_pad and divisor_override, edits
 * the input and the upstream gradient, and sees the output size formula with their numbers, each
 * window and its divisor, the gradients going back, and a photo pooled with the same settings.
 * Every number comes from the WASM pooling core; a combination the core rejects shows its
 * PoolError message instead of the grids. Worked examples from the course's sources set all the
 * knobs at once and show what PyTorch gives beside the core's numbers.
 *
 * The attributes are the playground's starting point: what "Reset" returns to and what a broken
 * link falls back to. Changing one from code starts the playground over from the new values.
 *
 * @attr {string} lang - The language of its words: "en" or "zh-CN" (any tag of Chinese in
 *   simplified characters); default the nearest ancestor's lang, else the page's, else English,
 *   followed when it changes. Numbers read the same in both.
 * @attr {"avg"|"max"} op - The operation (default "avg").
 * @attr {number} input-height - Rows of the input grid, 1 to 16 (default 4).
 * @attr {number} input-width - Columns of the input grid, 1 to 16 (default 4).
 * @attr {string} input - The input's numbers, space-separated, row-major (default 0, 1, 2, ...).
 * @attr {string} kernel-size - "k" or "kh kw" (default "2").
 * @attr {string} stride - "s" or "sh sw" (default: the kernel size).
 * @attr {string} padding - "p" or "ph pw" (default "0").
 * @attr {string} dilation - "d" or "dh dw"; max pooling only (default "1").
 * @attr {boolean} ceil-mode - Present (or "true"): round the output size up; "false" or absent: round down. Any other value is reported as an error.
 * @attr {"true"|"false"} count-include-pad - Average pooling counts padding in its divisor
 *   (default "true").
 * @attr {number} divisor-override - Average pooling divides every window by this instead.
 * @attr {string} grad-output - "ones" (default) or one upstream gradient per output. Gradients
 *   the page gives (this attribute, a link, setState) that do not fit the output are all taken
 *   as 1, and the visible note says how many were given; after any change of the learner's the
 *   gradients are the learner's, and ones that no longer fit give way to 1 without a note.
 * @attr {string} examples - The worked examples to offer, as space-separated ids from
 *   presets.json, or "none" (default: all).
 * @attr {boolean} sync-url - Read the settings from the page's query string when connected, and
 *   write them back after every change, so a link reproduces the view. A query string that
 *   cannot be read leaves the attributes' settings in force and says so in a visible note.
 * @attr {boolean} no-picture - Leaves out the "Pool a picture" section.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the
 *   colour scheme of the page the element sits in (its computed color-scheme).
 *
 * @method getState - The settings now shown: { op, inputHeight, inputWidth, input, kernelSize,
 *   stride, padding, dilation (all [h, w]), ceilMode, countIncludePad, divisorOverride (number or
 *   null), gradOutput ("ones" or numbers), selected (the window as the page names it, counted
 *   from 1: 4 is "window 4"; or null) }: the keys <pool-widget> uses for the same settings;
 *   plus { error } while the alert says why settings given are not drawn (an attribute it cannot
 *   read, whose defaults it draws instead; settings the core refuses; a core that did not load):
 *   that message, which a typed cell's refusal may take the alert's place from for a while.
 *   Before the element is on a page, the settings it will start from (README.md, "getState").
 * @method setState - Takes any part of that object and applies it; a size may be one number for
 *   both sides, and `height`/`width` still name the input's sides. A malformed value is refused
 *   with a console warning naming it, and the settings stay as they were. Fires no event.
 * @method applyQuery - Applies settings written as a query string (the link format of shared/pool-settings.js); returns
 *   false, and changes nothing, if it cannot be read. Fires no event.
 * @method ready - Resolves once the core has loaded and the current settings are shown.
 *
 * @fires pool-change - The learner changed a setting, an input or a gradient, or picked a
 *   worked example. detail: { state: getState(), byUser: true }, as <pool-widget>'s.
 * @fires pool-select - The learner selected a window. detail: { index, row, column (0-based,
 *   as the core's output cells), window (index + 1, the number getState's `selected` and the page
 *   use), cells (the flat input cells it covers), value (the core's output), byUser: true }, as
 *   <pool-widget>'s. Neither event fires when attributes or state are set from code.
 *
 * @csspart controls - The form of settings.
 * @csspart formula - The output-size formula of each side.
 * @csspart error - The alert holding the reason the settings do not work.
 * @csspart note - The note on settings the page gave that could not be used: a link that could
 *   not be read, upstream gradients that do not fit the output.
 * @csspart comparison - What PyTorch gives for the chosen worked example.
 * @csspart input-grid, output-grid, grad-output-grid, grad-input-grid - The grids.
 * @csspart detail - The line explaining the selected window (a screen reader hears it, in the
 *   result summary's live region, once the learner pauses after choosing the window).
 * @csspart picture - The "Pool a picture" section.
 *
 * @cssproperty --pool-surface, --pool-text, --pool-muted, --pool-cell, --pool-cell-border,
 *   --pool-accent, --pool-on-accent, --pool-highlight, --pool-pad, --pool-extra, --pool-good,
 *   --pool-error-surface, --pool-error-text - Colours (a light and a dark set, shared with
 *   <pool-widget>, are built in).
 */
export class PoolPlayground extends HTMLElement {
  // sync-url and no-picture take effect when the element is connected.
  static observedAttributes = [...SETTINGS.filter((row) => row.kind !== 'flag').map((row) => row.attribute), 'lang'];

  #els;
  #core = null;
  #coreFailed = null;
  // Why the link's settings could not be read (sync-url), said in the note until a reset.
  #linkError = null;
  // Whether the upstream gradients are the page's (attributes, a link, setState) rather than the
  // learner's: after any change of the learner's they are the learner's, since the output's shape
  // is then the learner's too. How many gradients the page gave that did not fit the output is
  // said in the note until the learner changes something or the page sets gradients again; the
  // learner's give way to ones without a word.
  #gradientsFromPage = true;
  #gradientsDropped = null;
  #defaults = null;
  #settings = null;
  #attributeError = null;
  #result = null;
  #error = null;
  #selected = null;
  #inputView = null;
  #inputKey = '';
  #outputButtons = [];
  // The output grid and the shape and language it was built for.
  #outputView = null;
  #gradInputKey = '';
  #gradFields = [];
  #gradInputCells = [];
  #started = false;
  #ready = null;
  #loading = new LoadingState(this);
  #urlTimer = 0;
  // The one polite voice of the grids: what the learner's last change or choice of window did.
  #summary = new SpeakLater(() => this.#els?.summary ?? null);
  // A typed cell the core cannot take, refused once the typing pauses ("2.5x" is refused when
  // the learner stops at it, "-" or "1e" only if they commit it).
  #refusing = new RefuseLater();
  /** The one setting the last change made, if it made one: what the summary speaks of. */
  #lastEdit = null;
  #pictureTimer = 0;
  #lastPictureKey = '';
  #picture;
  #form;
  // The words of the language the element speaks (web/i18n): English until its language loads.
  #t = translator('en');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root, cssText);
    root.append(playgroundTree());
    applyWords(root, this.#t);
    const $ = (selector) => root.querySelector(selector);
    this.#els = {
      note: $('.note'),
      summary: $('#summary'),
      examples: $('.examples'),
      exampleList: $('.example-list'),
      comparison: $('.comparison'),
      sides: Object.fromEntries([...root.querySelectorAll('.side')].map((side) => [side.dataset.side, side])),
      alert: $('.alert'),
      alertHome: $('.alert-home'),
      loading: $('.loading'),
      forward: $('.forward'),
      forwardHint: $('.forward-hint'),
      inputCaption: $('#input-caption'),
      inputHolder: $('.input-holder'),
      outputCaption: $('#output-caption'),
      outputHolder: $('.output-holder'),
      extraLegend: $('#extra-legend'),
      detail: $('.detail'),
      backward: $('.backward'),
      backwardHint: $('.backward-hint'),
      gradOutputCaption: $('#grad-output-caption'),
      gradOutputHolder: $('.grad-output-holder'),
      gradInputCaption: $('#grad-input-caption'),
      gradInputHolder: $('.grad-input-holder'),
      backwardDetail: $('.backward-detail'),
      pictureSection: $('.picture'),
    };
    this.#picture = new PicturePanel({
      original: $('.original'),
      pooled: $('.pooled'),
      originalCaption: $('.original-caption'),
      pooledCaption: $('.pooled-caption'),
      status: $('.picture-status'),
      progress: $('.progress'),
      figures: $('.figures'),
    });
    this.#form = new SettingsForm(root, {
      current: () => this.#settings,
      change: (partial) => this.#apply(partial, { byUser: true }),
      refuse: (message, parameter) => {
        this.#els.alert.textContent = message;
        this.#placeAlert(parameter);
      },
      words: () => this.#t,
    });
    this.#listen(root);
  }

  connectedCallback() {
    this.#els.pictureSection.hidden = this.hasAttribute('no-picture');
    followLang(this, () => this.#speakAndRender());
    if (this.#started) {
      this.#render(); // moved in the page: keep the learner's settings
      this.#speakAndRender(); // and speak the language of where it is now
      // disconnectedCallback stopped the picture's worker; without a new one the picture would
      // stay as it was pooled, whatever the settings say.
      this.#picture.resume(() => this.#currentPictureRequest());
      return;
    }
    this.#started = true;
    this.#startFromAttributes();
    if (this.hasAttribute('sync-url')) this.#readUrl();
    this.#ready = this.#loadCore();
  }

  // Loads the language of the lang attribute (or the page's) and writes the tree's words in it.
  // Returns null if they did not change, else the place of the control that had the focus
  // (focusPlace) before anything was drawn again. A language asked for earlier that loads after
  // a later one (en is at hand at once, zh-CN is fetched) gives way to the later one.
  async #speak() {
    const t = await translatorOf(this);
    if (t.lang === this.#t.lang || t.lang !== langOfElement(this)) return null;
    const focused = focusPlace(this.shadowRoot);
    this.#t = t;
    this.#picture.t = this.#t;
    applyWords(this.shadowRoot, this.#t);
    this.#renderExamples();
    return focused;
  }

  // The tree in the language the element speaks now, then the settings drawn in it; the grids
  // and the examples are drawn again, and the learner's control keeps the focus.
  #speakAndRender() {
    this.#speak().then((focused) => {
      if (focused === null) return;
      this.#render();
      refocusAt(this.shadowRoot, focused);
    });
  }

  disconnectedCallback() {
    unfollowLang(this);
    // A write still pending would land in whatever page the address shows by then.
    clearTimeout(this.#urlTimer);
    clearTimeout(this.#pictureTimer);
    this.#summary.cancel();
    this.#refusing.cancel();
    this.#picture.dispose();
    this.#lastPictureKey = '';
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (!this.#started || oldValue === newValue) return;
    if (name === 'lang') {
      this.#speakAndRender();
      return;
    }
    this.#startFromAttributes();
    this.#render();
  }

  /** Resolves once the core has loaded and the current settings are shown. */
  ready() {
    return this.#ready ?? Promise.resolve();
  }

  // Every key, always, and `error`, the alert's message, while it says why settings given are
  // not drawn. Before the element is on a page, the settings it will start from.
  getState() {
    if (!this.#settings) return { ...settingsOfAttributes((name) => this.getAttribute(name)).settings, selected: null };
    // The state numbers windows as the page does (window 1 first); the element counts from 0.
    const state = { ...structuredClone(this.#settings), selected: this.#selected === null ? null : this.#selected + 1 };
    const error = this.#alertText();
    if (error) state.error = error;
    return state;
  }

  setState(partial = {}) {
    if (!this.#settings) return;
    // A host page's mistake is reported, never thrown: the playground keeps working.
    let read;
    try {
      read = readState(STATE, partial, { aliases: OLD_STATE_KEYS, current: this.#settings });
    } catch (error) {
      if (!(error instanceof SettingsStateError)) throw error;
      console.warn(`<pool-playground>: setState refused: ${error.message}. The settings stay as they were.`);
      return;
    }
    for (const key of read.ignored) console.warn(`<pool-playground>: setState ignores "${key}", which is not a setting.`);
    this.#apply(read.partial);
  }

  applyQuery(query) {
    if (!this.#settings) return false;
    try {
      const settings = readQuery(POOLING, query, this.#defaults ?? this.#settings);
      this.#linkError = null;
      this.#apply(settings, { replace: true });
      return true;
    } catch (error) {
      if (error instanceof SettingsQueryError) return false;
      throw error;
    }
  }

  // Settings -------------------------------------------------------------------------------

  #startFromAttributes() {
    const { settings, problem } = settingsOfAttributes((name) => this.getAttribute(name));
    this.#defaults = settings;
    this.#attributeError = problem?.message ?? null;
    if (problem) console.warn(`<pool-playground>: ${problem.message}`);
    this.#settings = structuredClone(this.#defaults);
    this.#gradientsFrom(true);
    this.#selected = null;
    this.#renderExamples();
  }

  #readUrl() {
    const query = window.location.search;
    if (!hasQuerySettings(POOLING, query)) return;
    try {
      this.#settings = readQuery(POOLING, query, this.#defaults);
    } catch (error) {
      if (!(error instanceof SettingsQueryError)) throw error;
      this.#linkError = error;
    }
  }

  async #loadCore() {
    const speaking = this.#speak();
    try {
      this.#core = await loadCore();
    } catch (error) {
      this.#coreFailed = error?.message ?? String(error);
    }
    await speaking;
    this.#render();
    this.#loading.done();
  }

  // Who set the upstream gradients last; gradients set again end the note on the ones before.
  #gradientsFrom(page) {
    this.#gradientsFromPage = page;
    this.#gradientsDropped = null;
  }

  /**
   * Applies a partial settings object (a learner's edit, an example, setState, a link, the
   * reset). `pageSettings`: the partial is the page's own settings (the reset).
   */
  #apply(partial, { byUser = false, replace = false, pageSettings = false } = {}) {
    this.#lastEdit = Object.keys(partial).length === 1 ? Object.keys(partial)[0] : null;
    // The gradients are the page's when the page sets them, or when the learner goes back to the
    // page's settings; any other change of the learner's makes them the learner's, since the
    // output's shape is then the learner's too.
    if (pageSettings || (!byUser && (replace || 'gradOutput' in partial))) this.#gradientsFrom(true);
    else if (byUser) this.#gradientsFrom(false);
    const next = replace ? structuredClone(partial) : { ...structuredClone(this.#settings), ...structuredClone(partial) };
    delete next.selected;
    const resized = next.inputHeight !== this.#settings.inputHeight || next.inputWidth !== this.#settings.inputWidth;
    if (resized && !('input' in partial)) next.input = resizeInput(this.#settings, next.inputHeight, next.inputWidth);
    this.#settings = next;
    if ('selected' in partial) this.#selected = partial.selected === null ? null : partial.selected - 1;
    this.#render();
    // The address follows every change, the learner's or a script's; only the learner's fire.
    // A detached element (setState after removal) leaves the address to whatever page is there.
    if (this.isConnected && this.hasAttribute('sync-url')) {
      clearTimeout(this.#urlTimer);
      this.#urlTimer = setTimeout(() => this.#writeUrl(), URL_WRITE_DELAY_MS);
    }
    if (byUser) this.#emit(CHANGE_EVENT, { state: this.getState(), byUser: true });
  }

  #writeUrl() {
    // While a field is half-typed the address keeps the last settings that read back: a link
    // with kernel_size=NaN would be refused whole on reload.
    const settingsQuery = shareableQuery(POOLING, this.#settings);
    if (settingsQuery === null) return;
    const kept = new URLSearchParams(window.location.search);
    for (const key of queryKeys(POOLING)) kept.delete(key);
    const others = kept.toString();
    const query = settingsQuery + (others ? `&${others}` : '');
    const url = `${window.location.pathname}?${query}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }

  // Rendering ------------------------------------------------------------------------------

  #render() {
    // A refusal still waiting was of the cells as they were: the settings drawn now may differ.
    this.#refusing.cancel();
    this.#form.show(this.#settings);
    const { loading, alert, forward, backward } = this.#els;
    if (this.#coreFailed || !this.#core) {
      this.#renderFormula();
      loading.hidden = Boolean(this.#coreFailed);
      alert.textContent = this.#alertText();
      this.#placeAlert(null);
      return;
    }
    setHidden(loading, true);
    this.#compute();
    this.#renderFormula();
    alert.textContent = this.#alertText();
    setText(this.#els.note, this.#noteText());
    this.#form.markInvalid(this.#error?.parameter ?? null);
    this.#placeAlert(this.#attributeError ? null : this.#error?.parameter ?? null);
    this.#renderInput();
    setHidden(forward, false);
    if (this.#result) {
      this.#renderOutput();
      this.#renderBackward();
      this.#renderSelection();
      this.#announce(this.#resultWords());
    } else {
      this.#els.outputHolder.replaceChildren();
      this.#outputView = null;
      this.#els.outputCaption.textContent = this.#t('pool-playground.forward.outputNone');
      // With no grid to name it, the caption is the output's only word: a screen reader hears it.
      setAttributeIfChanged(this.#els.outputCaption, 'aria-hidden', null);
      this.#els.detail.textContent = '';
      setHidden(this.#els.extraLegend, true);
      this.#announce('');
    }
    setHidden(backward, !this.#result);
    this.#renderComparison();
    this.#schedulePicture();
  }

  // What the page's settings could not do: a link that could not be read, gradients that did
  // not fit the output.
  #noteText() {
    const t = this.#t;
    const notes = [];
    if (this.#linkError) notes.push(t('pool-playground.status.linkUnread', { reason: localiseError(this.#linkError, t.lang) }));
    if (this.#gradientsDropped !== null && this.#result) {
      const given = this.#gradientsDropped;
      const { outputHeight: rows, outputWidth: columns } = this.#result;
      notes.push(t(`pool-playground.status.gradientsDropped.${given === 1 ? 'one' : 'other'}`, { given, count: rows * columns, size: bySize([rows, columns]) }));
    }
    return notes.length === 2 ? t('pool-playground.status.twoNotes', { first: notes[0], second: notes[1] }) : notes[0] ?? '';
  }

  // The alert stands where the learner is looking: in the fieldset of the control that caused
  // the problem (whose fields name it with aria-describedby), or above the grids.
  #placeAlert(parameter) {
    const holder = (parameter && this.#form.fieldsetOf(parameter)) || this.#els.alertHome;
    if (this.#els.alert.parentNode !== holder) holder.append(this.#els.alert);
  }

  // What a change did, in words for a screen reader: the output's numbers, or after an edit of
  // the upstream gradients the input's gradient; the numbers themselves while there are few
  // enough to take in by ear, else the size alone (the grids hold them, cell by cell).
  #resultWords() {
    const r = this.#result;
    const t = this.#t;
    const [key, shape, values] = this.#lastEdit === 'gradOutput'
      ? ['gradInput', [this.#settings.inputHeight, this.#settings.inputWidth], r.gradInput]
      : ['output', [r.outputHeight, r.outputWidth], r.output];
    const size = bySize(shape);
    if (values.length > SPOKEN_VALUES_MOST) return t(`pool-playground.status.${key}`, { size });
    const spoken = Array.from(values, (value) => formatNumber(value)).join(t('pool-playground.status.valueSeparator'));
    return t(`pool-playground.status.${key}Values`, { size, values: spoken });
  }

  // The live summary is written once the learner pauses, and only when its words change (or
  // `again`), so each result is read out once (speak-later.js). It is the only polite region a
  // change writes: the selected window's line follows a change on screen, unspoken, since the
  // summary already reads its number.
  #announce(text, { again = false } = {}) {
    this.#summary.say(text, { again });
  }

  // Why settings given are not shown: the core did not load, an attribute cannot be read (its
  // defaults are shown), or the core refuses the settings; '' if none is.
  #alertText() {
    if (this.#coreFailed) return this.#t('pool-widget.errors.coreFailed', { reason: this.#coreFailed });
    const problem = this.#attributeError ?? this.#error?.message ?? null;
    return problem === null ? '' : localiseError(problem, this.#t.lang);
  }

  #compute() {
    this.#result = null;
    this.#error = null;
    const settings = this.#settings;
    const empty = this.#emptyField();
    if (empty) {
      this.#error = empty;
      return;
    }
    try {
      // Upstream gradients given for another output size do not fit this one: start from ones.
      const [, oh, ow] = this.#core.pool2dOutputShape([1, settings.inputHeight, settings.inputWidth], coreOptions(settings));
      if (settings.gradOutput !== 'ones' && settings.gradOutput.length !== oh * ow) {
        if (this.#gradientsFromPage) {
          this.#gradientsDropped = settings.gradOutput.length;
          console.warn(`<pool-playground>: grad_output has ${settings.gradOutput.length} numbers, but the output has ${oh * ow} (${oh} by ${ow}); the upstream gradients start from ones.`);
        }
        settings.gradOutput = 'ones';
      }
      this.#result = modelOfSettings(this.#core, settings);
    } catch (error) {
      if (error?.name !== 'PoolError') throw error;
      this.#error = { message: pytorchWords(error.message), parameter: error.parameter };
      return;
    }
    if (this.#selected !== null && this.#selected >= this.#result.windows.length) this.#selected = null;
  }

  // A field left empty (or holding something that is not a whole number) is named here, before
  // the core would see NaN.
  #emptyField() {
    const settings = this.#settings;
    const names = { kernelSize: 'kernel_size', stride: 'stride', padding: 'padding', dilation: 'dilation' };
    for (const [param, name] of Object.entries(names)) {
      if (param === 'dilation' && settings.op !== 'max') continue;
      const side = settings[param].findIndex((value) => !Number.isFinite(value));
      if (side >= 0) {
        return {
          message: this.#t('pool-playground.formula.sideNeedsWhole', { name, side: this.#t(`pool-playground.sides.${side === 0 ? 'height' : 'width'}`) }),
          parameter: param,
        };
      }
    }
    return null;
  }

  #renderFormula() {
    const s = this.#settings;
    const shape = this.#result ? [this.#result.outputHeight, this.#result.outputWidth] : null;
    ['height', 'width'].forEach((name, i) => {
      const side = {
        name,
        size: [s.inputHeight, s.inputWidth][i],
        kernel: s.kernelSize[i],
        stride: s.stride[i],
        padding: s.padding[i],
        dilation: s.op === 'max' ? s.dilation[i] : 1,
        ceilMode: s.ceilMode,
        showDilation: s.op === 'max',
      };
      const formula = sideFormula(side, this.#t);
      const box = this.#els.sides[name];
      setText(box.querySelector('.symbolic'), `out = ${formula.symbolic}`);
      setText(box.querySelector('.substituted'), `= ${formula.substituted}`);
      const dropped = box.querySelector('.dropped');
      const coreValue = shape ? shape[i] : null;
      setText(dropped, coreValue !== null && formula.value !== null && coreValue === formula.value - 1
        ? explainDrop(side, formula.value, coreValue, this.#t)
        : '');
    });
  }

  #renderInput() {
    const s = this.#settings;
    const result = this.#result;
    const padding = result ? s.padding : [0, 0];
    const padText = s.op === 'avg' ? '0' : '−∞';
    // Switching between average and max pooling changes only what the padding holds: its
    // cells are written in place.
    const key = `${s.inputHeight}x${s.inputWidth}|${padding}|${this.#t.lang}`;
    if (key === this.#inputKey && padText !== this.#inputView.padText) {
      for (const cell of this.#inputView.grid.querySelectorAll('.cell.pad')) setText(cell, padText);
      this.#inputView.padText = padText;
    }
    if (key !== this.#inputKey) {
      this.#inputKey = key;
      this.#inputView = inputGrid({ shape: [s.inputHeight, s.inputWidth], padding, padText, values: s.input, t: this.#t });
      this.#inputView.padText = padText;
      this.#inputView.fields.forEach((field, index) => this.#listenToCell(field, 'input', index));
      this.#els.inputHolder.replaceChildren(this.#inputView.grid);
    } else {
      const focused = this.shadowRoot.activeElement;
      this.#inputView.fields.forEach((field, index) => {
        if (field !== focused && field.value !== formatNumber(s.input[index])) field.value = formatNumber(s.input[index]);
      });
    }
    const [ph, pw] = padding;
    const t = this.#t;
    const padNote = ph || pw ? t('pool-playground.forward.paddingNote', { padding: ph === pw ? ph : `${ph} × ${pw}` }) : '';
    setText(this.#els.inputCaption, t('pool-playground.forward.inputCaption', { size: bySize([s.inputHeight, s.inputWidth]), padding: padNote }));
    setText(this.#els.forwardHint, t(s.op === 'avg' ? 'pool-playground.forward.hintAverage' : 'pool-playground.forward.hintMax'));
  }

  #renderOutput() {
    const r = this.#result;
    const extra = r.windows.map((win) => win.extra);
    // An output of the shape already drawn takes its new numbers in place.
    const outputKey = `${r.outputHeight}x${r.outputWidth}|${this.#t.lang}`;
    if (this.#outputView?.key === outputKey) {
      showOutput(this.#outputView, { values: r.output, divisors: r.divisors, extra, describedBy: 'extra-legend', t: this.#t });
      setHidden(this.#els.extraLegend, !extra.some(Boolean));
      return;
    }
    const view = outputGrid({
      shape: [r.outputHeight, r.outputWidth], values: r.output, divisors: r.divisors, extra, describedBy: 'extra-legend', t: this.#t,
    });
    view.buttons.forEach((button, index) => {
      button.addEventListener('click', () => this.#select(index));
    });
    const focusedIndex = this.#outputButtons.indexOf(this.shadowRoot.activeElement);
    this.#outputButtons = view.buttons;
    this.#outputView = { ...view, key: outputKey };
    this.#els.outputHolder.replaceChildren(view.grid);
    if (focusedIndex >= 0 && view.buttons[focusedIndex]) view.buttons[focusedIndex].focus();
    setText(this.#els.outputCaption, this.#t('pool-playground.forward.outputCaption', { size: bySize([r.outputHeight, r.outputWidth]) }));
    // The grid's name says the caption (gridPanel).
    setAttributeIfChanged(this.#els.outputCaption, 'aria-hidden', 'true');
    setHidden(this.#els.extraLegend, !extra.some(Boolean));
  }

  #renderBackward() {
    const r = this.#result;
    const s = this.#settings;
    const gradKey = `${r.outputHeight}x${r.outputWidth}|${this.#t.lang}`;
    const focused = this.shadowRoot.activeElement;
    if (this.#gradFields.length && this.#gradFields.gradKey === gradKey) {
      this.#gradFields.forEach((field, i) => {
        if (field !== focused && field.value !== formatNumber(r.gradOutput[i])) field.value = formatNumber(r.gradOutput[i]);
      });
    } else {
      const view = gradOutputGrid({ shape: [r.outputHeight, r.outputWidth], values: r.gradOutput, t: this.#t });
      view.fields.forEach((field, index) => this.#listenToCell(field, 'gradOutput', index));
      view.fields.gradKey = gradKey;
      this.#gradFields = view.fields;
      this.#els.gradOutputHolder.replaceChildren(view.grid);
    }
    const t = this.#t;
    setText(this.#els.gradOutputCaption, t('pool-playground.backward.gradOutputCaption', {
      size: bySize([r.outputHeight, r.outputWidth]), ones: s.gradOutput === 'ones' ? t('pool-playground.backward.allOnes') : '',
    }));
    this.#renderGradInput();
    setText(this.#els.backwardHint, t(s.op === 'avg' ? 'pool-playground.backward.hintAverage' : 'pool-playground.backward.hintMax'));
  }

  #renderGradInput() {
    const r = this.#result;
    const s = this.#settings;
    const gradKey = `${s.inputHeight}x${s.inputWidth}|${this.#t.lang}`;
    if (this.#gradInputKey === gradKey) {
      showNumbers(this.#gradInputCells, r.gradInput);
      return;
    }
    this.#gradInputKey = gradKey;
    const view = gradInputGrid({ shape: [s.inputHeight, s.inputWidth], values: r.gradInput, t: this.#t });
    this.#gradInputCells = view.cells;
    this.#els.gradInputHolder.replaceChildren(view.grid);
    setText(this.#els.gradInputCaption, this.#t('pool-playground.backward.gradInputCaption', { size: bySize([s.inputHeight, s.inputWidth]) }));
  }

  #renderSelection() {
    const r = this.#result;
    const index = this.#selected;
    const win = index === null ? null : r.windows[index];
    markPressed(this.#outputButtons, index);
    const view = this.#inputView;
    for (const box of view.grid.querySelectorAll('.cell')) box.classList.remove('in-window', 'argmax');
    for (const cell of this.#gradInputCells) cell.classList.remove('in-window');
    if (!win) {
      setText(this.#els.detail, this.#t('pool-playground.forward.selectOutput'));
      setText(this.#els.backwardDetail, '');
      return;
    }
    for (const tap of win.taps) view.cellAt(tap.y, tap.x)?.classList.add('in-window');
    for (const cell of win.cells) this.#gradInputCells[cell].classList.add('in-window');
    if (r.op === 'max') {
      const winner = r.indices[index];
      view.cellAt(Math.floor(winner / r.width), winner % r.width)?.classList.add('argmax');
    }
    setText(this.#els.detail, explainForward(this.#t, r, this.#settings, index));
    setText(this.#els.backwardDetail, explainBackward(this.#t, r, index));
  }

  // Worked examples ------------------------------------------------------------------------

  #offeredExamples() {
    const wanted = (this.getAttribute('examples') ?? '').trim();
    if (wanted === 'none') return [];
    if (wanted === '') return presets.examples;
    const ids = wanted.split(/\s+/);
    return ids.map((id) => presets.examples.find((example) => example.id === id)).filter(Boolean);
  }

  // An example's title, source, says and note in the element's language (presets.json has every
  // language the course speaks; a node test sees to it).
  #textOf(example) {
    return example.text[this.#t.lang] ?? example.text.en;
  }

  #renderExamples() {
    const examples = this.#offeredExamples();
    this.#els.examples.hidden = examples.length === 0;
    this.#els.exampleList.replaceChildren(...examples.map((example) => {
      const { title, source } = this.#textOf(example);
      return element('li', {}, [
        element('button', { type: 'button', 'data-example': example.id, 'aria-pressed': 'false' }, [
          title,
          element('span', { class: 'source' }, this.#t('pool-playground.examples.from', { source })),
        ]),
      ]);
    }));
  }

  #renderComparison() {
    const match = this.#offeredExamples().find((example) => sameComputation(example.settings, this.#settings)) ?? null;
    for (const button of this.#els.exampleList.querySelectorAll('button')) {
      button.setAttribute('aria-pressed', String(button.dataset.example === match?.id));
    }
    const panel = this.#els.comparison;
    setHidden(panel, !match);
    if (!match) return;
    const { pytorch } = match;
    const list = (values) => values.map(readableNumber).join(', ');
    const t = this.#t;
    const { title, source, says, note } = this.#textOf(match);
    setText(panel.querySelector('.comparison-title'), t('pool-playground.compare.title', { title, source }));
    setText(panel.querySelector('.says'), says);
    setText(panel.querySelector('.pytorch'), t('pool-playground.compare.pytorch', {
      size: bySize(pytorch.outputShape), output: list(pytorch.output), gradInput: list(pytorch.gradInput),
    }));
    setText(panel.querySelector('.comparison-note'), note);
    setText(panel.querySelector('.verdict'), compareWithPyTorch(t, this.#result, pytorch));
  }

  // The picture ----------------------------------------------------------------------------

  // Pools the picture again when the settings that shape it change (not the grid's numbers).
  #schedulePicture() {
    if (!this.#picture.hasPicture) return;
    const request = this.#pictureRequest();
    const key = JSON.stringify(request);
    if (key === this.#lastPictureKey) return;
    this.#lastPictureKey = key;
    clearTimeout(this.#pictureTimer);
    this.#pictureTimer = setTimeout(() => this.#picture.pool(request), PICTURE_DELAY_MS);
  }

  #pictureRequest() {
    const problem = this.#error?.message ?? null;
    return { op: this.#settings.op, options: coreOptions(this.#settings), invalid: problem };
  }

  // Asked for by the panel once a picture has decoded, so it is pooled with the settings shown
  // then; remembered, so #schedulePicture does not pool the same again.
  #currentPictureRequest() {
    const request = this.#pictureRequest();
    this.#lastPictureKey = JSON.stringify(request);
    clearTimeout(this.#pictureTimer);
    return request;
  }

  #showPicture(blob, name) {
    return this.#picture.show(blob, name, () => this.#currentPictureRequest());
  }

  async #showBundledPhoto() {
    try {
      const response = await fetch(PHOTO_URL);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await this.#showPicture(await response.blob(), this.#t('pool-playground.picture.photoName'));
    } catch (error) {
      this.shadowRoot.querySelector('.picture-status').textContent = this.#t('pool-playground.picture.photoFailed', { reason: error.message });
    }
  }

  // Interaction ----------------------------------------------------------------------------

  #listen(root) {
    root.querySelector('.reset').addEventListener('click', () => {
      this.#linkError = null;
      this.#apply(this.#defaults, { byUser: true, replace: true, pageSettings: true });
    });
    this.#els.exampleList.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-example]');
      if (!button) return;
      const example = presets.examples.find((candidate) => candidate.id === button.dataset.example);
      this.#selected = null;
      this.#apply(example.settings, { byUser: true, replace: true });
      this.#announce(this.#t('pool-playground.compare.announce', {
        title: this.#textOf(example).title, size: bySize(example.pytorch.outputShape), verdict: this.#els.comparison.querySelector('.verdict').textContent,
      }));
    });
    root.querySelector('.ones').addEventListener('click', () => this.#apply({ gradOutput: 'ones' }, { byUser: true }));
    root.querySelector('.bundled').addEventListener('click', () => this.#showBundledPhoto());
    const fileField = root.querySelector('.file');
    root.querySelector('.choose').addEventListener('click', () => fileField.click());
    fileField.addEventListener('change', () => {
      const [file] = fileField.files;
      // Emptied, so choosing the same file again pools it again (with the settings of then).
      fileField.value = '';
      if (file) this.#showPicture(file, file.name);
    });
  }

  // A cell of the input picture ('input') or of the upstream gradients ('gradOutput'): its number
  // is used as it is typed, committed by Enter (not the Enter that ends an input method's word),
  // and put back on leaving if it does not read.
  #listenToCell(field, key, index) {
    field.addEventListener('input', () => this.#onCell(field, key, index, { commit: false }));
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.isComposing) this.#onCell(field, key, index, { commit: true });
    });
    field.addEventListener('blur', () => this.#onFieldBlur(field, key, index));
  }

  // The numbers a kind of cell shows: the settings' input, or the result's upstream gradients.
  #cellValues(key) {
    return key === 'input' ? this.#settings.input : this.#result?.gradOutput;
  }

  // A typed number the core cannot take is explained where the learner looks (the alert beside
  // the grids), and the cell keeps the number in use until a good one is typed. It is refused
  // once the typing pauses, or at once when the learner commits it (Enter, or leaving the
  // cell): an alert at each key would break into what a screen reader reads as they type. A
  // sign or an exponent still to be written is refused only when committed. A number that reads
  // is used; Enter on it, already used, changes nothing.
  #onCell(field, key, index, { commit }) {
    const values = this.#cellValues(key);
    if (!values) return;
    this.#refusing.cancel();
    const problem = numberProblem(field.value);
    if (problem === null) {
      markInvalid(field, false);
      if (commit) return;
      const next = Array.from(values);
      next[index] = readNumber(field.value);
      this.#apply({ [key]: next }, { byUser: true });
      return;
    }
    const refuse = () => {
      // A cell of a grid drawn since is not the learner's any more.
      if (!field.isConnected) return;
      const width = key === 'input' ? this.#settings.inputWidth : this.#result.outputWidth;
      const where = this.#t(key === 'input' ? 'pool-playground.forward.inputCell' : 'pool-playground.backward.gradOutputCell', {
        row: Math.floor(index / width) + 1, column: (index % width) + 1,
      });
      markInvalid(field, true);
      this.#els.alert.textContent = this.#t('pool-playground.status.fieldRefused', {
        where, problem: localiseError(problem, this.#t.lang), kept: readableNumber(this.#cellValues(key)[index]),
      });
      this.#placeAlert(null);
    };
    if (commit) {
      refuse();
    } else if (!isUnfinishedNumber(field.value)) {
      this.#refusing.later(refuse);
    } else if (field.getAttribute('aria-invalid') === 'true') {
      // What was refused is gone: the mark goes, and the alert says again what the settings
      // themselves need, if anything.
      markInvalid(field, false);
      this.#render();
    }
  }

  // A cell left holding something that is not a number shows the number in use again, refusing
  // first, as Enter would, what was not refused yet. The alert keeps saying why until other
  // settings are drawn: a learner who types and leaves at once is told only after the focus has
  // moved on, and a screen reader reads an alert only while it has something to say.
  #onFieldBlur(field, key, index) {
    const values = this.#cellValues(key);
    if (!values || numberProblem(field.value) === null) return;
    if (this.#refusing.waiting || field.getAttribute('aria-invalid') !== 'true') this.#onCell(field, key, index, { commit: true });
    field.value = formatNumber(values[index]);
    markInvalid(field, false);
  }

  #select(index) {
    this.#selected = index;
    this.#renderSelection();
    // The window the learner chose is said in its line's words; choosing it again says it again.
    this.#announce(this.#els.detail.textContent, { again: true });
    const win = this.#result.windows[index];
    this.#emit('pool-select', {
      index, window: index + 1, row: win.row, column: win.column, cells: [...win.cells], value: this.#result.output[index], byUser: true,
    });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
