// Reader for tests/golden/layers/layers.golden: PyTorch's answers for the layer family, one case
// per block of "key values..." rows (format in tests/golden/layers/README.md). Every row is read
// as numbers; the tests ask for the rows each op needs, and a missing one throws. A malformed
// file throws an Error naming the file, the line and the problem (read with golden-blocks.mjs).
import { readGoldenBlocks } from './golden-blocks.mjs';

/**
 * @typedef {object} LayerCase
 * @property {string} name
 * @property {string} op  softmax | embedding | dropout | dropout_mask | batch_norm2d | layer_norm
 * @property {number} line  of "case", for failure messages
 * @property {(key: string) => boolean} has
 * @property {(key: string) => number[]} row  the row's numbers; throws when it is missing
 * @property {(key: string) => Float32Array} floats
 * @property {(key: string) => number} number  a one-number row
 */

/** @returns {LayerCase[]} every case, in file order */
export function loadLayerGolden(path) {
  return readGoldenBlocks(path, (current, key, words, { fail, toFloat }) => {
    current.rows ??= new Map();
    if (key === 'op') current.op = words[0];
    else current.rows.set(key, words.map(toFloat));
  }, (current, seen, fail) => {
    if (!current.op) fail('has no op');
    Object.assign(current, rowReaders(path, current.name, current.rows));
  });
}

// The accessors a test reads a case's rows with; a missing row throws, naming the case.
function rowReaders(path, name, rows) {
  const row = (k) => {
    if (!rows.has(k)) throw new Error(`${path}: case ${name} has no row ${k}`);
    return rows.get(k);
  };
  return {
    has: (k) => rows.has(k),
    row,
    floats: (k) => Float32Array.from(row(k)),
    number: (k) => {
      const values = row(k);
      if (values.length !== 1) throw new Error(`${path}: case ${name}: ${k} is not one number`);
      return values[0];
    },
  };
}
