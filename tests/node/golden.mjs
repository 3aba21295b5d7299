// Reader for tests/golden/pool/pool2d.golden: PyTorch's answers for 2-D pooling, forward and
// backward, one case per block (format in tests/golden/pool/README.md).
//
// A malformed file throws an Error naming the file, the line and the problem: a broken golden
// file must fail the test run loudly, never shrink it silently.
import { readFileSync } from 'node:fs';

/**
 * @typedef {object} GoldenCase
 * @property {string} name        unique, e.g. "avg_k3_s2_p1_exclude_pad"
 * @property {'avg_pool2d'|'max_pool2d'|'adaptive_avg_pool2d'|'adaptive_max_pool2d'} op
 * @property {number} line        line of "case" in the file, for failure messages
 * @property {number[]} inputShape  [C, H, W] or [N, C, H, W]
 * @property {[number, number]} kernel    avg/max only, else [0, 0]
 * @property {[number, number]} stride    avg/max only: the effective stride (the kernel when
 *                                        PyTorch got None), else [0, 0]
 * @property {[number, number]} padding   avg/max only, else [0, 0]
 * @property {[number, number]} dilation  [1, 1] unless max pooling says otherwise
 * @property {boolean} ceilMode
 * @property {boolean} countIncludePad   avg only; true elsewhere
 * @property {number} divisorOverride    avg only; 0 means none
 * @property {[number|null, number|null]} outputSize  adaptive only, else [0, 0]; null for a side
 *                                        PyTorch got as None ("none" in the file)
 * @property {Float32Array} input
 * @property {number[]} outputShape
 * @property {Float32Array} output
 * @property {Int32Array} indices  max ops only (else empty): flat index row * W + col per plane
 * @property {Float32Array} gradOutput
 * @property {Float32Array} gradInput
 */

const OPS = ['avg_pool2d', 'max_pool2d', 'adaptive_avg_pool2d', 'adaptive_max_pool2d'];
const COMMON_KEYS = ['op', 'input_shape', 'input', 'output_shape', 'output', 'grad_output', 'grad_input'];

/** The keys a case of this operation must have, and may have. */
function keysFor(op) {
  const keys = new Set(COMMON_KEYS);
  const add = (...more) => more.forEach((k) => keys.add(k));
  if (op === 'avg_pool2d' || op === 'max_pool2d') add('kernel', 'stride', 'padding', 'dilation', 'ceil_mode');
  if (op === 'avg_pool2d') add('count_include_pad', 'divisor_override');
  if (op.startsWith('adaptive_')) add('output_size');
  if (op.endsWith('max_pool2d')) add('indices');
  return keys;
}

// Number() reads neither "nan" nor "inf"; every finite value is written so that reading it as
// a double and rounding to float32 gives back the exact float32.
const SPECIAL = new Map([['nan', NaN], ['inf', Infinity], ['-inf', -Infinity]]);

function product(shape) {
  return shape.reduce((a, b) => a * b, 1);
}

function emptyCase(name, line) {
  return {
    name, op: '', line, inputShape: [],
    kernel: [0, 0], stride: [0, 0], padding: [0, 0], dilation: [1, 1],
    ceilMode: false, countIncludePad: true, divisorOverride: 0, outputSize: [0, 0],
    input: new Float32Array(0), outputShape: [], output: new Float32Array(0),
    indices: new Int32Array(0), gradOutput: new Float32Array(0), gradInput: new Float32Array(0),
  };
}

/**
 * Reads every case of a golden file, in file order.
 * @param {string | URL} path
 * @returns {GoldenCase[]}
 */
