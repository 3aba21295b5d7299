// What every course widget built on a settings table does the same way, so that an element
// keeps only its own drawing: attributes render (batched by a RenderQueue), getState/setState
// read and write through the table, a setting the core refuses is taken back or explained in
// place, and a number typed into a field is used as soon as it reads, refused in words when it
// does not, announced in the live region and reported to the page when the learner commits it.
//
// An element owns one SettingsWidget (composition: nothing of it shows on the element's public
// surface) and forwards its lifecycle callbacks and getState/setState/ready to it. The element
// keeps the drawing: `build` (its shadow tree, in a language), `numbers` (the family's numbers
// for a settings object, or a throw: these settings cannot be shown), `view` (what of those
// numbers the selection shows, where that takes work of its own), `draw` (every number on
// screen) and `announce` (the live sentence after a change).
//
// One change costs one computation. What `numbers` returns is kept with the settings object it
// was computed for, and `draw` is handed it for those very settings: the check that settings can
// be shown and their drawing share one computation. A typed value or a slider's tick is checked
// on the settings object the widget then adopts (settings are never changed in place, so
// identity says whose numbers they are), and a value already in use (a slider's change after its
// input, Enter after typing) is not computed again.
//
// One change writes each field once. Where the widget draws a change (a typed value, a choice,
// a control's `apply`, a drag's move, the page's settings, a change taken back), it puts the
// settings into the element's own controls (`sync`) before `draw`, and into the fields after it,
// so a field the drawing makes (a grid fitted to new sizes) gets its value in that one pass and
// `draw` never puts the fields in itself. Only what differs is written, and a field the learner
// is typing in keeps what they typed.
//
// A selection costs no computation of the numbers. What a learner picks to look at (a token, a
// query, a step: the keys an element names in `viewOnly`) does not enter its numbers, so settings
// that differ from the ones last computed only in those keys take their numbers: pressing a cell
// draws its highlight, announces it and reports it, and `numbers` does not run. What the
// selection shows of the numbers, where it takes the core's work (PPO's epoch shown), is the
// element's `view`: it runs for every settings object, after `numbers` and before `draw`, and
// is checked with them, so a view the core refuses is explained like numbers it refuses. Values
// are compared, not objects, so the same holds for such settings read again from the attributes
// (a selection set from code, the tree built again in a new language).
//
// What a screen reader hears: the live sentence of a change comes once the learner pauses
// (speak-later.js), so a slider held by its arrow key is read out where it stops; while a
// number is typed, a sign or an exponent still to be written is no mistake, and a refusal waits
// for a pause in the typing or comes at once when the learner commits the number; a number
// taken on the way to one refused is said and reported on that commit.
//
// A refusal never throws to the page. Settings read from the attributes that cannot be shown
// hide the body and say why in the alert; a typed value (or a slider's) that the rules, the
// numbers or the view refuse is not taken, and the field's alert says why. A change an element
// makes from its own controls (a step button, a drag, a size that reshapes several settings at
// once) is checked as it is drawn, as a whole: there is one drawing path, `redraw`, and it holds
// the check, the drawing included (core work an element does as it draws, such as dropout's
// mean over many masks). A drag or a slide drawn as it moves (redraw) and a change committed
// (commit, apply, stepBy) both pass through it, and settings it refuses are taken back: the
// settings on screen before the change return, to the attributes and the controls as well, the
// field's alert says why, and nothing is announced or reported. The learner keeps a working
// widget, the control in their hands included. Only a redraw of the settings already on screen
// (a view of the element's own that is not a setting, such as dropout's average) has nothing to
// go back to: it hides the body and says why in the alert, and the widget works again with the
// next settings the core takes (an attribute, setState).
//
// Language: the element speaks the language of its `lang` attribute, else the nearest
// ancestor's or the page's (langOfElement); the tree is built again in the new words when that
// changes, its own attribute or one above it (followLang). Messages are
// built in English (the core's, the settings readers') and read into the language by
// localiseError; the widget's own sentences come from the message files (../../i18n/).
import { followLang, unfollowLang } from '../../i18n/follow-lang.js';
import { focusPlace, refocusAt } from './focus-place.js';
import { markInvalid } from './invalid-field.js';
import { LoadingState } from './loading-state.js';
import { translator, translatorOf } from '../../i18n/i18n.js';
import { localiseError } from '../../i18n/localise-error.js';
import { formatSetting, readableSetting } from './format-number.js';
import { RenderQueue } from './render-queue.js';
import { keepScrollStops } from './scroll-stop.js';
import { RefuseLater, SpeakLater } from './speak-later.js';
import {
  AttributeError, attributeText, checkRow, isUnfinishedNumber, numberProblem, readNumber, readState, SettingsStateError,
} from './settings-table.js';

