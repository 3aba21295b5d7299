// Reader for tests/golden/activations/activations.golden: PyTorch's answers for the activation
// functions, forward and backward (format in tests/golden/activations/README.md). A malformed
// file throws an Error naming the file, the line and the problem.
import { readGoldenBlocks } from './golden-blocks.mjs';

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
/** @returns {ActivationCase[]} every case, in file order */
export function loadActivationGolden(path) {
  return readGoldenBlocks(path, (current, key, words, { fail, toFloat }) => {
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
  }, (current, seen, fail) => {
    const option = OPTION_OF[current.op];
    const wanted = ['op', ...Object.keys(ROWS), ...(option ? [option] : [])];
    for (const k of wanted) if (!seen.has(k)) fail(`missing ${k}`);
    if (seen.size !== wanted.length) fail(`an option that does not belong to ${current.op}`);
    for (const row of Object.values(ROWS)) {
      if (current[row].length !== current.input.length) fail(`${row} is not as long as input`);
    }
  });
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
