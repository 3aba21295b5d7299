import { loadLayers } from 'pooling-course/layers';
import { element, setAttributeIfChanged, setText } from '../shared/element.js';
import { readableNumber, readableSetting } from '../shared/format-number.js';
import { numberFieldCells } from '../shared/number-row.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { SettingsElement, WIDGET } from '../shared/settings-element.js';
import { averageSeeds, dropoutNumbers, meanOutput } from './model.js';
import { AVERAGE_MASKS, CHANGE_EVENT, MAX_SEED, SETTINGS } from './settings.js';
import { buildSkeleton } from './template.js';

// An average over the masks "lies near its input" while its spread is within this share of the
// input: a mean of n masks that keep 1 − p of the time, each survivor divided by 1 − p, spreads
// by √(p / (n (1 − p))) of the input (the binomial's), 0.1 at n = 1000 and p = 0.91.
const NEAR_SPREAD = 0.1;

// What the averages say, and its words: at p = 1 nothing survives to be scaled up, so the mean
// is 0, not the input; close to 1, too few masks keep an element for its mean to settle.
function averageNoteOf(p, seeds) {
  const params = { count: AVERAGE_MASKS, first: seeds[0], last: seeds.at(-1) };
  if (p === 1) return ['averageNoteAllDropped', params];
  const spread = Math.sqrt(p / (AVERAGE_MASKS * (1 - p)));
  if (spread <= NEAR_SPREAD) return ['averageNote', params];
  return ['averageNoteFewSurvivors', {
    ...params, p: readableSetting(p), survivors: readableNumber(Number((AVERAGE_MASKS * (1 - p)).toPrecision(2))), spread: Math.round(spread * 100),
  }];
}
import { cssText } from './styles.js';

