import { loadSequence } from 'pooling-course/sequence';
import { showNumber } from '../shared/aria-grid.js';
import { element, keepChildren, setAttributeIfChanged, setText } from '../shared/element.js';
import { readableNumber, subscript, termNumber } from '../shared/format-number.js';
import { fitMatrixGrids, placeName } from '../shared/matrix-grid.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { largestPlaces, spokenList } from '../shared/spoken.js';
import { listenToSizesAndRows, stepSize, syncStepper } from '../shared/stepper.js';
import { shadeByWeight } from '../shared/weight-shade.js';
import { attentionNumbers } from './model.js';
import { CHANGE_EVENT, SETTINGS, SIZES, withSize } from './settings.js';
import { buildSkeleton, COMPUTED, EDITABLE } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag attention-widget
 * @summary Scaled dot-product attention, one head: Lq queries over Lk keys. Each query's score
 * with key j is q · kⱼ / √d (−∞ where the causal mask hides key j, after query i); softmax
 * turns each row of scores into weights that sum to 1, and the query's output is the weighted
 * average of the values. Q, K and V are grids of number fields; the scores, weights (shaded by
 * size) and output are grids of buttons, and pressing one selects its query, whose scores,
 * weights and output are written out with their numbers. Every number comes from the WASM
 * sequence core (attention).
 *
 * Lists of numbers are separated by spaces (or commas), row by row.
 *
 * @attr {number} queries - Lq, 1 to 6 (default 3).
 * @attr {number} keys - Lk, 1 to 6 (default 3).
 * @attr {number} dim - d, the size of a query and a key, 1 to 4 (default 2).
 * @attr {number} value-dim - dv, the size of a value, 1 to 4 (default 2).
 * @attr {string} query - Lq × d numbers, [Lq, d] (default "1 0 0 1 1 1").
 * @attr {string} key - Lk × d numbers, [Lk, d] (default "1 0 0 1 1 1").
 * @attr {string} value - Lk × dv numbers, [Lk, dv] (default "1 0 0 1 0.5 0.5").
 * @attr {boolean} causal - The causal mask: query i sees keys 1 to i (default false).
 * @attr {number} selected - The query (row, from 1) written out (default 1).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * Every number is finite and within ±1000. A list left out is its default, taken over again in
 * order until it fits the sizes; a list given must fit them exactly. The widget writes what the
 * learner changes back to these attributes. A bad value never throws to the page: the widget
 * shows why in its place (role=alert, quoting the attribute) and warns on the console.
 *
 * @method getState - { queries, keys, dim, valueDim, query, key, value, causal, selected,
 *   colorScheme }, plus { error } while the attributes cannot be drawn (README.md,
 *   "getState").
 * @method setState - Takes any part of that object; null removes a setting (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("causal=true&selected=2") over
 *   the attributes the page gave it; true if it applied.
 * @fires attention-widget-change - The learner changed a number, a size or the mask, or
 *   selected a query. detail: { state: getState(), byUser: true }. Not fired for changes made
 *   from code.
 *
 * @csspart controls - The four sizes' steppers and the causal switch.
 * @csspart inputs - The queries, keys and values.
 * @csspart input - A grid of number fields.
 * @csspart results - The scores, weights and output.
 * @csspart grid - A grid of computed cells.
 * @csspart selected - The selected query written out.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class AttentionWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => attentionNumbers(core, settings),
      // The selected query is a row to write out: selecting one does not run attention again.
      viewOnly: ['selected'],
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      // The weights are the lesson: the sentence names the key the selected query weighs most,
      // or the keys, when the largest weight shows in more than one.
      announce: (what, numbers, { selected, keys, valueDim }) => {
        const { t } = this.#widget;
        const row = numbers.weights.subarray((selected - 1) * keys, selected * keys);
        const most = largestPlaces(row, readableNumber);
        return t(`attention-widget.status.${most.length === 1 ? 'sentence' : 'sentenceTied'}`, {
          what,
          query: selected,
          keys: spokenList(t.lang, most.map((key) => String(key + 1))),
          weight: readableNumber(row[most[0]]),
          output: outputOf(numbers, { selected, valueDim }),
        });
      },
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // The steppers and the switch follow the settings.
  #sync(settings) {
    const { steppers, causal } = this.#els;
    for (const { key, max } of SIZES) syncStepper(steppers[key], settings[key], { min: 1, max });
    causal.checked = settings.causal;
  }

  // Every number on screen, from the core; the grids follow the sizes (the SettingsWidget writes
  // the fields after the drawing, a new grid's too).
  #draw(settings, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    const w = (key, params) => t(`attention-widget.${key}`, params);
    const sizes = SIZES.map(({ key }) => settings[key]).join(',');
    if (els.built !== sizes) {
      els.built = sizes;
      fitMatrixGrids(els, { editable: EDITABLE, computed: COMPUTED }, settings, w, { placeOf: (key, r, c) => placeName(t, r, c) });
    }
    els.maskHint.hidden = !settings.causal;
    const row = settings.selected - 1;
    const masked = (i) => numbers.scores[i] === -Infinity;
    for (const { key, shape } of COMPUTED) {
      const [, columns] = shape(settings);
      const values = numbers[key];
      els.buttons[key].forEach((button, i) => {
        const place = placeName(t, Math.floor(i / columns), i % columns);
        const hidden = key !== 'output' && masked(i);
        // A masked score is −∞ and its weight 0: both say so, in a hatched cell.
        if (key === 'scores' && hidden) setText(button, '−∞');
        else showNumber(button, values[i]);
        button.classList.toggle('masked', hidden);
        setAttributeIfChanged(button, 'aria-label', w(hidden ? `cells.${key}Masked` : `cells.${key}`, { place, value: readableNumber(values[i]) }));
        setAttributeIfChanged(button, 'aria-pressed', String(Math.floor(i / columns) === row));
        if (key === 'weights') shadeByWeight(button, hidden ? null : values[i]);
      });
    }
    els.cells.query.forEach((cell, i) => cell.classList.toggle('in-window', Math.floor(i / settings.dim) === row));
    this.#writeOut(settings, numbers, w);
    return numbers;
  }

  // The selected query written out: each score from its query and key (the settings' numbers)
  // to the core's score, the softmax's weights, and the output as the weights times the values.
  #writeOut(settings, numbers, w) {
    const { lines, selectedTitle } = this.#els;
    const { selected: i, keys, dim, valueDim } = settings;
    const at = (list, index) => numbers[list][(i - 1) * keys + index];
    const js = Array.from({ length: keys }, (_, j) => j + 1);
    setText(selectedTitle, w('selected.title', { query: i }));
    setText(lines.scoresTitle, w('selected.scores', { query: `q${subscript(i)}`, root: `√${dim}` }));
    const scoreLines = js.map((j) => {
      const name = `s${subscript(`${i},${j}`)}`;
      const score = at('scores', j - 1);
      if (score === -Infinity) return w('selected.masked', { name, key: j, query: i });
      const q = settings.query.slice((i - 1) * dim, i * dim);
      const k = settings.key.slice((j - 1) * dim, j * dim);
      const products = q.map((qn, n) => `${termNumber(qn)} × ${termNumber(k[n])}`).join(' + ');
      return `${name} = (q${subscript(i)} · k${subscript(j)}) / √${dim} = (${products}) / √${dim} = ${readableNumber(score)}`;
    });
    writeLines(lines.scores, scoreLines);
    const weight = (j) => `w${subscript(`${i},${j}`)}`;
    writeLines(lines.softmax, [
      `w${subscript(i)},ⱼ = exp(s${subscript(i)},ⱼ) / Σₖ exp(s${subscript(i)},ₖ)`,
      js.map((j) => `${weight(j)} = ${readableNumber(at('weights', j - 1))}`).join(', '),
    ]);
    const valueOf = (j) => vector(settings.value.slice((j - 1) * valueDim, j * valueDim));
    writeLines(lines.output, [
      `o${subscript(i)} = ${js.map((j) => `${weight(j)} v${subscript(j)}`).join(' + ')}`,
      `= ${js.map((j) => `${readableNumber(at('weights', j - 1))} × ${valueOf(j)}`).join(' + ')}`,
      `= ${outputOf(numbers, settings)}`,
    ]);
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields are the SettingsWidget's; the steppers, the switch and the computed
  // cells (which select their query) are ours. Each handler reads this.#widget when it runs:
  // the first tree's listeners are set up before attachWidget has returned it.
  #listen(els) {
    listenToSizesAndRows(els.root, {
      // A size one more or one less: the matrices it shapes keep their numbers where they stay.
      step: (key, by) => stepSize(this.#widget, key, by, {
        sizes: SIZES, withSize, follows: ['query', 'key', 'value', 'selected'],
        words: (name, size) => this.#widget.t('attention-widget.status.size', { name: this.#widget.t(`attention-widget.sizes.${name}`), size }),
      }),
      selectRow: (query) => this.#widget.apply('selected', query, this.#widget.t('attention-widget.status.selected', { query })),
    });
    els.causal.addEventListener('change', () => {
      const { checked } = els.causal;
      this.#widget.apply('causal', checked, this.#widget.t(checked ? 'attention-widget.status.causalOn' : 'attention-widget.status.causalOff'));
    });
  }
}

// A vector as the written-out lines show it: "(0.5, −1)", or a lone number as it is.
const vector = (values) => (values.length === 1 ? termNumber(values[0]) : `(${Array.from(values, readableNumber).join(', ')})`);

/** The selected query's output, the core's, as the written-out lines show it. */
function outputOf(numbers, { selected, valueDim }) {
  return vector(numbers.output.slice((selected - 1) * valueDim, selected * valueDim));
}

function writeLines(container, texts) {
  keepChildren(container, texts.length, () => element('p')).forEach((line, n) => setText(line, texts[n]));
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadSequence);
