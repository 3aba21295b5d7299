// The settings of <linear-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). The layer's sizes (nn.Linear's in_features and out_features, and the batch), its
// input, weight and bias, the upstream gradient, and the computed number whose sum is written
// out. Lists are row-major: input [N, in], weight [out, in] (nn.Linear's layout), grad_output
// [N, out].
//
// A bias of `null` (nn.Linear(bias=False)) is bias="null" in an attribute (the row's nullText)
// and bias=none in a link. "ones" for the upstream gradient is read here around the shared
// kinds: the element holds it as the 1s it shows (so a learner can type over one of them).
import {
  AttributeError, checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes, readNumber,
} from '../shared/settings-table.js';

/** The most a side of the layer may be: every number fits a phone's width. */
export const MAX_SIDE = 4;

// Defaults for batch 2, in 3, out 2; other sizes take these numbers over again, in order.
const DEFAULT_INPUT = Object.freeze([1, 2, -1, 0.5, -2, 3]);
const DEFAULT_WEIGHT = Object.freeze([0.5, -1, 2, 1, 0.25, -0.5]);
const DEFAULT_BIAS = Object.freeze([0.5, -1]);

/** `count` numbers: the defaults as they are when they fit, else taken over again in order. */
const fitted = (values, count) => Array.from({ length: count }, (_, i) => values[i % values.length]);

/** How many numbers each list holds for these sizes; each count reads only the sizes it needs. */
export const countsOf = (settings) => ({
  get input() { return settings.batch * settings.inFeatures; },
  get weight() { return settings.outFeatures * settings.inFeatures; },
  get bias() { return settings.outFeatures; },
  get gradOutput() { return settings.batch * settings.outFeatures; },
});

/** The shape of the bias and of its gradient: one row of out_features, and no cells without a
 * bias (bias null). */
export const biasShape = ({ bias, outFeatures }) => [1, bias === null ? 0 : outFeatures];

/**
 * The computed grids a selection may name, with their shape [rows, columns] for these settings.
 */
export const GRIDS = Object.freeze({
  output: ({ batch, outFeatures }) => [batch, outFeatures],
  grad_input: ({ batch, inFeatures }) => [batch, inFeatures],
  grad_weight: ({ outFeatures, inFeatures }) => [outFeatures, inFeatures],
  grad_bias: biasShape,
});

/** What a selection may say, for the messages. */
export const SELECTION_FORMS = 'output R,C, grad_input R,C, grad_weight R,C or grad_bias C (rows and columns from 1)';

/**
 * A selection ("output 1,2", "grad_bias 2") as { grid, row, column }, counted from 0, or null
 * when it is not of that form. Sizes are not checked here.
 * @param {string} text
 */
export function parseSelection(text) {
  const trimmed = String(text).trim().replace(/\s+/g, ' ');
  const pair = /^(output|grad_input|grad_weight) (\d+),(\d+)$/.exec(trimmed);
  if (pair) return { grid: pair[1], row: Number(pair[2]) - 1, column: Number(pair[3]) - 1 };
  const single = /^grad_bias (\d+)$/.exec(trimmed);
  if (single) return { grid: 'grad_bias', row: 0, column: Number(single[1]) - 1 };
  return null;
}

/** How a selection is written: "output 1,2", "grad_bias 2". */
export const selectionText = ({ grid, row, column }) => (grid === 'grad_bias' ? `${grid} ${column + 1}` : `${grid} ${row + 1},${column + 1}`);

// Every selection the largest layer has, in the form the settings hold: the row's choices.
const SELECTIONS = Object.keys(GRIDS).flatMap((grid) => {
  const [rows, columns] = GRIDS[grid]({ batch: MAX_SIDE, inFeatures: MAX_SIDE, outFeatures: MAX_SIDE });
  return Array.from({ length: rows * columns }, (_, i) => selectionText({ grid, row: Math.floor(i / columns), column: i % columns }));
});

/** Why a selection does not fit these settings, or null. */
export function selectionProblem(settings, text) {
  const selection = parseSelection(text);
  if (!selection) return `use ${SELECTION_FORMS}.`;
  if (selection.grid === 'grad_bias' && settings.bias === null) return 'the layer has no bias (bias is null), so there is no grad_bias.';
  const [rows, columns] = GRIDS[selection.grid](settings);
  if (selection.row >= rows || selection.column >= columns || selection.row < 0 || selection.column < 0) {
    return `${selection.grid} is ${rows} × ${columns}, so "${text}" names no cell of it (rows and columns from 1).`;
  }
  return null;
}