/**
 * @tag dropout-widget
 * @summary Dropout on a row of numbers: a seeded mask (the layers core's own generator, so a
 * seed gives the same mask everywhere) zeroes each element with probability p and scales the
 * survivors by 1 / (1 − p); "Average 1000 masks" shows that the mean output over many masks
 * stays near the input; evaluation mode passes everything unchanged; the gradient follows the
 * mask. Every number comes from the WASM layers core (dropoutMask, dropout, dropoutBackward).
 *
 * @attr {string} input - 1 to 12 numbers (default "1 2 -1 0.5 3 -2 1.5 4").
 * @attr {number} p - The probability of dropping an element, from 0 to 1 (default 0.5).
 * @attr {number} seed - The mask's seed, a whole number from 0 to 4294967295 (default 0).
 * @attr {"train"|"eval"} mode - Training draws the mask; evaluation passes everything (default train).
 * @attr {string} grad-output - "ones" (default) or one upstream gradient per input.
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the system.
 *
 * The widget writes what the learner changes back to these attributes ("New mask" writes the
 * next seed); changing an attribute re-renders. A bad value never throws to the page: the
 * widget shows why in its place (role=alert, quoting the attribute) and warns on the console.
 *
 * @method getState - { input, p, seed, mode, gradOutput, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object; null removes one (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("p=0.2&mode=eval") over the
 *   attributes the page gave it (a lesson's exercise links use it); true if it applied.
 * @fires dropout-change - The learner changed p, the seed ("New mask"), the mode or an input.
 *   detail: { state: getState(), byUser: true }. Not fired for changes made from code.
 *
 * @csspart controls - p, the mode, the seed, "New mask" and "Average".
 * @csspart table - The table: input, mask, output, mean, gradients.
 * @csspart backward - The line saying how the gradient follows the mask.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class DropoutWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  // Whether the mean over many masks is shown (a view, not a setting: it follows the settings).
  #averaging = false;

  constructor() {
    super();
    this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => dropoutNumbers(core, settings),
      draw: (settings, core, numbers) => this.#draw(settings, core, numbers),
      announce: (what, numbers, settings) => {
        const { t } = this.#widget;
        const total = settings.input.length;
        if (settings.mode === 'eval') return t('dropout-widget.status.evalSentence', { what, total });
        return t('dropout-widget.status.sentence', { what, total, kept: numbers.mask.reduce((sum, kept) => sum + kept, 0), p: readableSetting(settings.p) });
      },
      sync: (settings) => this.#sync(settings),
    });
  }

  get #widget() {
    return this[WIDGET];
  }

  // Rendering ------------------------------------------------------------------------------

  // One table row per input (built again when their number changes); the buttons' states.
  #sync(settings) {
    const els = this.#widget.els;
    // New rows' fields get their values after this, with the others (SettingsWidget).
    if (els.inputRows.length !== settings.input.length) this.#buildRows(settings.input.length);
    const training = settings.mode === 'train';
    els.newMask.disabled = !training;
    els.average.disabled = !training;
  }

  #buildRows(count) {
    const { t } = this.#widget;
    const els = this.#widget.els;
    els.inputRows = Array.from({ length: count }, (_, i) => {
      const [input] = numberFieldCells(() => t('dropout-widget.table.inputField', { number: i + 1 }), 'input', i, 1);
      const cells = { mask: element('td', { class: 'mask' }), output: element('td', { class: 'number out' }), mean: element('td', { class: 'number mean' }), grad: element('td', { class: 'number' }), gradInput: element('td', { class: 'number' }) };
      const row = element('tr', {}, [element('th', { scope: 'row' }, `${i + 1}`), input, cells.mask, cells.output, cells.mean, cells.grad, cells.gradInput]);
      return { row, ...cells };
    });
    els.rows.replaceChildren(...els.inputRows.map(({ row }) => row));
  }

  // Every number on screen, from the core.
  #draw(settings, core, numbers) {
    const { t } = this.#widget;
    const els = this.#widget.els;
    const w = (key, params) => t(`dropout-widget.${key}`, params);
    const training = settings.mode === 'train';
    const averaging = this.#averaging && training;
    const means = averaging ? meanOutput(core, settings) : null;

    setText(els.scale, training && settings.p < 1 ? w('scale', { scale: readableNumber(numbers.scale) }) : '');
    els.scale.hidden = els.scale.textContent === '';
    setText(els.modeNote, training ? (settings.p === 1 ? w('allDropped') : '') : w('evalNote'));
    setAttributeIfChanged(els.average, 'aria-pressed', String(averaging));
    els.meanHead.hidden = !averaging;
    const seeds = averageSeeds(settings.seed);
    setText(els.averageNote, averaging ? w(...averageNoteOf(settings.p, seeds)) : '');

    els.inputRows.forEach((row, i) => {
      const kept = numbers.mask[i] === 1;
      row.row.classList.toggle('kept', training && kept);
      row.row.classList.toggle('dropped', !kept);
      // The mark and the word: on a phone the word is read out but not drawn (the mark, the
      // struck-through output and the column's heading say it).
      if (training) {
        const mark = `${kept ? '✓' : '✗'} `;
        const word = w(kept ? 'table.kept' : 'table.dropped');
        // A mask that keeps this input as it was leaves its cell alone.
        const same = row.mask.childNodes.length === 2 && row.mask.firstChild.data === mark && row.mask.lastChild.textContent === word;
        if (!same) row.mask.replaceChildren(mark, element('span', { class: 'word' }, word));
      } else {
        setText(row.mask, w('table.passed'));
      }
      setText(row.output, readableNumber(numbers.output[i]));
      row.mean.hidden = !averaging;
      setText(row.mean, averaging ? readableNumber(means[i]) : '');
      setText(row.grad, readableNumber(numbers.gradOutput[i]));
      setText(row.gradInput, readableNumber(numbers.gradInput[i]));
    });
    return numbers;
  }

  // Interaction ----------------------------------------------------------------------------

  // p's slider and field, the seed, the inputs and the mode are the SettingsWidget's; the two
  // buttons are ours.
  #listen(els) {
    els.newMask.addEventListener('click', () => {
      const settings = this.#widget.settings;
      if (!settings) return;
      const seed = settings.seed === MAX_SEED ? 0 : settings.seed + 1;
      this.#widget.apply('seed', seed, this.#widget.t('dropout-widget.status.newMask', { seed }));
    });
    els.average.addEventListener('click', () => {
      if (!this.#widget.settings) return;
      this.#averaging = !this.#averaging;
      // A view changed, not a setting: drawn and said, but no change event. Settings the core
      // refuses draw nothing (the widget says why in its place), so the press is taken back:
      // the view stays the one the learner last saw.
      this.#widget.redraw();
      if (!this.#widget.settings) {
        this.#averaging = !this.#averaging;
        return;
      }
      if (this.#averaging) this.#widget.say(this.#widget.t('dropout-widget.status.averaged', { count: AVERAGE_MASKS }));
    });
  }
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadLayers);
