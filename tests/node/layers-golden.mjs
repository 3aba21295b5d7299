// Reader for tests/golden/layers/layers.golden: PyTorch's answers for the layer family, one case
// per block of "key values..." rows (format in tests/golden/layers/README.md). Every row is read
// as numbers; the tests ask for the rows each op needs, and a missing one throws. A malformed
// file throws an Error naming the file, the line and the problem.
import { readFileSync } from 'node:fs';

// Number() reads neither "nan" nor "inf".
const SPECIAL = new Map([['nan', NaN], ['inf', Infinity], ['-inf', -Infinity]]);

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
  const cases = [];
  let current = null;
  readFileSync(path, 'utf8').split('\n').forEach((text, i) => {
    const line = i + 1;
    const fail = (what) => { throw new Error(`${path}:${line}: ${what}`); };
    if (text.trim() === '' || text.startsWith('#')) return;
    const [key, ...words] = text.trim().split(/\s+/);
    if (key === 'case') {
      if (current) fail(`case ${current.name} has no end`);
      const rows = new Map();
      const name = words[0];
      const row = (k) => {
        if (!rows.has(k)) throw new Error(`${path}: case ${name} has no row ${k}`);
        return rows.get(k);
      };
      current = {
        name, line, op: '', rows,
        has: (k) => rows.has(k),
        row,
        floats: (k) => Float32Array.from(row(k)),
        number: (k) => {
          const values = row(k);
          if (values.length !== 1) throw new Error(`${path}: case ${name}: ${k} is not one number`);
          return values[0];
        },
      };
      return;
    }
    if (!current) fail(`'${key}' outside a case`);
    if (key === 'end') {
      if (!current.op) fail(`case ${current.name} has no op`);
      cases.push(current);
      current = null;
    } else if (key === 'op') {
      current.op = words[0];
    } else {
      if (current.rows.has(key)) fail(`repeated key ${key}`);
      current.rows.set(key, words.map((word) => {
        const value = SPECIAL.has(word) ? SPECIAL.get(word) : Number(word);
        if (Number.isNaN(value) && word !== 'nan') fail(`not a number: '${word}'`);
        return value;
      }));
    }
  });
  if (current) throw new Error(`${path}: case ${current.name} has no end`);
  if (cases.length === 0) throw new Error(`no cases in golden file ${path}`);
  return cases;
}
