// Node's reader for sequence.golden (format in tests/golden/sequence/README.md), for
// tests/node/sequence-*.test.mjs. A malformed file throws an Error naming the file, the line and
// the problem. Each case keeps its words (op, nonlinearity) and its numbers by key, as
// Float32Arrays (`values`) and as the numbers the file wrote (`numbers`).
import { readWordsAndNumbers } from './golden-blocks.mjs';

export { firstMismatch } from './activations-golden.mjs';

// The keys each op must have.
const REQUIRED = {
  rnn: ['nonlinearity', 'input_shape', 'hidden', 'input', 'w_ih', 'w_hh', 'output', 'h_n', 'grad_output',
    'grad_input', 'grad_h0', 'grad_w_ih', 'grad_w_hh', 'grad_hidden'],
  lstm: ['input_shape', 'hidden', 'input', 'w_ih', 'w_hh', 'output', 'h_n', 'c_n', 'cells', 'gate_input',
    'gate_forget', 'gate_cell', 'gate_output', 'grad_output', 'grad_input', 'grad_h0', 'grad_c0', 'grad_w_ih',
    'grad_w_hh', 'grad_hidden', 'grad_cells'],
  column_sums: ['shape', 'values', 'sums'],
  attention: ['causal', 'query_shape', 'key_shape', 'value_shape', 'query', 'key', 'value', 'scores', 'weights',
    'output', 'grad_output', 'grad_query', 'grad_key', 'grad_value'],
};
const WORDS = ['op', 'nonlinearity'];

/** Every case of the file at `url`, in file order. */
export function loadSequenceGolden(url) {
  return readWordsAndNumbers(url.pathname, WORDS, REQUIRED, (c, seen, fail) => {
    if (seen.has('b_ih') !== seen.has('b_hh')) fail('one bias of two');
  });
}

/** A case's layer parameters as the API takes them (biases null when the case has none). */
export const paramsOf = (c) => ({
  wIh: c.values.w_ih, wHh: c.values.w_hh, bIh: c.values.b_ih ?? null, bHh: c.values.b_hh ?? null,
});
