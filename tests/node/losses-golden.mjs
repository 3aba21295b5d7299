// Reader for tests/golden/losses/losses.golden: PyTorch's answers for the losses, forward and
// backward (format in tests/golden/losses/README.md). A malformed file throws an Error naming
// the file, the line and the problem. Each case is turned into a JS API call: `options` is the
// API's options object, `gradOutput` a number for a reduced loss.
import { readGoldenBlocks } from './golden-blocks.mjs';

export { firstMismatch } from './activations-golden.mjs';

/**
 * @typedef {object} LossCase
 * @property {string} name
 * @property {'mse'|'huber'|'cross_entropy'} op
 * @property {number} line  of "case", for failure messages
 * @property {object} options  { reduction }, with delta (huber) or labelSmoothing (cross_entropy)
 * @property {number[]} [shape]  cross_entropy's logits shape
 * @property {Float32Array} input  the input, or cross-entropy's logits
 * @property {Float32Array|Int32Array} target  values, or cross-entropy's class indices
 * @property {Float32Array} output  the loss: one value when reduced
 * @property {number|Float32Array} gradOutput  a number when reduced
 * @property {Float32Array} gradInput
 */

const KEYS = {
  mse: ['op', 'reduction', 'input', 'target', 'output', 'grad_output', 'grad_input'],
  huber: ['op', 'reduction', 'delta', 'input', 'target', 'output', 'grad_output', 'grad_input'],
  cross_entropy: ['op', 'reduction', 'label_smoothing', 'shape', 'input', 'target', 'output', 'grad_output', 'grad_input'],
};
const ROWS = { input: 'input', output: 'output', grad_output: 'gradOutput', grad_input: 'gradInput' };
/** @returns {LossCase[]} every case, in file order */
export function loadLossGolden(path) {
  return readGoldenBlocks(path, (current, key, words, { fail, toFloat, toInt }) => {
    if (key === 'op') {
      if (!(words[0] in KEYS)) fail(`unknown op ${words[0]}`);
      current.op = words[0];
    } else if (key === 'reduction') {
      current.options.reduction = words[0];
    } else if (key === 'delta') {
      current.options.delta = toFloat(words[0]);
    } else if (key === 'label_smoothing') {
      current.options.labelSmoothing = toFloat(words[0]);
    } else if (key === 'shape') {
      current.shape = words.map(toInt);
    } else if (key === 'target') {
      current.target = current.op === 'cross_entropy' ? Int32Array.from(words, toInt) : Float32Array.from(words, toFloat);
    } else if (key in ROWS) {
      current[ROWS[key]] = Float32Array.from(words, toFloat);
    } else {
      fail(`unknown key '${key}'`);
    }
  }, (current, seen, fail) => {
    const wanted = KEYS[current.op] ?? fail('no op');
    for (const k of wanted) if (!seen.has(k)) fail(`missing ${k}`);
    if (seen.size !== wanted.length) fail(`a key that does not belong to ${current.op}`);
    const terms = current.target.length;
    if (current.op !== 'cross_entropy' && terms !== current.input.length) fail('target is not as long as input');
    const reduced = current.options.reduction !== 'none';
    if (current.output.length !== (reduced ? 1 : terms) || current.gradOutput.length !== current.output.length) {
      fail('output and grad_output need one value per term, or one when reduced');
    }
    if (current.gradInput.length !== current.input.length) fail('grad_input is not as long as input');
    if (reduced) current.gradOutput = current.gradOutput[0];
  });
}

const NAMES = { mse: 'mseLoss', huber: 'huberLoss', cross_entropy: 'crossEntropy' };

/** The case's loss through the JS API `losses`. */
export function runForward(losses, c) {
  if (c.op === 'cross_entropy') return losses.crossEntropy(c.input, c.shape, c.target, c.options);
  return losses[NAMES[c.op]](c.input, c.target, c.options);
}

/** The case's gradient through the JS API `losses`. */
export function runBackward(losses, c) {
  if (c.op === 'cross_entropy') return losses.crossEntropyBackward(c.gradOutput, c.input, c.shape, c.target, c.options);
  return losses[`${NAMES[c.op]}Backward`](c.gradOutput, c.input, c.target, c.options);
}
