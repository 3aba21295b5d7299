// Every bad argument to the transformer API throws a TransformerError (and so a CoreError)
// naming the parameter (the JS API's camelCase) and its value, before anything is computed, and
// the module answers correctly afterwards. Also: one module however often it is loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError as PoolingCoreError } from 'pooling-course/core';
import { CoreError, loadTransformer, TransformerError } from 'pooling-course/transformer';

import { rejectsWith } from './rejects.mjs';

const transformer = await loadTransformer();

// A layer of d 4, ff 3 on L 2: every weight a small pattern.
const D = 4;
const FF = 3;
const fill = (n) => Array.from({ length: n }, (_, i) => 0.1 * (i % 7) - 0.3);
const PARAMS = {
  inProjWeight: fill(3 * D * D), inProjBias: fill(3 * D), outProjWeight: fill(D * D), outProjBias: fill(D),
  linear1Weight: fill(FF * D), linear1Bias: fill(FF), linear2Weight: fill(D * FF), linear2Bias: fill(D),
  norm1Weight: fill(D), norm1Bias: fill(D), norm2Weight: fill(D), norm2Bias: fill(D),
};
const X = [1, 0, -1, 2, 0.5, 0.5, -2, 1];
const SHAPE = [2, 4];
const KEYS = 'inProjWeight, inProjBias, outProjWeight, outProjBias, linear1Weight, linear1Bias, linear2Weight, '
  + 'linear2Bias, norm1Weight, norm1Bias, norm2Weight, norm2Bias';
const without = (key) => Object.fromEntries(Object.entries(PARAMS).filter(([k]) => k !== key));
const shorter = (key) => ({ ...PARAMS, [key]: PARAMS[key].slice(1) });

function assertStillWorks() {
  const out = transformer.encoderLayer(X, SHAPE, PARAMS, { nhead: 2 });
  assert.equal(out.output.length, 8);
  assert.equal(out.attentionWeights.length, 2 * 2 * 2);
  assert.ok(Math.abs(out.attentionWeights[0] + out.attentionWeights[1] - 1) < 1e-6, 'a row of weights sums to 1');
  assert.deepEqual([...transformer.positionalEncoding(2, 2).table], [0, 1, Math.fround(Math.sin(1)), Math.fround(Math.cos(1))]);
  assert.equal(transformer.parameterCount(512, 8, 2048).total, 3152384);
}

const assertTransformerError = rejectsWith(TransformerError, assertStillWorks);
const array = 'a Float32Array or an array of numbers';