// A list's rule: as many numbers as its sizes need, finite and within float32.
function fits(key, describe) {
  return (settings, fail) => {
    const values = settings[key];
    if (values === null || values === 'ones') return;
    const count = countsOf(settings)[key];
    if (values.length !== count) fail(describe(settings, count, values.length));
    checkFinite(values, fail);
    checkFloat32(values, fail);
  };
}

const size = (name, key, attribute, fallback) => ({ name, key, attribute, kind: 'count', min: 1, max: MAX_SIDE, fallback });

// A bias of null reads as "none" in a link (as the shared kinds write null); the numbers are
// read as the numbers kind reads a link.
function readBiasQuery(text) {
  if (text === 'none' || text === 'null') return { bias: null };
  return undefined;
}
function readBiasNumbers(text, fail) {
  return text.split(',').map((part) => readNumber(part) ?? fail(`"${part}" is not a number`));
}

export const SETTINGS = Object.freeze([
  size('batch', 'batch', 'batch', 2),
  size('in_features', 'inFeatures', 'in-features', 3),
  size('out_features', 'outFeatures', 'out-features', 2),
  {
    name: 'input', key: 'input', attribute: 'input', kind: 'numbers',
    fallback: (settings) => fitted(DEFAULT_INPUT, countsOf(settings).input),
    check: fits('input', ({ batch, inFeatures }, count, given) => `give ${count} numbers (batch ${batch} × in_features ${inFeatures}), not ${given}.`),
  },
  {
    name: 'weight', key: 'weight', attribute: 'weight', kind: 'numbers',
    fallback: (settings) => fitted(DEFAULT_WEIGHT, countsOf(settings).weight),
    check: fits('weight', ({ outFeatures, inFeatures }, count, given) => `give ${count} numbers (out_features ${outFeatures} × in_features ${inFeatures}), not ${given}.`),
  },
  {
    name: 'bias', key: 'bias', attribute: 'bias', kind: 'numbers', nullable: true, nullText: 'null', frontMatter: 'composite',
    readQuery: readBiasQuery, readOldQuery: readBiasNumbers,
    fallback: (settings) => fitted(DEFAULT_BIAS, countsOf(settings).bias),
    check: fits('bias', (settings, count, given) => `give ${count} numbers (one per output feature) or null, not ${given}.`),
  },
  {
    name: 'grad_output', key: 'gradOutput', attribute: 'grad-output', kind: 'numbers', ones: true, fallback: 'ones',
    // A list of 1s is the "ones" a snippet need not write.
    isFallback: (value) => value === 'ones' || (Array.isArray(value) && value.every((item) => item === 1)),
    check: fits('gradOutput', ({ batch, outFeatures }, count, given) => `give "ones" or ${count} numbers (batch ${batch} × out_features ${outFeatures}), not ${given}.`),
  },
  {
    name: 'selected', key: 'selected', attribute: 'selected', kind: 'choice', choices: SELECTIONS, fallback: 'output 1,1',
    check: (settings, fail) => {
      const problem = selectionProblem(settings, settings.selected);
      if (problem) fail(problem);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The upstream gradient as the numbers it stands for: "ones" is a 1 per output. */
export const gradOutputOf = (settings) => (settings.gradOutput === 'ones' ? new Array(countsOf(settings).gradOutput).fill(1) : settings.gradOutput);

/**
 * The widget's settings from its attributes; throws AttributeError quoting the attribute.
 * bias="null" (or "none") is no bias; grad-output="ones" comes as its 1s; a selected that
 * names no cell is refused in words rather than by listing every cell there may be. With
 * `{ unreadable: null }` it throws nothing (readAttributes): what cannot be read, or be worked
 * out without a setting that could not, is null.
 * @param {(name: string) => string | null} get
 * @param {{ unreadable?: null }} [options]
 */
export function settingsFromAttributes(get, options = {}) {
  const lenient = options.unreadable === null;
  const selected = get('selected');
  const settings = readAttributes(SETTINGS, (name) => (name === 'selected' ? null : get(name)), options);
  // The selection is read against the sizes (and the bias) read before it; where the sizes of its
  // grid did not read (lenient only), it cannot be.
  if (selected !== null && selected !== undefined && selected.trim() !== '') {
    const selection = parseSelection(selected);
    const unread = selection !== null && GRIDS[selection.grid](settings).includes(null);
    const problem = unread ? null : selectionProblem(settings, selected.trim());
    if (problem && !lenient) throw new AttributeError('selected', selected, problem);
    settings.selected = problem || unread ? null : selectionText(selection);
  }
  const unsized = settings.batch === null || settings.outFeatures === null;
  settings.gradOutput = settings.gradOutput === null || (settings.gradOutput === 'ones' && unsized) ? null : gradOutputOf(settings);
  return settings;
}

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'linear-widget-change';