// The field alert's id in each shadow tree, unless the template gives it one: a refused field
// names it in aria-describedby.
const FIELD_ALERT_ID = 'field-alert';

// Which fields a drawn change is put into (#draw's `fields`): all but the one that has focus
// (the learner may be typing in it), or every one (the page's settings, a control's `apply`).
const FOCUS_KEPT = 'focus-kept';
const EVERY_FIELD = 'every-field';

/**
 * @typedef {object} WidgetParts what `build` returns as `els`, at least:
 * @property {HTMLElement} body       hidden while the settings cannot be shown
 * @property {HTMLElement} alert      role=alert: why the widget cannot be shown
 * @property {HTMLElement} fieldAlert role=alert: why a typed value is not used, or a change taken back;
 *   a field holding such a value is described by it (its id, 'field-alert' unless it has one)
 * @property {HTMLElement} status     role=status: what the learner's change did
 * @property {HTMLElement} root       where the number fields (input[data-key]) and choices
 *   (select[data-key]) live
 */

export class SettingsWidget {
  #host;
  #options;
  #els = null;
  #t = translator('en');
  // Stops keeping the current tree's scrolling boxes Tab stops (scroll-stop.js).
  #stopScrollStops = null;
  #renders = new RenderQueue(() => this.#render());
  #loading;
  #settings = null;
  #core = null;
  #errorMessage = null;
  // Whether typing changed a setting that has not been announced and reported yet.
  #typedChange = false;
  // The live sentence waiting for the learner's pause (speak-later.js), and a typed number's
  // refusal waiting for a pause in the typing (REFUSE_AFTER_MS).
  #speaking = new SpeakLater(() => this.#els?.status ?? null);
  #refusing = new RefuseLater();
  // The settings when the field being typed in took the focus, for `follow`.
  #typingFrom = null;
  // The field alert's sentence about the settings on screen, a typed value refused or a change
  // taken back (message), and those settings. It outlasts the field: a learner who commits a
  // refused value with Tab moves on at once, and a screen reader reads the alert only if the
  // sentence is still there. Other settings drawn clear it (and only it).
  #fieldMessage = null;
  // The settings object the screen shows, what `draw` returned for it, and the table's
  // attributes as they were then (null where absent): a commit after a drag or a slide (already
  // drawn as it moved) announces without drawing everything again, and a change taken back
  // leaves the attributes as it found them. change() makes a new settings object, so identity
  // says whether the screen is current.
  #drawn = { settings: null, result: undefined, attributes: [] };
  // The settings object the family's numbers were last computed for (or last taken by, for
  // settings that differ only in view-only keys), those numbers, and what `draw` is given for
  // it (the view of them, with a `view`): the check of a change works them out, the drawing of
  // the same settings object takes them.
  #computed = { settings: null, numbers: undefined, shown: undefined };
  // The numbers `draw` showed last (a new tree in another language is given the same ones).
  #numbersDrawn = undefined;