export function loadGolden(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const fail = (line, what) => {
    throw new Error(`${path}:${line}: ${what}`);
  };
  const toInt = (word, line) => {
    if (!/^-?\d+$/.test(word)) fail(line, `not an integer: '${word}'`);
    return Number(word);
  };
  const toFloat = (word, line) => {
    if (SPECIAL.has(word)) return SPECIAL.get(word);
    const value = Number(word);
    if (word === '' || Number.isNaN(value)) fail(line, `not a number: '${word}'`);
    return value;
  };
  const toPair = (words, line, key) => {
    if (words.length !== 2) fail(line, `${key} needs 2 integers, got ${words.length}`);
    return [toInt(words[0], line), toInt(words[1], line)];
  };
  const toFlag = (words, line, key) => {
    if (words.length !== 1 || (words[0] !== '0' && words[0] !== '1')) fail(line, `${key} must be 0 or 1`);
    return words[0] === '1';
  };
  const floats = (words, line) => Float32Array.from(words, (w) => toFloat(w, line));
  const ints = (words, line) => words.map((w) => toInt(w, line));

  const check = (c, seen) => {
    const bad = (what) => fail(c.line, `case ${c.name}: ${what}`);
    if (!OPS.includes(c.op)) bad(`unknown op '${c.op}'`);
    const wanted = keysFor(c.op);
    for (const key of wanted) if (!seen.has(key)) bad(`missing ${key}`);
    for (const key of seen) if (!wanted.has(key)) bad(`${key} does not belong to ${c.op}`);
    const rank = c.inputShape.length;
    if (rank !== 3 && rank !== 4) bad('input_shape must have 3 or 4 dims');
    if (c.outputShape.length !== rank) bad('output_shape rank differs from input_shape');
    const inCount = product(c.inputShape);
    const outCount = product(c.outputShape);
    const sizes = [['input', c.input, inCount], ['grad_input', c.gradInput, inCount],
      ['output', c.output, outCount], ['grad_output', c.gradOutput, outCount]];
    if (c.op.endsWith('max_pool2d')) sizes.push(['indices', c.indices, outCount]);
    for (const [key, values, count] of sizes) {
      if (values.length !== count) bad(`${key} has ${values.length} values, expected ${count}`);
    }
  };

  const cases = [];
  const names = new Set();
  let current = null;
  let seen = new Set();

  lines.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '' || text.startsWith('#')) return;
    const [key, ...words] = text.trim().split(/\s+/);

    if (key === 'case') {
      if (current) fail(line, `case ${current.name} has no end`);
      if (words.length !== 1) fail(line, 'case needs exactly one name');
      if (names.has(words[0])) fail(line, `duplicate case name ${words[0]}`);
      names.add(words[0]);
      current = emptyCase(words[0], line);
      seen = new Set();
      return;
    }
    if (!current) fail(line, `'${key}' outside a case`);
    if (key === 'end') {
      if (words.length !== 0) fail(line, 'end takes no values');
      check(current, seen);
      cases.push(current);
      current = null;
      return;
    }
    if (seen.has(key)) fail(line, `repeated key ${key}`);
    seen.add(key);

    switch (key) {
      case 'op':
        if (words.length !== 1) fail(line, 'op needs one word');
        current.op = words[0];
        break;
      case 'input_shape': current.inputShape = ints(words, line); break;
      case 'kernel': current.kernel = toPair(words, line, key); break;
      case 'stride': current.stride = toPair(words, line, key); break;
      case 'padding': current.padding = toPair(words, line, key); break;
      case 'dilation': current.dilation = toPair(words, line, key); break;
      case 'ceil_mode': current.ceilMode = toFlag(words, line, key); break;
      case 'count_include_pad': current.countIncludePad = toFlag(words, line, key); break;
      case 'divisor_override':
        if (words.length !== 1) fail(line, 'divisor_override needs one integer');
        current.divisorOverride = toInt(words[0], line);
        break;
      case 'output_size':
        if (words.length !== 2) fail(line, `${key} needs 2 integers or none, got ${words.length}`);
        current.outputSize = words.map((w) => (w === 'none' ? null : toInt(w, line)));
        break;
      case 'input': current.input = floats(words, line); break;
      case 'output_shape': current.outputShape = ints(words, line); break;
      case 'output': current.output = floats(words, line); break;
      case 'indices': current.indices = Int32Array.from(ints(words, line)); break;
      case 'grad_output': current.gradOutput = floats(words, line); break;
      case 'grad_input': current.gradInput = floats(words, line); break;
      default: fail(line, `unknown key '${key}'`);
    }
  });
  if (current) fail(current.line, `case ${current.name} has no end`);
  if (cases.length === 0) throw new Error(`no cases in golden file ${path}`);
  return cases;
}

/**
 * The options object the core's avgPool2d / maxPool2d take, for an avg or max case.
 * @param {GoldenCase} c
 */
export function poolOptions(c) {
  const options = { kernelSize: c.kernel, stride: c.stride, padding: c.padding, ceilMode: c.ceilMode };
  if (c.op === 'max_pool2d') return { ...options, dilation: c.dilation };
  return {
    ...options,
    countIncludePad: c.countIncludePad,
    divisorOverride: c.divisorOverride === 0 ? null : c.divisorOverride,
  };
}
