import { loadTransformer } from 'pooling-course/transformer';
import { showNumber } from '../shared/aria-grid.js';
import { setAttributeIfChanged, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { placeName } from '../shared/matrix-grid.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { largestPlaces, spokenList } from '../shared/spoken.js';
import { listenToSizesAndRows, stepSize, syncStepper } from '../shared/stepper.js';
import { shadeByWeight } from '../shared/weight-shade.js';
import { columnsOf, encoderNumbers } from './model.js';
import { CHANGE_EVENT, MAX_SEED, SETTINGS, SIZES, withSize } from './settings.js';
import { buildSkeleton, fitGrids } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag encoder-widget
 * @summary One transformer encoder block, torch.nn.TransformerEncoderLayer (dropout 0, eval
 * mode), on L tokens of d_model features: self-attention, then a feed-forward network, each
 * wrapped in a residual connection and layer normalisation (after it by default, before it with
 * norm-first). The block's weights are a seeded start within PyTorch's own initial bounds. The
 * input is a grid of number fields; each head's attention weights and every stage of the block
 * are grids of buttons, and pressing one selects its token, whose row is highlighted through
 * every stage. A table counts the block's parameters beside PyTorch's
 * TransformerEncoderLayer(512, 8). Every number comes from the WASM transformer core
 * (encoderInit, encoderLayer, parameterCount).
 *
 * Lists of numbers are separated by spaces (or commas), row by row.
 *
 * @attr {number} tokens - L, 1 to 6 (default 3).
 * @attr {number} d-model - d_model, 2 to 8 (default 4).
 * @attr {number} nhead - The heads, 1, 2 or 4, dividing d-model (default 2).
 * @attr {number} dim-feedforward - The feed-forward layer's hidden units, 1 to 32 (default 8).
 * @attr {string} input - L × d_model numbers, [L, d_model] (default "1 0 0 0 0 1 0 0 0 0 1 0").
 * @attr {number} seed - The start's seed, 0 to 999999999 (default 0).
 * @attr {boolean} norm-first - Layer norm before each block instead of after it (default false).
 * @attr {"relu"|"gelu"} activation - The feed-forward layer's activation (default "relu").
 * @attr {number} selected - The token (row, from 1) highlighted through the block (default 1).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * Every input number is finite and within ±100. An input left out is its default, taken over
 * again in order until it fits the sizes; an input given must fit them exactly. The widget
 * writes what the learner changes back to these attributes ("New start" writes the next seed).
 * A bad value never throws to the page: the widget shows why in its place (role=alert, quoting
 * the attribute) and warns on the console.
 *
 * @method getState - { tokens, dModel, nhead, dimFeedforward, input, seed, normFirst,
 *   activation, selected, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object; null removes a setting (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("norm_first=true&seed=3") over
 *   the attributes the page gave it; true if it applied.
 * @fires encoder-widget-change - The learner changed a number, a size, the heads, the
 *   activation, the norm order or the seed, or selected a token. detail: { state: getState(),
 *   byUser: true }. Not fired for changes made from code.
 *
 * @csspart controls - The sizes, the heads, the activation, the norm order, the seed and "New start".
 * @csspart inputs - The input grid's section.
 * @csspart input - The grid of number fields.
 * @csspart heads - Each head's attention weights.
 * @csspart block - The block's stages.
 * @csspart grid - A grid of computed cells.
 * @csspart params - The parameter table.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class EncoderWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;
  // The parameter total the learner last heard of, or the page last set: the live sentence says
  // it when a change of the learner's has moved it.
  #heardTotal = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => encoderNumbers(core, settings),
      // The selected token is a row to frame: selecting one does not run the block again.
      viewOnly: ['selected'],
      draw: (settings, core, numbers, { newFromPage }) => this.#draw(settings, numbers, newFromPage),
      announce: (what, numbers, settings) => this.#sentence(what, numbers, settings),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // The steppers, the switch and which heads can be chosen follow the settings (the fields and
  // choices are the SettingsWidget's): a number of heads that does not divide d_model is
  // disabled, as PyTorch refuses it.
  #sync(settings) {
    const { steppers, nhead, normFirst } = this.#els;
    for (const option of nhead.options) option.disabled = settings.dModel % Number(option.value) !== 0;
    for (const { key, min, max } of SIZES) syncStepper(steppers[key], settings[key], { min, max });
    normFirst.checked = settings.normFirst;
  }

  // The live sentence: what the learner changed, the selected token's output, the token each
  // head weighs most for it (what a sighted learner reads off the heads' shades: "1 or 3" where
  // two show the same largest weight), and the block's parameter total when the change moved it.
  #sentence(what, numbers, settings) {
    const { t } = this.#widget;
    const { selected, tokens, nhead } = settings;
    const favourites = [];
    for (let h = 0; h < nhead; h++) {
      const start = (h * tokens + selected - 1) * tokens;
      const most = largestPlaces(numbers.attentionWeights.subarray(start, start + tokens), readableNumber);
      favourites.push(spokenList(t.lang, most.map((token) => String(token + 1)), 'disjunction'));
    }
    const { total } = numbers.count;
    const moved = total !== this.#heardTotal;
    this.#heardTotal = total;
    return t('encoder-widget.status.sentence', {
      what,
      token: selected,
      output: outputOf(numbers, settings),
      tokens: spokenList(t.lang, favourites),
      total: moved ? t('encoder-widget.status.total', { total: countText(total) }) : '',
    });
  }

  // Every number on screen, from the core; the grids follow the sizes, the norm order and the
  // activation (the SettingsWidget writes the fields after the drawing, a new grid's too).
  #draw(settings, numbers, newFromPage) {
    const { t } = this.#widget;
    const els = this.#els;
    const w = (key, params) => t(`encoder-widget.${key}`, params);
    const shape = ['tokens', 'dModel', 'nhead', 'dimFeedforward', 'normFirst', 'activation'].map((key) => settings[key]).join(',');
    if (els.built !== shape) {
      els.built = shape;
      fitGrids(els, settings, t);
    }
    if (newFromPage) this.#heardTotal = numbers.count.total;
    const { tokens, selected } = settings;
    const row = selected - 1;
    const label = (name, i, columns, value) => w('cell', { name, place: placeName(t, Math.floor(i / columns), i % columns), value: readableNumber(value) });
    els.buttons.heads.forEach((buttons, h) => {
      const weights = numbers.attentionWeights.subarray(h * tokens * tokens, (h + 1) * tokens * tokens);
      buttons.forEach((button, i) => {
        showNumber(button, weights[i]);
        setAttributeIfChanged(button, 'aria-label', label(w('heads.name', { head: h + 1 }), i, tokens, weights[i]));
        setAttributeIfChanged(button, 'aria-pressed', String(Math.floor(i / tokens) === row));
        shadeByWeight(button, weights[i]);
      });
    });
    const order = settings.normFirst ? 'pre' : 'post';
    for (const key of els.stages) {
      const columns = columnsOf(key, settings);
      const name = w(`names.${order}.${key}`);
      els.buttons[key].forEach((button, i) => {
        showNumber(button, numbers[key][i]);
        setAttributeIfChanged(button, 'aria-label', label(name, i, columns, numbers[key][i]));
        setAttributeIfChanged(button, 'aria-pressed', String(Math.floor(i / columns) === row));
      });
    }
    els.cells.input.forEach((cell, i) => cell.classList.toggle('in-window', Math.floor(i / settings.dModel) === row));
    this.#drawCounts(settings, numbers, w);
    return numbers;
  }

  // The parameter table: this block's counts beside PyTorch's layer's, each parameterCount's.
  #drawCounts(settings, numbers, w) {
    const { blockSizes, cells } = this.#els.params;
    setText(blockSizes, w('params.sizes', { d: settings.dModel, h: settings.nhead, ff: settings.dimFeedforward }));
    for (const [part, [block, pytorch]] of Object.entries(cells)) {
      setText(block, countText(numbers.count[part]));
      setText(pytorch, countText(numbers.pytorchCount[part]));
    }
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields and the choices are the SettingsWidget's; the steppers, the switch, "New
  // start" and the computed cells (which select their token) are ours. Each handler reads
  // this.#widget when it runs: the first tree's listeners are set up before attachWidget has
  // returned it.
  #listen(els) {
    listenToSizesAndRows(els.root, {
      // A size one more or one less: the input keeps its numbers where they stay, the heads
      // still divide d_model.
      step: (key, by) => stepSize(this.#widget, key, by, {
        sizes: SIZES, withSize, follows: ['input', 'nhead', 'selected'],
        words: (name, size) => this.#widget.t('encoder-widget.status.size', { name: this.#widget.t(`encoder-widget.sizes.${name}`), size }),
      }),
      selectRow: (token) => this.#widget.apply('selected', token, this.#widget.t('encoder-widget.status.selected', { token })),
    });
    els.normFirst.addEventListener('change', () => {
      const { checked } = els.normFirst;
      this.#widget.apply('normFirst', checked, this.#widget.t(checked ? 'encoder-widget.status.preNorm' : 'encoder-widget.status.postNorm'));
    });
    els.newStart.addEventListener('click', () => {
      const widget = this.#widget;
      if (!widget.settings) return;
      const seed = widget.settings.seed === MAX_SEED ? 0 : widget.settings.seed + 1;
      widget.apply('seed', seed, widget.t('encoder-widget.status.newStart', { seed }));
    });
  }
}

// A count as the table writes it: digits grouped by thousands, the same in either language.
// One formatter, made as the module loads: toLocaleString makes one for every call, which a tap
// that changes the sizes would pay for each of the table's numbers.
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
const countText = (count) => COUNT_FORMAT.format(count);

/** The selected token's output row, the core's, as the live line says it. */
function outputOf(numbers, { selected, dModel }) {
  return `(${Array.from(numbers.output.subarray((selected - 1) * dModel, selected * dModel), readableNumber).join(', ')})`;
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadTransformer);
