// Node's reader for transformer.golden (format in tests/golden/transformer/README.md), for
// tests/node/transformer-*.test.mjs. A malformed file throws an Error naming the file, the line
// and the problem. Each case keeps its words (op, activation) and its numbers by key, as
// Float32Arrays (`values`) and as the numbers the file wrote (`numbers`); paramsOf draws an
// encoder case's parameters as the generator drew them.
import { readWordsAndNumbers } from './golden-blocks.mjs';

export { firstMismatch } from './activations-golden.mjs';

/** The layer's parameters in state_dict order: the file's snake_case keys and the API's. */
export const PARAMS = [
  ['in_proj_weight', 'inProjWeight'], ['in_proj_bias', 'inProjBias'], ['out_proj_weight', 'outProjWeight'],
  ['out_proj_bias', 'outProjBias'], ['linear1_weight', 'linear1Weight'], ['linear1_bias', 'linear1Bias'],
  ['linear2_weight', 'linear2Weight'], ['linear2_bias', 'linear2Bias'], ['norm1_weight', 'norm1Weight'],
  ['norm1_bias', 'norm1Bias'], ['norm2_weight', 'norm2Weight'], ['norm2_bias', 'norm2Bias'],
];

/** encoderLayer's results beside the output: the file's keys and the API's. */
export const TRACE = [
  ['attention_weights', 'attentionWeights'], ['attention_output', 'attentionOutput'], ['residual1', 'residual1'],
  ['norm1', 'norm1'], ['norm2', 'norm2'], ['hidden', 'hidden'], ['feed_forward', 'feedForward'],
  ['residual2', 'residual2'],
];

const REQUIRED = {
  positional: ['length', 'd_model', 'frequencies', 'table'],
  frequencies: ['d_models', 'frequencies'],
  count: ['d_model', 'nhead', 'dim_feedforward', 'attention', 'feed_forward', 'norms', 'total'],
  init: ['d_model', 'nhead', 'dim_feedforward', 'seed', ...PARAMS.map(([key]) => key)],
  encoder: ['input_shape', 'nhead', 'dim_feedforward', 'activation', 'norm_first', 'layer_norm_eps', 'params_seed',
    'params_scale', 'input', 'output', 'grad_output', 'grad_input', ...TRACE.map(([key]) => key),
    ...PARAMS.map(([key]) => `grad_${key}`)],
};

/** Every case of the file at `url`, in file order. */
export const loadTransformerGolden = (url) => readWordsAndNumbers(url.pathname, ['op', 'activation'], REQUIRED);

const MASK64 = (1n << 64n) - 1n;

/** SplitMix64's draws as the core takes them (core/common/include/common/splitmix64.h). */
function* uniforms(seed) {
  let state = BigInt(seed);
  for (;;) {
    state = (state + 0x9E3779B97F4A7C15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
    z ^= z >> 31n;
    yield Number(z >> 11n) / 2 ** 53;
  }
}

/** An encoder case's parameters as the API takes them: each value float32(offset + (2u - 1) *
 * scale) for the next draw u, in state_dict order, offset 1 for the norms' weights. */
export function paramsOf(c) {
  const d = c.numbers.input_shape[1];
  const ff = c.numbers.dim_feedforward[0];
  const counts = [3 * d * d, 3 * d, d * d, d, ff * d, ff, d * ff, d, d, d, d, d];
  const scale = c.numbers.params_scale[0];
  const draws = uniforms(c.numbers.params_seed[0]);
  return Object.fromEntries(PARAMS.map(([key, name], p) => {
    const offset = key.startsWith('norm') && key.endsWith('weight') ? 1 : 0;
    return [name, Float32Array.from({ length: counts[p] }, () => offset + (2 * draws.next().value - 1) * scale)];
  }));
}

/** An encoder case's options as the API takes them. */
export const optionsOf = (c) => ({
  nhead: c.numbers.nhead[0], activation: c.activation, normFirst: c.numbers.norm_first[0] === 1,
  layerNormEps: c.numbers.layer_norm_eps[0],
});

/** Every sample_stride-th value of a full gradient, as the file keeps the weights' gradients. */
export function sampled(c, full) {
  const stride = c.numbers.sample_stride?.[0] ?? 1;
  return full.filter((_, i) => i % stride === 0);
}
