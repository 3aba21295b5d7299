// Node's reader for learning.golden (format in README.md beside it), for
// tests/node/learning-*.test.mjs. A malformed file throws an Error naming the file, the line and
// the problem. Each case keeps its words (op, activation) and its numbers by key, as
// Float32Arrays (`values`) and as the numbers the generator wrote (`numbers`: options such as
// lr 0.001 are doubles, not float32s).
import { readWordsAndNumbers } from './golden-blocks.mjs';

export { firstMismatch } from './activations-golden.mjs';

// The keys each op must have.
const REQUIRED = {
  linear: ['input_shape', 'weight_shape', 'input', 'weight', 'output', 'grad_output', 'grad_input', 'grad_weight'],
  xor_train: ['activation', 'lr', 'momentum', 'steps', 'w1', 'b1', 'w2', 'b2', 'losses', 'final_w1', 'final_b1',
    'final_w2', 'final_b2', 'hidden', 'probabilities'],
  xor_train_resumed: ['activation', 'w1', 'b1', 'w2', 'b2', ...[1, 2].flatMap((k) => ['lr', 'momentum', 'steps',
    'losses', 'final_w1', 'final_b1', 'final_w2', 'final_b2', 'hidden', 'probabilities'].map((key) => `${key}_${k}`))],
  xor_forward: ['activation', 'w1', 'b1', 'w2', 'b2', 'points', 'hidden', 'probabilities'],
  lamb: ['steps', 'param'],
  xor_init: ['hidden_units', 'seed', 'w1', 'b1', 'w2', 'b2'],
};
const WORDS = ['op', 'activation'];

/** Every case of the file at `url`, in file order. */
export function loadLearningGolden(url) {
  return readWordsAndNumbers(url.pathname, WORDS, REQUIRED);
}

/** A case's XOR network as the API takes it. */
export const xorParamsOf = (c, prefix = '') =>
  Object.fromEntries(['w1', 'b1', 'w2', 'b2'].map((key) => [key, c.values[prefix + key]]));
