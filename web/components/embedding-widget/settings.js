// The settings of <embedding-widget>: one row each (see ../shared/settings-table.js for what a
// row holds). A fixed vocabulary of six words, a table of four numbers per word (PyTorch's
// `weight`, 6 × 4, row-major), the sentence as the words' indices (PyTorch's `input`), the
// padding word and the upstream gradient of each position.
import { checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The words, by index: the table's rows. Index 0 is the padding word. */
export const VOCABULARY = Object.freeze(['<pad>', 'the', 'cat', 'sat', 'on', 'mat']);

/** Numbers per word (embedding_dim). */
export const DIM = 4;

/** The longest sentence the widget takes: every position is a row of the output. */
export const MAX_POSITIONS = 12;

const WORDS = VOCABULARY.length;

const DEFAULT_WEIGHT = Object.freeze([
  0, 0, 0, 0,
  0.5, -0.25, 0.75, 0,
  1, 0.5, -0.5, 0.25,
  -0.5, 1, 0.25, -1,
  0.25, -0.5, -1, 0.5,
  0.75, 0.5, -0.25, -0.5,
]);

const isWholeIn = (value, max) => Number.isInteger(value) && value >= 0 && value <= max;

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  {
    name: 'weight', key: 'weight', attribute: 'weight', kind: 'numbers', fallback: DEFAULT_WEIGHT,
    check: ({ weight }, fail) => {
      if (weight.length !== WORDS * DIM) fail(`give ${WORDS * DIM} numbers (${WORDS} words × ${DIM}), not ${weight.length}.`);
      checkFinite(weight, fail);
      checkFloat32(weight, fail);
    },
  },
  {
    name: 'indices', key: 'indices', attribute: 'indices', kind: 'numbers', fallback: [1, 2, 3, 4, 1, 5],
    check: ({ indices }, fail) => {
      if (indices.length < 1 || indices.length > MAX_POSITIONS) fail(`give 1 to ${MAX_POSITIONS} words, not ${indices.length}.`);
      const bad = indices.find((index) => !isWholeIn(index, WORDS - 1));
      if (bad !== undefined) fail(`each index must be a whole number from 0 to ${WORDS - 1}, not ${bad}.`);
    },
  },
  {
    name: 'padding_idx', key: 'paddingIdx', attribute: 'padding-idx', kind: 'wholeOrNone', fallback: null,
    check: ({ paddingIdx }, fail) => {
      if (paddingIdx !== null && !isWholeIn(paddingIdx, WORDS - 1)) fail(`the padding index must be none or a whole number from 0 to ${WORDS - 1}.`);
    },
  },
  {
    name: 'grad_output', key: 'gradOutput', attribute: 'grad-output', kind: 'numbers', ones: true, fallback: 'ones',
    check: ({ gradOutput, indices }, fail) => {
      if (gradOutput === 'ones') return;
      if (gradOutput.length !== indices.length * DIM) {
        fail(`give ${indices.length * DIM} numbers (${indices.length} positions × ${DIM}), or ones, not ${gradOutput.length}.`);
      }
      checkFinite(gradOutput, fail);
      checkFloat32(gradOutput, fail);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The upstream gradient for a sentence of another length: ones stay ones, a list is cut or filled with 1. */
export function gradOutputFor(gradOutput, positions) {
  if (gradOutput === 'ones') return 'ones';
  return Array.from({ length: positions * DIM }, (_, i) => gradOutput[i] ?? 1);
}

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'embedding-change';