  /**
   * @param {HTMLElement} host the element
   * @param {object} options
   * @param {object[]} options.table the element's settings table
   * @param {(get: (name: string) => string | null, options?: { unreadable?: null }) => object} options.fromAttributes
   *   the settings the attributes give, as readAttributes reads them (its `unreadable` too)
   * @param {() => Promise<object>} options.loadCore the family's core, shared by the page
   * @param {string} options.changeEvent fired with { state, byUser: true } after a learner's change
   * @param {(t: Function) => { tree: Node, els: WidgetParts }} options.build the shadow tree in
   *   the words of translator `t`; built again when the language changes. A box it marks with
   *   SCROLL_STOP (scroll-stop.js) is kept a Tab stop while its content scrolls.
   * @param {(els: WidgetParts) => void} [options.listen] the element's own listeners on a new tree
   * @param {(settings: object, core: object) => unknown} [options.numbers] the family's
   *   numbers for these settings (what `draw` shows), computed once per settings object; throws
   *   if they cannot be shown (a CoreError naming a setting is quoted with its attribute)
   * @param {string[]} [options.viewOnly] the keys of settings that `numbers` does not read (what
   *   is selected, not what is computed): settings that differ from the last computed ones only
   *   in these keys take those numbers, and `draw` shows the selection from the settings. Given
   *   only where `numbers` is a function of the settings (and the core) alone
   * @param {(settings: object, core: object, numbers: unknown) => unknown} [options.view] what
   *   the selection shows of the numbers, where that takes work (the core's) beyond picking
   *   them out: run for each settings object after `numbers` (on the numbers it gave or the
   *   kept ones), with the same check (a throw refuses these settings); `draw` is given what it
   *   returns in place of the numbers
   * @param {(settings: object, core: object, numbers: unknown, how: { newFromPage: boolean }) => unknown} options.draw
   *   puts every number on screen, from `numbers` (what options.numbers, and options.view if
   *   given, gave for these very settings; undefined without either); returns what `announce`
   *   needs. `newFromPage` is true when the page's settings (its attributes, at the first draw
   *   too) show numbers other than those drawn before, and false for a tree built again in a new
   *   language or a change of the learner's: what a live sentence that says what changed since
   *   the last one counts from. Fields it makes (a grid fitted to new sizes) are given their
   *   values after it, with the others: see syncFields. A change the element draws itself (with
   *   `commit` or `redraw` after `change`) puts its fields in with syncFields.
   * @param {(what: string, drawn: unknown, settings: object) => string} options.announce the
   *   live sentence (in the language of `t`) after `what` changed, asked for when it is said:
   *   not for a change the learner's next one replaces within the pause
   *
   * The message files hold, under the element's tag, `errors.coreFailed` ({reason}).
   * @param {(next: object, key: string, from: object) => object} [options.follow] the settings a
   *   typed value brings with it: given the settings with the typed `key` changed and the ones
   *   the field had when it took the focus (so each keystroke starts from there), returns the
   *   settings with what follows that value changed as well, all checked and taken at once
   * @param {(settings: object) => void} [options.sync] puts the settings into the controls
   *   that are not number fields or choices; called before the fields are written, so rows of
   *   fields it makes get their values with the others
   */
  constructor(host, options) {
    this.#host = host;
    this.#options = options;
    this.#loading = new LoadingState(host);
    this.#build();
  }

  /** The parts of the tree now shown (built again when the language changes). */
  get els() {
    return this.#els;
  }

  /** The translator of the language the element speaks now; t.lang names it. */
  get t() {
    return this.#t;
  }

  /** The settings on screen (null while they cannot be shown). Treat as read-only. */
  get settings() {
    return this.#settings;
  }

  /** The family's core, once loaded. */
  get core() {
    return this.#core;
  }