const cases = [
  // Types, caught in JS.
  ['an input that is not an array', () => transformer.encoderLayer('x', SHAPE, PARAMS),
    'input', `input must be ${array}, got "x"`],
  ['an input entry that is not a number', () => transformer.encoderLayer([1, '0', 0, 1, 0, 0, 0, 0], SHAPE, PARAMS),
    'input', 'input[1] must be a number, got "0"'],
  ['a shape of non-integers', () => transformer.encoderLayer(X, [2, 4.5], PARAMS),
    'inputShape', 'inputShape must be an array of integers [L, d], got [2, 4.5]'],
  ['a shape that is not an array', () => transformer.encoderLayerBackward(X, X, 8, PARAMS),
    'inputShape', 'inputShape must be an array of integers [L, d], got 8'],
  ['params that are null', () => transformer.encoderLayer(X, SHAPE, null),
    'params', `params must be { ${KEYS} }, got null`],
  ['params without a weight', () => transformer.encoderLayer(X, SHAPE, without('linear2Weight')),
    'params', `params.linear2Weight is missing; params is { ${KEYS} }`],
  // Types before values, argument by argument (README): a missing weight is named before an
  // nhead out of range or not an integer, and a shape of non-integers before a missing weight.
  ['params without a weight and an nhead out of range', () => transformer.encoderLayer(X, SHAPE, without('linear2Weight'), { nhead: 9 }),
    'params', `params.linear2Weight is missing; params is { ${KEYS} }`],
  ['params without a weight and an nhead of 1.5', () => transformer.encoderLayerBackward(X, X, SHAPE, without('linear2Weight'), { nhead: 1.5 }),
    'params', `params.linear2Weight is missing; params is { ${KEYS} }`],
  ['a shape of non-integers and params without a weight', () => transformer.encoderLayer(X, [2, 4.5], without('linear2Weight')),
    'inputShape', 'inputShape must be an array of integers [L, d], got [2, 4.5]'],
  ['PyTorch\'s state_dict name', () => transformer.encoderLayer(X, SHAPE, { ...PARAMS, 'self_attn.in_proj_weight': [1] }),
    'params', `params has no self_attn.in_proj_weight (got [1]); its keys are ${KEYS}`],
  ['a weight of strings', () => transformer.encoderLayer(X, SHAPE, { ...PARAMS, norm1Bias: [0, 'a', 0, 0] }),
    'params', 'params.norm1Bias[1] must be a number, got "a"'],
  ['a bias that is null', () => transformer.encoderLayer(X, SHAPE, { ...PARAMS, linear1Bias: null }),
    'params', `params.linear1Bias must be ${array}, got null`],
  ['a gradOutput that is not an array', () => transformer.encoderLayerBackward(null, X, SHAPE, PARAMS),
    'gradOutput', `gradOutput must be ${array}, got null`],
  ['an nhead that is not an integer', () => transformer.encoderLayer(X, SHAPE, PARAMS, { nhead: 1.5 }),
    'nhead', 'nhead must be an integer, got 1.5'],
  ['an activation PyTorch\'s layer lacks', () => transformer.encoderLayer(X, SHAPE, PARAMS, { activation: 'tanh' }),
    'activation', 'activation must be \'relu\' or \'gelu\', got "tanh"'],
  ['an activation as a function', () => transformer.encoderLayerBackward(X, X, SHAPE, PARAMS, { activation: Math.max }),
    'activation', 'activation must be \'relu\' or \'gelu\', got [object Function]'],
  ['a normFirst of 1', () => transformer.encoderLayer(X, SHAPE, PARAMS, { normFirst: 1 }),
    'normFirst', 'normFirst must be true or false, got 1'],
  ['a layerNormEps that is a string', () => transformer.encoderLayer(X, SHAPE, PARAMS, { layerNormEps: '1e-5' }),
    'layerNormEps', 'layerNormEps must be a number, got "1e-5"'],
  ['an option the layer does not take', () => transformer.encoderLayer(X, SHAPE, PARAMS, { dropout: 0.1 }),
    'dropout', 'encoderLayer has no option dropout (got 0.1); its options are nhead, activation, normFirst, layerNormEps'],
  ['PyTorch\'s option name', () => transformer.encoderLayerBackward(X, X, SHAPE, PARAMS, { norm_first: true }),
    'norm_first', 'encoderLayerBackward has no option norm_first (got true); its options are nhead, activation, normFirst, layerNormEps'],
  ['options that are not an object', () => transformer.encoderLayer(X, SHAPE, PARAMS, 'gelu'),
    'options', 'options of encoderLayer must be an object, got "gelu"'],
  ['a length that is not an integer', () => transformer.positionalEncoding('8', 4),
    'length', 'length must be an integer, got "8"'],
  ['a dModel beyond int32', () => transformer.positionalEncoding(8, 2 ** 31),
    'dModel', 'dModel must be at most 2147483647, got 2147483648'],
  ['a length beyond int32', () => transformer.positionalEncoding(2 ** 31, 4),
    'length', 'length must be at most 2147483647, got 2147483648'],
  ['a parameterCount of a non-integer', () => transformer.parameterCount(512, 8, 20.5),
    'dimFeedforward', 'dimFeedforward must be an integer, got 20.5'],
  // Values, caught by the core.
  ['a shape of rank 3', () => transformer.encoderLayer(X, [2, 4, 1], PARAMS),
    'inputShape', 'inputShape must be [L, d], got (2, 4, 1)'],
  ['L beyond 64', () => transformer.encoderLayer(X, [65, 4], PARAMS),
    'inputShape', 'inputShape [L, d] must have L from 1 to 64 and d from 1 to 128, got (65, 4)'],
  ['d of 0', () => transformer.encoderLayerBackward(X, X, [2, 0], PARAMS),
    'inputShape', 'inputShape [L, d] must have L from 1 to 64 and d from 1 to 128, got (2, 0)'],
  ['nhead 0', () => transformer.encoderLayer(X, SHAPE, PARAMS, { nhead: 0 }),
    'nhead', 'nhead must be from 1 to 8, got 0'],
  ['nhead 16', () => transformer.encoderLayer(X, SHAPE, PARAMS, { nhead: 16 }),
    'nhead', 'nhead must be from 1 to 8, got 16'],
  ['nhead not dividing d', () => transformer.encoderLayer(X, SHAPE, PARAMS, { nhead: 3 }),
    'nhead', 'nhead 3 must divide d = 4 (inputShape (2, 4)): each head takes d / nhead features'],
  ['a layerNormEps of 0', () => transformer.encoderLayer(X, SHAPE, PARAMS, { layerNormEps: 0 }),
    'layerNormEps', 'layerNormEps must be a positive finite number, got 0'],
  ['a layerNormEps of NaN', () => transformer.encoderLayerBackward(X, X, SHAPE, PARAMS, { layerNormEps: NaN }),
    'layerNormEps', 'layerNormEps must be a positive finite number, got nan'],
  ['a linear1Weight that is not [ff, d]', () => transformer.encoderLayer(X, SHAPE, { ...PARAMS, linear1Weight: fill(10) }),
    'params', 'params.linear1Weight has 10 values, but linear1Weight is [ff, d] with d = 4 and ff from 1 to 512: a multiple of 4 up to 2048'],
  ['ff beyond 512', () => transformer.encoderLayer(X, SHAPE, { ...PARAMS, linear1Weight: fill(4 * 513) }),
    'params', 'params.linear1Weight has 2052 values, but linear1Weight is [ff, d] with d = 4 and ff from 1 to 512: a multiple of 4 up to 2048'],
  ['an inProjWeight one short', () => transformer.encoderLayer(X, SHAPE, shorter('inProjWeight')),
    'params', 'params.inProjWeight has 47 values but inProjWeight is [3d, d] = (12, 4), 48 values'],
  ['an inProjBias one short', () => transformer.encoderLayer(X, SHAPE, shorter('inProjBias')),
    'params', 'params.inProjBias has 11 values but inProjBias is [3d] = 12 values'],
  ['an outProjWeight one short', () => transformer.encoderLayer(X, SHAPE, shorter('outProjWeight')),
    'params', 'params.outProjWeight has 15 values but outProjWeight is [d, d] = (4, 4), 16 values'],
  ['a linear1Bias one short', () => transformer.encoderLayer(X, SHAPE, shorter('linear1Bias')),
    'params', 'params.linear1Bias has 2 values but linear1Bias is [ff] = 3 values'],
  ['a linear2Weight one short', () => transformer.encoderLayerBackward(X, X, SHAPE, shorter('linear2Weight')),
    'params', 'params.linear2Weight has 11 values but linear2Weight is [d, ff] = (4, 3), 12 values'],
  ['a norm2Bias one short', () => transformer.encoderLayer(X, SHAPE, shorter('norm2Bias')),
    'params', 'params.norm2Bias has 3 values but norm2Bias is [d] = 4 values'],
  ['an input one short', () => transformer.encoderLayer(X.slice(1), SHAPE, PARAMS),
    'input', 'input has 7 values but inputShape (2, 4) needs 8'],
  ['a gradOutput one short', () => transformer.encoderLayerBackward(X.slice(1), X, SHAPE, PARAMS),
    'gradOutput', 'gradOutput has 7 values but the output is (2, 4), 8 values'],
  ['a table of length 0', () => transformer.positionalEncoding(0, 4),
    'length', 'length must be from 1 to 512, got 0'],
  ['a table of dModel 513', () => transformer.positionalEncoding(4, 513),
    'dModel', 'dModel must be from 1 to 512, got 513'],
  ['a count of dModel 0', () => transformer.parameterCount(0, 1, 1),
    'dModel', 'dModel must be from 1 to 65536, got 0'],
  ['a count whose heads do not divide dModel', () => transformer.parameterCount(512, 7, 2048),
    'nhead', 'nhead 7 must divide dModel = 512: each head takes dModel / nhead features'],
  ['a count of more heads than features', () => transformer.parameterCount(4, 8, 16),
    'nhead', 'nhead must be from 1 to dModel = 4, got 8'],
  ['a count of dimFeedforward 0', () => transformer.parameterCount(512, 8, 0),
    'dimFeedforward', 'dimFeedforward must be from 1 to 262144, got 0'],
  ['a start of dModel 129', () => transformer.encoderInit(129, 1, 8, 0),
    'dModel', 'dModel must be from 1 to 128, got 129'],
  ['a start of 9 heads', () => transformer.encoderInit(72, 9, 8, 0),
    'nhead', 'nhead must be from 1 to 8, got 9'],
  ['a start whose heads do not divide dModel', () => transformer.encoderInit(4, 3, 8, 0),
    'nhead', 'nhead 3 must divide dModel = 4: each head takes dModel / nhead features'],
  ['a start of dimFeedforward 513', () => transformer.encoderInit(4, 2, 513, 0),
    'dimFeedforward', 'dimFeedforward must be from 1 to 512, got 513'],
  ['a start of a non-integer dimFeedforward', () => transformer.encoderInit(4, 2, '8', 0),
    'dimFeedforward', 'dimFeedforward must be an integer, got "8"'],
  ['a start of seed -1', () => transformer.encoderInit(4, 2, 8, -1),
    'seed', 'seed must be an integer in [0, 4294967295], got -1'],
  ['a start of seed 2^32', () => transformer.encoderInit(4, 2, 8, 2 ** 32),
    'seed', 'seed must be an integer in [0, 4294967295], got 4294967296'],
  ['a start of seed 1.5', () => transformer.encoderInit(4, 2, 8, 1.5),
    'seed', 'seed must be an integer in [0, 4294967295], got 1.5'],
];

