// The block structure of the golden files (format in tests/golden/pool/README.md): `case <name>`
// ... `end`, one `key values...` line at a time, blank lines and `#` lines ignored, no key twice
// in a case. A family's reader gives the keys their meaning and checks each case at its end. A
// malformed file throws an Error naming the file, the line and the problem.
import { readFileSync } from 'node:fs';

// Number() reads neither "nan" nor "inf".
const SPECIAL = new Map([['nan', NaN], ['inf', Infinity], ['-inf', -Infinity]]);

/**
 * Every case of the file at `path`, in file order. Each starts as `{ name, line, options: {} }`;
 * `onKey(c, key, words, parse)` reads each key line and `onEnd(c, seen, fail)` checks the case at
 * `end`, given the keys it had. `parse` has `fail(what)`, `toFloat(word)` and `toInt(word)` for
 * the current line.
 */
export function readGoldenBlocks(path, onKey, onEnd) {
  const cases = [];
  let current = null;
  let seen;
  readFileSync(path, 'utf8').split('\n').forEach((text, i) => {
    const line = i + 1;
    const fail = (what) => { throw new Error(`${path}:${line}: ${what}`); };
    if (text.trim() === '' || text.startsWith('#')) return;
    const [key, ...words] = text.trim().split(/\s+/);
    if (key === 'case') {
      if (current) fail(`case ${current.name} has no end`);
      current = { name: words[0], line, options: {} };
      seen = new Set();
      return;
    }
    if (!current) fail(`'${key}' outside a case`);
    if (key === 'end') {
      onEnd(current, seen, (what) => fail(`case ${current.name}: ${what}`));
      cases.push(current);
      current = null;
      return;
    }
    if (seen.has(key)) fail(`repeated key ${key}`);
    seen.add(key);
    const toFloat = (word) => {
      const value = SPECIAL.has(word) ? SPECIAL.get(word) : Number(word);
      if (Number.isNaN(value) && word !== 'nan') fail(`not a number: '${word}'`);
      return value;
    };
    const toInt = (word) => {
      const value = Number(word);
      if (!Number.isInteger(value)) fail(`not an integer: '${word}'`);
      return value;
    };
    onKey(current, key, words, { fail, toFloat, toInt });
  });
  if (current) throw new Error(`${path}: case ${current.name} has no end`);
  if (cases.length === 0) throw new Error(`no cases in golden file ${path}`);
  return cases;
}

/**
 * The reader of a file whose keys are words (those in `words`: one each) or numbers: each case
 * keeps its words under their keys and its numbers by key in `numbers` (as written: an option
 * such as lr 0.001 is a double) and `values` (Float32Arrays); at `end` its op must be one of
 * `required`'s and have every key listed there, and `check(c, seen, fail)` may check more.
 */
export function readWordsAndNumbers(path, words, required, check = () => {}) {
  return readGoldenBlocks(path, (c, key, line, { fail, toFloat }) => {
    if (words.includes(key)) {
      if (line.length !== 1) fail(`${key} needs one word`);
      c[key] = line[0];
      return;
    }
    c.numbers ??= {};
    c.values ??= {};
    c.numbers[key] = line.map(toFloat);
    c.values[key] = Float32Array.from(c.numbers[key]);
  }, (c, seen, fail) => {
    if (!Object.hasOwn(required, c.op)) fail(`unknown op ${c.op}`);
    for (const key of required[c.op]) if (!seen.has(key)) fail(`no ${key}`);
    check(c, seen, fail);
  });
}
