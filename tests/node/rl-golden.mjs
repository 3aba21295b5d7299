// Node's reader for rl.golden (format in tests/golden/rl/README.md), for tests/node/rl-*.test.mjs.
// A malformed file throws an Error naming the file, the line and the problem. Each case keeps its
// op and its numbers by key, as Float32Arrays (`values`) and as the numbers the file wrote
// (`numbers`: clip, lr and grad_loss are doubles).
import { readWordsAndNumbers } from './golden-blocks.mjs';

export { firstMismatch } from './activations-golden.mjs';

// The keys each op must have.
const REQUIRED = {
  ppo: ['logits_shape', 'clip', 'grad_loss', 'logits', 'actions', 'old_log_probs', 'advantages', 'log_probs',
    'ratio', 'surrogate', 'clipped_surrogate', 'objective', 'loss', 'grad_logits', 'grad_ratio', 'log_softmax'],
  train: ['logits_shape', 'clip', 'lr', 'epochs', 'logits', 'actions', 'old_log_probs', 'advantages',
    'history_logits', 'history_log_probs', 'history_ratio', 'history_loss', 'history_grad_ratio'],
  sum: ['values', 'sum'],
};

/** Every case of the file at `url`, in file order. */
export function loadRlGolden(url) {
  return readWordsAndNumbers(url.pathname, ['op'], REQUIRED);
}

/** A case's batch as the API takes it: logits, logitsShape, actions, oldLogProbs, advantages. */
export const batchOf = (c) => [c.values.logits, c.numbers.logits_shape, Int32Array.from(c.numbers.actions),
  c.values.old_log_probs, c.values.advantages];