for (const [what, call, parameter, message] of cases) {
  test(`refuses ${what}`, () => assertTransformerError(call, parameter, message));
}

const zeros = (n) => new Float32Array(n);
const zeroParams = (d, ff) => ({
  inProjWeight: zeros(3 * d * d), inProjBias: zeros(3 * d), outProjWeight: zeros(d * d), outProjBias: zeros(d),
  linear1Weight: zeros(ff * d), linear1Bias: zeros(ff), linear2Weight: zeros(d * ff), linear2Bias: zeros(d),
  norm1Weight: zeros(d), norm1Bias: zeros(d), norm2Weight: zeros(d), norm2Bias: zeros(d),
});

test('refuses a call past the work limit, L d (4d + 2ff + 2L) multiply-adds', () => {
  assertTransformerError(() => transformer.encoderLayer(X, [64, 128], zeroParams(128, 193)), 'inputShape',
    'inputShape (64, 128) with ff = 193 makes L * d * (4d + 2ff + 2L) = 8404992 multiply-adds, more than 8388608, the most a call takes');
});

test('the largest calls the limits allow run', () => {
  const d = 128;
  const x = Float32Array.from({ length: 64 * d }, (_, i) => Math.sin(i));
  const out = transformer.encoderLayer(x, [64, d], zeroParams(d, 192), { nhead: 8, activation: 'gelu' });
  assert.equal(out.attentionWeights.length, 8 * 64 * 64);
  assert.equal(out.hidden.length, 64 * 192);
  const back = transformer.encoderLayerBackward(x, x, [64, d], zeroParams(d, 192), { nhead: 8, normFirst: true });
  assert.equal(back.gradParams.linear2Weight.length, d * 192);
  const wide = transformer.encoderLayerBackward(x.subarray(0, 16 * d), x.subarray(0, 16 * d), [16, d], zeroParams(d, 512));
  assert.equal(wide.gradParams.linear1Weight.length, 512 * d);
  assert.equal(transformer.positionalEncoding(512, 512).table.length, 512 * 512);
  assert.equal(transformer.parameterCount(65536, 1, 262144).total, 4 * 65536 * 65536 + 2 * 65536 * 262144 + 262144 + 9 * 65536);
  assertStillWorks();
});

test('defaults are taken when an option is undefined or inherited, and an odd dModel has no last cosine', () => {
  const plain = transformer.encoderLayer(X, SHAPE, PARAMS);
  assert.deepEqual(transformer.encoderLayer(X, SHAPE, PARAMS, { nhead: undefined, activation: undefined }), plain);
  assert.deepEqual(transformer.encoderLayer(X, SHAPE, PARAMS, Object.create({ normFirst: true })), plain);
  assert.deepEqual(transformer.encoderLayer(X, SHAPE, PARAMS, { nhead: 1, activation: 'relu', normFirst: false, layerNormEps: 1e-5 }), plain);
  const odd = transformer.positionalEncoding(2, 3);
  assert.equal(odd.frequencies.length, 2);
  assert.deepEqual([...odd.table.slice(0, 3)], [0, 1, 0], 'position 0: sin 0, cos 0, sin 0');
});

test('a TransformerError is the CoreError every family shares, and the module is loaded once', async () => {
  assert.equal(CoreError, PoolingCoreError);
  assert.equal(await loadTransformer(), transformer);
  const error = new TransformerError('params', 'a message');
  assert.ok(error instanceof CoreError);
  assert.equal(error.name, 'TransformerError');
});
