// Reader for tests/golden/activations/activations.golden: PyTorch's answers for the activation
// functions, forward and backward (format in tests/golden/activations/README.md). A malformed
// file throws an Error naming the file, the line and the problem.
import { readFileSync } from 'node:fs';

/**
 * @typedef {object} ActivationCase
 * @property {string} name
 * @property {'relu'|'sigmoid'|'tanh'|'gelu'|'swish'|'elu'} op
 * @property {number} line  of "case", for failure messages
 * @property {object} options  the JS API's options: { approximate }, { beta }, { alpha } or {}
 * @property {Float32Array} input
 * @property {Float32Array} output
 * @property {Float32Array} gradOutput
 * @property {Float32Array} gradInput
 * @property {Float32Array} derivative  the gradient for a gradOutput of ones
 */

const OPTION_OF = { relu: null, sigmoid: null, tanh: null, gelu: 'approximate', swish: 'beta', elu: 'alpha' };
const ROWS = { input: 'input', output: 'output', grad_output: 'gradOutput', grad_input: 'gradInput', derivative: 'derivative' };
// Number() reads neither "nan" nor "inf".
const SPECIAL = new Map([['nan', NaN], ['inf', Infinity], ['-inf', -Infinity]]);

/** @returns {ActivationCase[]} every case, in file order */
export function loadActivationGolden(path) {
  const cases = [];
  let current = null;
  let seen;
  readFileSync(path, 'utf8').split('\n').forEach((text, i) => {
    const line = i + 1;
    const fail = (what) => { throw new Error(`${path}:${line}: ${what}`); };
    if (text.trim() === '' || text.startsWith('#')) return;
    const [key, ...words] = text.trim().split(/\s+/);
    const toFloat = (word) => {
      const value = SPECIAL.has(word) ? SPECIAL.get(word) : Number(word);
      if (Number.isNaN(value) && word !== 'nan') fail(`not a number: '${word}'`);
      return value;
    };
    if (key === 'case') {
      if (current) fail(`case ${current.name} has no end`);
      current = { name: words[0], line, options: {} };
      seen = new Set();
      return;
    }
    if (!current) fail(`'${key}' outside a case`);
    if (key === 'end') {
      const option = OPTION_OF[current.op];
      const wanted = ['op', ...Object.keys(ROWS), ...(option ? [option] : [])];
      for (const k of wanted) if (!seen.has(k)) fail(`case ${current.name}: missing ${k}`);
      if (seen.size !== wanted.length) fail(`case ${current.name}: an option that does not belong to ${current.op}`);
      for (const row of Object.values(ROWS)) {
        if (current[row].length !== current.input.length) fail(`case ${current.name}: ${row} is not as long as input`);
      }
      cases.push(current);
      current = null;
      return;
    }
    if (seen.has(key)) fail(`repeated key ${key}`);
    seen.add(key);
    if (key === 'op') {
      if (!(words[0] in OPTION_OF)) fail(`unknown op ${words[0]}`);
      current.op = words[0];
    } else if (key === 'approximate') {
      current.options.approximate = words[0];
    } else if (key === 'alpha' || key === 'beta') {
      current.options[key] = toFloat(words[0]);
    } else if (key in ROWS) {
      current[ROWS[key]] = Float32Array.from(words, toFloat);
    } else {
      fail(`unknown key '${key}'`);
    }
  });
  if (current) throw new Error(`${path}: case ${current.name} has no end`);
  if (cases.length === 0) throw new Error(`no cases in golden file ${path}`);
  return cases;
}

/** The first index where `actual` is off by more than max(1e-6, 1e-5 * |expected|) (NaN must be
 * NaN, infinities exact), or -1. */
export function firstMismatch(expected, actual, abs = 1e-6, rel = 1e-5) {
  if (expected.length !== actual.length) return 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    const a = actual[i];
    const ok = Number.isFinite(e) ? Math.abs(a - e) <= Math.max(abs, rel * Math.abs(e)) : Object.is(a, e) || (Number.isNaN(e) && Number.isNaN(a));
    if (!ok) return i;
  }
  return -1;
}