  connected() {
    followLang(this.#host, () => this.#renders.schedule());
    this.#renders.schedule();
  }

  disconnected() {
    unfollowLang(this.#host);
    this.#hush();
  }

  attributeChanged(oldValue, newValue) {
    if (oldValue === newValue || this.#renders.quiet) return;
    this.#renders.schedule();
  }

  ready() {
    return this.#renders.ready();
  }

  // Every key, always. While no settings are shown, the attributes as far as they read (null
  // where they do not), and `error`, the alert's message, once the alert shows one.
  getState() {
    if (this.#settings) return structuredClone(this.#settings);
    const state = this.#options.fromAttributes((name) => this.#host.getAttribute(name), { unreadable: null });
    if (this.#errorMessage) state.error = this.#errorMessage;
    return state;
  }

  setState(partial) {
    const { table } = this.#options;
    const tag = this.#tag;
    // null removes a setting (its default returns), except where null is a value of the row's
    // own (nullText: a layer without a bias); the rest is read as state.
    const isObject = partial !== null && typeof partial === 'object' && !Array.isArray(partial);
    const keepsNull = (key) => table.some((row) => row.key === key && row.nullText);
    const values = isObject ? Object.fromEntries(Object.entries(partial).filter(([key, value]) => value !== null || keepsNull(key))) : partial;
    let read;
    try {
      read = readState(table, values, { current: this.#settings });
    } catch (error) {
      if (!(error instanceof SettingsStateError)) throw error;
      console.warn(`<${tag}>: ${error.message}; nothing was changed.`);
      return;
    }
    for (const key of read.ignored) {
      if (key !== 'error') console.warn(`<${tag}>: setState ignores "${key}"; it knows ${table.map((row) => row.key).join(', ')}.`);
    }
    for (const row of table) {
      if (isObject && partial[row.key] === null && !row.nullText) this.#host.removeAttribute(row.attribute);
      else if (row.key in read.partial) this.#host.setAttribute(row.attribute, attributeText(row, read.partial[row.key]));
    }
  }

  /**
   * Stores a learner's value for a setting (one entry of it with `index`) in the settings and
   * its attribute, without a render (the screen is redrawn by the caller). True if it changed.
   */
  change(key, index, value) {
    return this.#adopt(key, withValue(this.#settings, key, index, value));
  }

  /**
   * A drag or a slide as it moves: stores the value as `change` does, puts it into the other
   * controls and draws it, announcing and reporting nothing (the release commits). True if the
   * settings changed and are drawn; false if nothing changed or the change was refused (and
   * taken back by `redraw`), so a drag knows whether it has moved anything its release reports.
   */
  move(key, index, value) {
    const changed = this.change(key, index, value);
    if (!changed) {
      this.syncFields();
      return false;
    }
    const taken = this.#settings;
    this.#draw({ takeBack: true, fields: FOCUS_KEPT });
    return this.#settings === taken;
  }

  // Takes `next` (the settings with `key` changed) as the settings (see #take); nothing if the
  // value reads as the one in use. True if it changed.
  #adopt(key, next) {
    const row = this.#row(key);
    if (attributeText(row, next[key]) === attributeText(row, this.#settings[key])) return false;
    this.#take(next, [row]);
    return true;
  }

  // The rows whose values in `next` read differently from the ones in use.
  #changedRows(next) {
    const now = this.#settings;
    return this.#options.table.filter((row) => !Object.is(next[row.key], now[row.key]) && attributeText(row, next[row.key]) !== attributeText(row, now[row.key]));
  }

  // Takes `next` as the settings, the very object (so numbers computed for it while it was
  // checked are still its own), and writes its values of `rows` as their attributes.
  #take(next, rows) {
    this.#settings = next;
    for (const row of rows) this.#writeAttribute(row, attributeText(row, next[row.key]));
  }

  // Writes `text` as the row's attribute without a render (the caller draws); null (a value
  // written as no attribute: PyTorch's None, or an attribute the page left out) removes it.
  #writeAttribute(row, text) {
    this.#renders.quietly(() => (text === null ? this.#host.removeAttribute(row.attribute) : this.#host.setAttribute(row.attribute, text)));
  }

  /**
   * Draws the settings in use (a drag or a slide as it moves: nothing is announced or reported)
   * and returns what `draw` returned. Settings whose numbers, view or drawing are refused (a
   * throw, the core's or the element's) are not shown. If the screen showed other settings
   * (a change since), those are taken back: they are the settings again, drawn again, and the
   * field's alert says why. Else the body hides, the widget says why in its place, as for
   * attributes it cannot show, its settings become null, and nothing (undefined) is returned.
   * Nothing is drawn without settings.
   */
  redraw() {
    return this.#draw({ takeBack: true });
  }

  // redraw's work; settings from the attributes are never taken back (`takeBack` false): what
  // the page wrote is refused in place. `fromPage`: the settings are the page's (the attributes,
  // or a new language), not a change of the learner's. `fields` (FOCUS_KEPT or EVERY_FIELD):
  // the settings are put into the controls as well, the element's own before the drawing and
  // the fields after it (syncFields' `all` for EVERY_FIELD), so fields the drawing makes get
  // their values in the same pass as the others; none if the settings are refused.
  #draw({ takeBack, fromPage = false, fields = null }) {
    if (!this.#settings) return undefined;
    try {
      const numbers = this.#numbersQuotingAttributes(this.#settings);
      if (fields) this.#options.sync?.(this.#settings);
      const result = this.#options.draw(this.#settings, this.#core, numbers, { newFromPage: fromPage && numbers !== this.#numbersDrawn });
      if (fields) this.#writeFields({ all: fields === EVERY_FIELD });
      // Only numbers `draw` showed: a refused drawing leaves the ones before on the screen.
      this.#numbersDrawn = numbers;
      this.#drawn = { settings: this.#settings, result, attributes: this.#options.table.map((row) => this.#host.getAttribute(row.attribute)) };
      if (this.#fieldMessage && this.#fieldMessage.settings !== this.#settings) {
        if (this.#els.fieldAlert.textContent === this.#fieldMessage.message) this.#els.fieldAlert.textContent = '';
        this.#fieldMessage = null;
      }
      return result;
    } catch (error) {
      const shown = this.#drawn.settings;
      if (takeBack && shown && shown !== this.#settings) return this.#takeBack(error);
      this.#refuse(error);
      return undefined;
    }
  }

  // The learner's change, refused with `error`, gives way to the settings drawn before it: they
  // are the settings again, the attributes are as they were then (one the page left out stays
  // out), and the controls show them, but for a field in the learner's hands: it keeps what they
  // typed, marked, until they leave it (focusout puts the number in use back). The settings are
  // drawn again: a control the element draws (a slider's thumb) may still show the refused
  // value, and a throw from `draw` may have left part of the refused drawing. Their numbers are
  // the kept ones, unless `draw` threw after the refused numbers were computed.
  #takeBack(error) {
    const { settings, attributes } = this.#drawn;
    const refused = this.#settings;
    this.#settings = settings;
    this.#options.table.forEach((row, i) => {
      if (this.#host.getAttribute(row.attribute) !== attributes[i]) this.#writeAttribute(row, attributes[i]);
    });
    const focused = this.#host.shadowRoot?.activeElement;
    if (focused?.matches?.('input[data-key]') && !sameValue(refused[focused.dataset.key], settings[focused.dataset.key])) {
      markInvalid(focused, true, this.#els.fieldAlert.id);
    }
    const message = this.#t('shared.widget.takenBack', { reason: closed(localiseError(error, this.#t.lang), this.#t.lang) });
    this.#fieldMessage = { message, settings };
    const result = this.#draw({ takeBack: false, fields: FOCUS_KEPT });
    if (!this.#settings) return result;
    // Said once: a drag refused at every move does not make the alert speak at every move.
    if (this.#els.fieldAlert.textContent !== message) {
      this.#els.fieldAlert.textContent = message;
      console.warn(`<${this.#tag}>: ${message}`);
    }
    return result;
  }

  // What `draw` is given for this settings object: the family's numbers (the kept ones if they
  // were computed for it or for settings that differ from it only in view-only keys, else
  // computed now), or the view of them, kept with the settings. A refusal of either throws and
  // keeps nothing.
  #numbersOf(settings) {
    const { numbers, view } = this.#options;
    if (!numbers && !view) return undefined;
    const kept = this.#computed;
    if (kept.settings !== settings) {
      let computed;
      if (numbers) computed = this.#sameNumbers(kept.settings, settings) ? kept.numbers : numbers(settings, this.#core);
      const shown = view ? view(settings, this.#core, computed) : computed;
      this.#computed = { settings, numbers: computed, shown };
    }
    return this.#computed.shown;
  }

  // Whether `settings` have the numbers of `kept`: every key but the view-only ones holds the
  // same value in both.
  #sameNumbers(kept, settings) {
    const { viewOnly } = this.#options;
    if (!kept || !viewOnly) return false;
    const keys = new Set([...Object.keys(kept), ...Object.keys(settings)]);
    return [...keys].every((key) => viewOnly.includes(key) || sameValue(kept[key], settings[key]));
  }

  /**
   * What the learner changed is drawn by `redraw` (unless the screen already shows these
   * settings), said in the live region and reported to the page. Settings whose numbers (or
   * view) are refused are taken back or explained in place by `redraw`, and neither said nor
   * reported.
   */
  commit(what, { changed = true } = {}) {
    this.#commit(what, { changed, fields: null });
  }

  // commit's work; with `fields` (as #draw's), the settings are put into the controls as well,
  // drawn or not.
  #commit(what, { changed = true, fields }) {
    const settings = this.#settings;
    if (!settings) return;
    let drawn;
    if (this.#drawn.settings !== settings) drawn = this.#draw({ takeBack: true, fields });
    else {
      drawn = this.#drawn.result;
      if (fields) this.syncFields({ all: fields === EVERY_FIELD });
    }
    // A refusal leaves the settings taken back, or none: its alert is all the learner is told.
    if (this.#settings !== settings || !changed) return;
    this.#keepFocus();
    // Worded when it is said: a sentence a later change replaces is never worded (announce may
    // count what changed since the sentence before).
    this.say(() => this.#options.announce(what, drawn, settings));
    this.#host.dispatchEvent(new CustomEvent(this.#options.changeEvent, {
      detail: { state: this.getState(), byUser: true }, bubbles: true, composed: true,
    }));
  }

  /**
   * Says `words` in the live region once the learner pauses, in place of a sentence still
   * waiting (a function gives them when the pause ends).
   * @param {string | (() => string)} words
   */
  say(words) {
    this.#speaking.say(words);
  }

  /**
   * A control of the element's own (a step button, "New start", a check box, a choice, a cell
   * that selects itself) sets `key` to `value`: stored, put into every field, drawn, and, if it
   * changed, announced as `what` and reported.
   */
  apply(key, value, what) {
    if (!this.settings) return;
    const pressed = this.#host.shadowRoot?.activeElement ?? null;
    const changed = this.change(key, undefined, value);
    this.#commit(what, { changed, fields: EVERY_FIELD });
    // A change taken back works again the button that had disabled itself at its limit: the
    // focus returns to it, so the learner's next press is the same one.
    if (pressed?.isConnected && !pressed.disabled && this.#host.shadowRoot.activeElement !== pressed) pressed.focus();
  }

  // A button that has just disabled itself ("Back a step" at the first step, "Add a score" at the
  // most) hands the focus to the nearest button that still works: beside it, else in the group
  // around that, and so on out; so a keyboard learner stays in the widget rather than being
  // dropped to the start of the page.
  #keepFocus() {
    const active = this.#host.shadowRoot?.activeElement;
    if (!active?.disabled) return;
    for (let group = active.parentElement; group; group = group.parentElement) {
      const working = [...group.querySelectorAll('button')].find((button) => !button.disabled && button.checkVisibility());
      if (working) {
        working.focus();
        return;
      }
    }
  }

  /**
   * A step button: moves the `steps` setting by `by`, kept from `min` to `max`, and says so in
   * the words of the message key `forward` or `back` (given { steps }).
   */
  stepBy(by, { min = 0, max, forward, back }) {
    if (!this.settings) return;
    const steps = Math.min(max, Math.max(min, this.settings.steps + by));
    this.apply('steps', steps, this.t(by > 0 ? forward : back, { steps }));
  }

  /**
   * Puts the settings into the controls: the element's own (`sync`, which may make fields: a
   * slider's maximum before its value, rows of fields), then the fields and choices; with
   * `all`, also the field that has focus. A change the widget draws does this itself (see
   * `draw`); an element calls it for a change it draws on its own.
   */
  syncFields({ all = false } = {}) {
    this.#options.sync?.(this.#settings);
    this.#writeFields({ all });
  }

  // The settings into the fields and choices (input[data-key], select[data-key]), each looked
  // at once; with `all`, also the field that has focus.
  #writeFields({ all }) {
    const { root } = this.#els;
    const focused = this.#host.shadowRoot?.activeElement ?? null;
    for (const field of root.querySelectorAll('input[data-key], select[data-key]')) {
      if (!all && field === focused) continue;
      const value = this.#valueOf(field.dataset.key, field.dataset.index);
      if (value === undefined) continue;
      // Only what differs is written: a field written with its own value is still redrawn.
      const text = field.localName === 'select' ? String(value) : formatSetting(value);
      if (field.value !== text) field.value = text;
      if (field.hasAttribute('aria-invalid')) markInvalid(field, false, this.#els.fieldAlert.id);
    }
  }

  get #tag() {
    return this.#host.localName;
  }

  #row(key) {
    return this.#options.table.find((row) => row.key === key);
  }

  // A setting's value, or one entry of a list; none (undefined) for a setting that is null (a
  // list PyTorch takes as None, such as a layer's bias left out), whose fields go with it.
  #valueOf(key, index) {
    const value = this.#settings?.[key];
    if (value === null || value === undefined) return undefined;
    return index === undefined ? value : value[Number(index)];
  }

  #build() {
    const { tree, els } = this.#options.build(this.#t);
    els.fieldAlert.id ||= FIELD_ALERT_ID;
    this.#host.shadowRoot.replaceChildren(tree);
    // A box the template marks as a Tab stop while it scrolls (SCROLL_STOP) is kept one; the
    // old tree's boxes are let go.
    this.#stopScrollStops?.();
    this.#stopScrollStops = keepScrollStops(tree);
    this.#loading.say(this.#host.shadowRoot, this.#t(`${this.#tag}.status.loading`));
    this.#els = els;
    this.#drawn = { settings: null, result: undefined, attributes: [] };
    this.#listen();
    this.#options.listen?.(els);
  }

  // Builds the tree again in the language of the lang attribute (or the page's), if it changed.
  // Returns the place of the control that had the focus in the old tree, or -1.
  async #speak() {
    const t = await translatorOf(this.#host);
    if (t.lang === this.#t.lang) return -1;
    this.#t = t;
    const focused = focusPlace(this.#host.shadowRoot);
    this.#build();
    return focused;
  }

  // What was waiting to be said of the learner's last change is no longer so: settings set from
  // code or an attribute, a tree built in another language, or the element gone.
  #hush() {
    this.#speaking.cancel();
    this.#refusing.cancel();
  }

  async #render() {
    if (!this.#host.isConnected) return;
    this.#hush();
    const focused = await this.#speak();
    // What the learner committed while the words loaded was worded for the tree before.
    this.#hush();
    await this.#show();
    this.#loading.done();
    // Drawn in the new words: the learner's control is where the old one was, so the focus goes
    // back to it.
    refocusAt(this.#host.shadowRoot, focused);
  }

  async #show() {
    const { fromAttributes, loadCore } = this.#options;
    const parts = this.#els;
    try {
      this.#core = await loadCore();
    } catch (error) {
      this.#showError(this.#t(`${this.#tag}.errors.coreFailed`, { reason: error?.message ?? error }));
      return;
    }
    let settings;
    try {
      settings = fromAttributes((name) => this.#host.getAttribute(name));
      this.#numbersQuotingAttributes(settings);
    } catch (error) {
      this.#refuse(error);
      return;
    }
    this.#settings = settings;
    this.#errorMessage = null;
    parts.alert.textContent = '';
    parts.fieldAlert.textContent = '';
    this.#fieldMessage = null;
    parts.body.hidden = false;
    this.#draw({ takeBack: false, fromPage: true, fields: EVERY_FIELD });
  }

  // What `draw` is given for the settings (#numbersOf: kept for drawing them), with a core error
  // that names a setting quoted as its attribute.
  #numbersQuotingAttributes(settings) {
    try {
      return this.#numbersOf(settings);
    } catch (error) {
      const row = this.#options.table.find((candidate) => candidate.key === error?.parameter || candidate.name === error?.parameter);
      if (row && isCoreError(error)) throw new AttributeError(row.attribute, this.#host.getAttribute(row.attribute), error.message);
      throw error;
    }
  }

  // Settings that cannot be shown: none are on screen, and the alert says why.
  #refuse(error) {
    this.#settings = null;
    this.#showError(localiseError(error, this.#t.lang));
  }

  #showError(message) {
    const parts = this.#els;
    parts.body.hidden = true;
    this.#errorMessage = message;
    parts.alert.textContent = message;
    console.warn(`<${this.#tag}>: ${message}`);
  }

  // Listens on the tree's root: a new tree gets new listeners, the old one goes with its tree.
  #listen() {
    const { root } = this.#els;
    root.addEventListener('input', (event) => {
      if (event.target.matches?.('input[data-key]')) this.#onType(event.target, { commit: false });
    });
    root.addEventListener('change', (event) => {
      const field = event.target;
      if (field.matches?.('input[data-key]')) this.#onType(field, { commit: true });
      else if (field.matches?.('select[data-key]')) this.#onChoose(field);
    });
    // A field's typing starts from the settings it had when it took the focus (see `follow`).
    root.addEventListener('focusin', (event) => {
      if (event.target.matches?.('input[data-key]')) this.#typingFrom = this.#settings;
    });
    root.addEventListener('focusout', (event) => {
      const field = event.target;
      this.#typingFrom = null;
      // A refused value gives way to the number in use when the learner leaves the field; the
      // alert keeps saying why, and that the widget keeps that number (#fieldMessage).
      if (!field.matches?.('input[data-key][aria-invalid="true"]') || !this.#settings) return;
      field.value = formatSetting(this.#valueOf(field.dataset.key, field.dataset.index));
      markInvalid(field, false, this.#els.fieldAlert.id);
    });
  }

  #onChoose(select) {
    if (!this.#settings) return;
    const { key } = select.dataset;
    const row = this.#row(key);
    // A choice of numbers (a class, a row) stores a number.
    const value = typeof this.#valueOf(key, select.dataset.index) === 'number' ? Number(select.value) : select.value;
    const changed = this.change(key, select.dataset.index, value);
    this.#commit(this.#t('shared.widget.choice', {
      what: select.getAttribute('aria-label') ?? row.name, text: select.selectedOptions[0]?.textContent ?? String(value),
    }), { changed, fields: FOCUS_KEPT });
  }

