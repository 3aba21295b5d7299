// The settings of <attention-widget>: one row each (see ../shared/settings-table.js for what a
// row holds). The four sizes (Lq queries, Lk keys, d and dv), the query, key and value matrices
// row by row ([Lq, d], [Lk, d], [Lk, dv]), the causal mask, and the query whose weighted average
// is written out.
import { checkFinite, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The most queries or keys: a row of six weights fits a phone's width. */
export const MAX_LENGTH = 6;

/** The most a query, key or value may hold: four numbers to a row. */
export const MAX_DIM = 4;

/** The largest size a number may have: scores stay readable, and float32 holds every product. */
export const MAX_MAGNITUDE = 1000;

// Defaults for Lq 3, Lk 3, d 2, dv 2; other sizes take these numbers over again, in order.
const DEFAULTS = Object.freeze({
  query: Object.freeze([1, 0, 0, 1, 1, 1]),
  key: Object.freeze([1, 0, 0, 1, 1, 1]),
  value: Object.freeze([1, 0, 0, 1, 0.5, 0.5]),
});

/** `count` numbers: the default as it is when it fits, else taken over again in order. */
const fitted = (values, count) => Array.from({ length: count }, (_, i) => values[i % values.length]);

/**
 * The shape [rows, columns] of each matrix for these sizes, with the settings that name its
 * rows and columns (for the messages).
 */
export const MATRICES = Object.freeze({
  query: { shape: ({ queries, dim }) => [queries, dim], names: ['queries', 'dim'] },
  key: { shape: ({ keys, dim }) => [keys, dim], names: ['keys', 'dim'] },
  value: { shape: ({ keys, valueDim }) => [keys, valueDim], names: ['keys', 'value_dim'] },
});

/** The sizes, in the order the controls show them: their keys, link names and limits. */
export const SIZES = Object.freeze([
  { key: 'queries', name: 'queries', attribute: 'queries', max: MAX_LENGTH, fallback: 3 },
  { key: 'keys', name: 'keys', attribute: 'keys', max: MAX_LENGTH, fallback: 3 },
  { key: 'dim', name: 'dim', attribute: 'dim', max: MAX_DIM, fallback: 2 },
  { key: 'valueDim', name: 'value_dim', attribute: 'value-dim', max: MAX_DIM, fallback: 2 },
]);

/** The default of a matrix for these sizes. */
export function defaultOf(key, settings) {
  const [rows, columns] = MATRICES[key].shape(settings);
  return fitted(DEFAULTS[key], rows * columns);
}

// A matrix's rule: as many numbers as its sizes need, each finite and no larger than
// MAX_MAGNITUDE.
function fits(key) {
  return (settings, fail) => {
    const values = settings[key];
    const [rows, columns] = MATRICES[key].shape(settings);
    const [rowsName, columnsName] = MATRICES[key].names;
    if (values.length !== rows * columns) {
      fail(`give ${rows * columns} numbers (${rowsName} ${rows} × ${columnsName} ${columns}), not ${values.length}.`);
    }
    checkFinite(values, fail);
    const large = values.find((value) => Math.abs(value) > MAX_MAGNITUDE);
    if (large !== undefined) fail(`every number must be from -${MAX_MAGNITUDE} to ${MAX_MAGNITUDE}, not ${large}.`);
  };
}

const matrixRow = (key) => ({
  name: key, key, attribute: key, kind: 'numbers', fallback: (settings) => defaultOf(key, settings), check: fits(key),
});

export const SETTINGS = Object.freeze([
  ...SIZES.map(({ key, name, attribute, max, fallback }) => ({ name, key, attribute, kind: 'count', min: 1, max, fallback })),
  matrixRow('query'),
  matrixRow('key'),
  matrixRow('value'),
  { name: 'causal', key: 'causal', attribute: 'causal', kind: 'boolean', fallback: false },
  {
    name: 'selected', key: 'selected', attribute: 'selected', kind: 'count', min: 1, max: MAX_LENGTH, fallback: 1,
    check: ({ selected, queries }, fail) => {
      if (selected > queries) fail(`there are ${queries} queries, so selected must be from 1 to ${queries}, not ${selected}.`);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'attention-widget-change';

/**
 * The settings after a size changes to `size`: each matrix it shapes keeps its numbers where
 * their place remains and takes the default's number for the new sizes in a new place, and the
 * selected query stays among the queries.
 * @param {object} settings
 * @param {string} key one of SIZES' keys
 * @param {number} size
 */
export function withSize(settings, key, size) {
  const next = { ...settings, [key]: size };
  for (const name of Object.keys(MATRICES)) {
    const [oldRows, oldColumns] = MATRICES[name].shape(settings);
    const [rows, columns] = MATRICES[name].shape(next);
    if (rows === oldRows && columns === oldColumns) continue;
    next[name] = defaultOf(name, next).map((fallback, i) => {
      const row = Math.floor(i / columns);
      const column = i % columns;
      return row < oldRows && column < oldColumns ? settings[name][row * oldColumns + column] : fallback;
    });
  }
  next.selected = Math.min(next.selected, next.queries);
  return next;
}
