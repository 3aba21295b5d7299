// The numbers of <attention-widget>, every one from the sequence core's `attention`: the scores
// (q / √d) kᵀ with the causal mask's −∞, each row's softmax, and the weighted average of the
// values. This file does no arithmetic on them. DOM-free: the element and the adapter's
// exercise checks share it.
import { FieldError } from '../shared/settings-table.js';

/**
 * Everything the widget shows for these settings.
 * @param {object} core the sequence core (loadSequence())
 * @param {object} settings
 * @returns {{ scores: Float32Array, weights: Float32Array, output: Float32Array }}
 *   [Lq, Lk], [Lq, Lk] and [Lq, dv], row-major; a masked score is −Infinity
 */
export function attentionNumbers(core, settings) {
  const { queries, keys, dim, valueDim, query, key, value, causal } = settings;
  return core.attention(query, [queries, dim], key, [keys, dim], value, [keys, valueDim], { causal });
}

/** The grids an exercise may name: their key in attentionNumbers' result and their columns. */
const GRIDS = Object.freeze({
  score: { numbers: 'scores', columns: (s) => s.keys, columnName: 'keys' },
  weight: { numbers: 'weights', columns: (s) => s.keys, columnName: 'keys' },
  output: { numbers: 'output', columns: (s) => s.valueDim, columnName: 'value_dim' },
});

const SPECS = 'score I J, weight I J (query I, key J) or output I K (query I, value entry K), each from 1';

/**
 * The number an exercise names for these settings: "score 2 1", "weight 2 1" or "output 2 1"
 * (rows and columns from 1), computed by the core.
 * @throws {FieldError} for a spec it does not know or a cell the grids do not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim().replace(/\s+/g, ' ');
  const match = /^(score|weight|output) (\d{1,9}) (\d{1,9})$/.exec(text);
  if (!match) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const grid = GRIDS[match[1]];
  const [row, column] = [Number(match[2]), Number(match[3])];
  const columns = grid.columns(settings);
  if (row < 1 || row > settings.queries || column < 1 || column > columns) {
    throw new FieldError('core', `core names "${text}", but ${match[1]} is queries ${settings.queries} × ${grid.columnName} ${columns} (rows and columns from 1)`);
  }
  return attentionNumbers(core, settings)[grid.numbers][(row - 1) * columns + column - 1];
}