  // A typed number: used as soon as it reads (the picture follows the typing), announced and
  // reported when the learner commits it (Enter or leaving the field).
  #onType(field, { commit }) {
    if (!this.#settings) return;
    const { fieldAlert } = this.#els;
    const t = this.#t;
    const { key, index } = field.dataset;
    // A control whose name says more than its setting's (LSTM's slider names its range) says
    // what it sets by the setting's name, as the setting's field does (data-label).
    const label = field.dataset.label ?? field.getAttribute('aria-label');
    const text = field.value;
    const value = readNumber(text);
    // What any number typed anywhere in the course is refused for (a comma, a word, beyond
    // float32), then the rules of the settings it changes and the core's. A number that reads as
    // the one in use was checked when it came: it is neither checked nor taken again.
    const typed = numberProblem(text);
    this.#refusing.cancel();
    // A field emptied on the way to another number, or holding a sign or an exponent still to be
    // written, is not a mistake yet: it is said only if the learner commits it, since an alert
    // at such a key would break into what a screen reader reads as they type. A refusal of what
    // the field held before goes quietly.
    if (typed !== null && isUnfinishedNumber(text) && !commit) {
      markInvalid(field, false, this.#els.fieldAlert.id);
      fieldAlert.textContent = '';
      return;
    }
    let next = withValue(this.#settings, key, index, value);
    // The settings that follow this one (the epoch shown follows the number of epochs) change
    // with it, from where they were when the learner started typing, and are checked with it.
    const { follow } = this.#options;
    if (typed === null && follow) next = follow(next, key, this.#typingFrom ?? this.#settings);
    const rows = typed === null ? this.#changedRows(next) : [];
    const changed = rows.length > 0;
    let problem = null;
    if (typed !== null) problem = t('shared.widget.problem', { label, reason: localiseError(typed, t.lang) });
    else if (changed) problem = this.#refusal(rows, next, label);
    if (problem) {
      const kept = this.#valueOf(key, index);
      const refuse = () => {
        markInvalid(field, true, this.#els.fieldAlert.id);
        const message = t('shared.widget.refused', { problem: closed(problem, t.lang), kept: readableSetting(kept) });
        fieldAlert.textContent = message;
        this.#fieldMessage = { message, settings: this.#settings };
      };
      if (!commit) {
        this.#refusing.later(refuse);
        return;
      }
      refuse();
      // A number taken on the way ("1" of "1.275") is the setting now: it is said and reported,
      // as the refusal says the widget keeps it.
      if (this.#typedChange) {
        this.#typedChange = false;
        this.commit(t('shared.widget.typed', { label, value: readableSetting(kept) }));
      }
      return;
    }
    markInvalid(field, false, this.#els.fieldAlert.id);
    fieldAlert.textContent = '';
    if (changed) this.#take(next, rows);
    if (!commit) {
      if (!changed) return;
      // Another control of the same setting (a slider beside its field) follows as this one
      // moves; the one in the learner's hands is left as it is.
      this.#draw({ takeBack: true, fields: FOCUS_KEPT });
      // A value the drawing refuses is taken back (and its field marked): no change to report.
      if (this.#settings !== next) return;
      this.#typedChange = true;
      return;
    }
    this.commit(t('shared.widget.typed', { label, value: readableSetting(value) }), { changed: changed || this.#typedChange });
    this.#typedChange = false;
  }

  // Why the settings `next` (the ones in use with a new typed value, and what follows it, in
  // `rows`) cannot be used (a row's range or rule, or the element's numbers refusing them: the
  // numbers, if any, are kept for drawing them), or null.
  #refusal(rows, next, label) {
    const t = this.#t;
    const because = (reason) => t('shared.widget.reason', { label, reason: localiseError(reason, t.lang) });
    let problem = null;
    for (const row of rows) {
      checkRow(row, next, (reason) => {
        problem ??= because(reason);
      });
    }
    if (problem) return problem;
    try {
      this.#numbersOf(next);
    } catch (error) {
      return because(error);
    }
    return null;
  }
}

/**
 * One load per page, shared by every widget of the family; a failed load is tried again by
 * the next widget that asks.
 * @param {() => Promise<object>} load
 */
export function sharedLoader(load) {
  let promise = null;
  return () => {
    promise ??= load().catch((error) => {
      promise = null;
      throw error;
    });
    return promise;
  };
}

// Every family's error is a CoreError subclass; one class per page is not guaranteed (an
// embed may load its own copy), so the check reads the shape, not the prototype chain.
const isCoreError = (error) => error instanceof Error && typeof error.parameter === 'string' && /Error$/.test(error.name);

// A reason as a sentence before another: the rules' reasons end with a stop, the core's do not.
const closed = (text, lang) => (/[.!?。！？]$/.test(text) ? text : `${text}${lang.startsWith('zh') ? '。' : '.'}`);

// Whether two values of a setting are the same: a number, a word or a flag by Object.is, a list
// entry by entry (a list read again from its attribute is a new array of the same numbers).
function sameValue(a, b) {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => sameValue(item, b[i]));
}

// A new settings object with one value changed. Settings are never changed in place (the
// element reads them, getState hands out a clone), so the lists that did not change are shared
// with the old settings rather than copied: a tap copies one list, not every setting.
function withValue(settings, key, index, value) {
  const next = { ...settings };
  if (index === undefined) next[key] = value;
  else {
    next[key] = [...settings[key]];
    next[key][Number(index)] = value;
  }
  return next;
}
