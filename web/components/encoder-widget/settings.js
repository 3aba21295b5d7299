// The settings of <encoder-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). The block's sizes (L tokens of d_model features, nhead heads, dim_feedforward hidden
// units), the input [L, d] row by row, the seed of the start the transformer core draws, the
// norm order and the activation, and the token whose path is highlighted.
import { checkFinite, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The most tokens: a row of six weights fits a phone's width. */
export const MAX_TOKENS = 6;

/** d_model from 2 (layer norm of one feature is its bias alone) to 8 (a row of eight cells). */
export const MIN_MODEL = 2;
export const MAX_MODEL = 8;

/** The heads a learner may choose; each must divide d_model. */
export const HEADS = Object.freeze([1, 2, 4]);

/** The most hidden units of the feed-forward layer. */
export const MAX_FEEDFORWARD = 32;

/** The largest seed a learner may set: nine digits fit the field. */
export const MAX_SEED = 999999999;

/** The largest size an input number may have. */
export const MAX_MAGNITUDE = 100;

/** The feed-forward layer's activations (TransformerEncoderLayer's `activation`). */
export const ACTIVATIONS = Object.freeze(['relu', 'gelu']);

// The default input for L 3, d 4: three one-hot tokens. Other sizes take its numbers over again.
const DEFAULT_INPUT = Object.freeze([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);

/** `count` numbers: the default as it is when it fits, else taken over again in order. */
const fitted = (values, count) => Array.from({ length: count }, (_, i) => values[i % values.length]);

/** The default input for these sizes. */
export const defaultInput = ({ tokens, dModel }) => fitted(DEFAULT_INPUT, tokens * dModel);

/** The sizes that shape the input, in the order the steppers show them. */
export const SIZES = Object.freeze([
  { key: 'tokens', min: 1, max: MAX_TOKENS },
  { key: 'dModel', min: MIN_MODEL, max: MAX_MODEL },
]);

/** The most heads that divide `dModel` and are no more than `nhead`. */
export const headsFor = (dModel, nhead) => HEADS.filter((h) => h <= nhead && dModel % h === 0).pop();

const checkHeads = ({ nhead, dModel }, fail) => {
  if (!HEADS.includes(nhead)) fail(`nhead must be 1, 2 or 4, not ${nhead}.`);
  if (dModel % nhead !== 0) fail(`nhead ${nhead} must divide d_model ${dModel}: each head takes d_model / nhead features.`);
};

// The input's rule: L × d numbers, each finite and no larger than MAX_MAGNITUDE.
const checkInput = ({ input, tokens, dModel }, fail) => {
  if (input.length !== tokens * dModel) {
    fail(`give ${tokens * dModel} numbers (tokens ${tokens} × d_model ${dModel}), not ${input.length}.`);
  }
  checkFinite(input, fail);
  const large = input.find((value) => Math.abs(value) > MAX_MAGNITUDE);
  if (large !== undefined) fail(`every number must be from -${MAX_MAGNITUDE} to ${MAX_MAGNITUDE}, not ${large}.`);
};

export const SETTINGS = Object.freeze([
  { name: 'tokens', key: 'tokens', attribute: 'tokens', kind: 'count', min: 1, max: MAX_TOKENS, fallback: 3 },
  { name: 'd_model', key: 'dModel', attribute: 'd-model', kind: 'count', min: MIN_MODEL, max: MAX_MODEL, fallback: 4 },
  { name: 'nhead', key: 'nhead', attribute: 'nhead', kind: 'count', min: 1, max: 4, fallback: 2, check: checkHeads },
  { name: 'dim_feedforward', key: 'dimFeedforward', attribute: 'dim-feedforward', kind: 'count', min: 1, max: MAX_FEEDFORWARD, fallback: 8 },
  { name: 'input', key: 'input', attribute: 'input', kind: 'numbers', fallback: defaultInput, check: checkInput },
  { name: 'seed', key: 'seed', attribute: 'seed', kind: 'count', min: 0, max: MAX_SEED, fallback: 0 },
  { name: 'norm_first', key: 'normFirst', attribute: 'norm-first', kind: 'boolean', fallback: false },
  { name: 'activation', key: 'activation', attribute: 'activation', kind: 'choice', choices: [...ACTIVATIONS], fallback: 'relu' },
  {
    name: 'selected', key: 'selected', attribute: 'selected', kind: 'count', min: 1, max: MAX_TOKENS, fallback: 1,
    check: ({ selected, tokens }, fail) => {
      if (selected > tokens) fail(`there are ${tokens} tokens, so selected must be from 1 to ${tokens}, not ${selected}.`);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'encoder-widget-change';

/**
 * The settings after a size that shapes the input changes to `size`: the input keeps its numbers
 * where their place remains and takes the default's for the new sizes in a new place, the heads
 * become the most of 1, 2 and 4 that divide d_model (no more than before), and the selected
 * token stays among the tokens.
 * @param {object} settings
 * @param {'tokens' | 'dModel'} key
 * @param {number} size
 */
export function withSize(settings, key, size) {
  const next = { ...settings, [key]: size };
  const [oldRows, oldColumns] = [settings.tokens, settings.dModel];
  const columns = next.dModel;
  next.input = defaultInput(next).map((fallback, i) => {
    const row = Math.floor(i / columns);
    const column = i % columns;
    return row < oldRows && column < oldColumns ? settings.input[row * oldColumns + column] : fallback;
  });
  next.nhead = headsFor(next.dModel, settings.nhead);
  next.selected = Math.min(next.selected, next.tokens);
  return next;
}
