// Every bad argument to a layer throws a LayerError (and so a CoreError) naming the parameter in
// camelCase and its value, and the module answers correctly afterwards. Also the JS argument
// rules: Int32Array or arrays for indices, fresh results, options from own properties only,
// and dropoutMask's determinism.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError as PoolingCoreError } from 'pooling-course/core';
import { CoreError, LayerError, loadLayers } from 'pooling-course/layers';

import { rejectsWith } from './rejects.mjs';

const layers = await loadLayers();

function assertStillWorks() {
  assert.deepEqual([...layers.softmax([0, 0], [2])], [0.5, 0.5]);
  assert.deepEqual([...layers.embedding([1], [1, 2, 3, 4], [2, 2])], [3, 4]);
}

const assertLayerError = rejectsWith(LayerError, assertStillWorks);

const x6 = [1, 2, 3, 4, 5, 6];
const w12 = new Float32Array(12).fill(0.5);

const cases = [
  ['softmax dim', () => layers.softmax(x6, [2, 3], { dim: 2 }), 'dim', 'dim 2 is out of range for shape (2, 3) (dim must be in [-2, 1])'],
  ['softmax dim type', () => layers.softmax(x6, [2, 3], { dim: 0.5 }), 'dim', 'dim must be an integer from -2147483648 to 2147483647, got 0.5'],
  ['softmax dim beyond int32', () => layers.softmax(x6, [2, 3], { dim: 2 ** 32 + 1 }), 'dim', 'dim must be an integer from -2147483648 to 2147483647, got 4294967297'],
  ['embedding paddingIdx type', () => layers.embedding([0], w12, [4, 3], { paddingIdx: '1' }), 'paddingIdx', 'paddingIdx must be an integer from -2147483648 to 2147483647 or null, got "1"'],
  ['softmax temperature 0', () => layers.softmax(x6, [2, 3], { temperature: 0 }), 'temperature', 'temperature must be a positive finite float32 number, got 0'],
  ['logSoftmax temperature inf', () => layers.logSoftmax(x6, [2, 3], { temperature: Infinity }), 'temperature', 'temperature must be a positive finite float32 number, got inf'],
  ['softmax shape', () => layers.softmax(x6, [2, 4]), 'input', 'input has 6 values but shape (2, 4) needs 8'],
  ['softmax shape type', () => layers.softmax(x6, 6), 'shape', 'shape must be an array of integers such as [2, 3], got 6'],
  ['embedding weightShape type', () => layers.embedding([0], w12, [4, 1.5]), 'weightShape', 'weightShape must be an array of integers [num_embeddings, embedding_dim], got [4, 1.5]'],
  ['batchNorm2d shape type', () => layers.batchNorm2d(x6, '1, 2, 3, 1'), 'shape', 'shape must be an array of integers [N, C, H, W], got "1, 2, 3, 1"'],
  ['layerNormBackward bias type', () => layers.layerNormBackward(x6, x6, [2, 3], { bias: 'x' }), 'bias', 'bias must be a Float32Array or an array of numbers, got "x"'],
  ['layerNormBackward bias length', () => layers.layerNormBackward(x6, x6, [2, 3], { bias: [1, 2] }), 'bias', 'bias has 2 values but the last dimension of shape (2, 3) is 3'],
  ['softmaxBackward gradOutput', () => layers.softmaxBackward([1], x6, [6]), 'gradOutput', 'gradOutput has 1 values but shape (6) needs 6'],
  ['softmax unknown option', () => layers.softmax(x6, [6], { axis: 0 }), 'axis', 'softmax has no option axis (got 0); its options are dim, temperature'],
  // A key Object.prototype also has is no option either.
  ['softmax option named as a prototype key', () => layers.softmax(x6, [6], { toString: 0 }), 'toString', 'softmax has no option toString (got 0); its options are dim, temperature'],
  ['embedding index', () => layers.embedding([0, 4], w12, [4, 3]), 'indices', 'indices[1] is 4, out of range for 4 embeddings (0 to 3)'],
  ['embedding negative index', () => layers.embedding(Int32Array.of(-1), w12, [4, 3]), 'indices', 'indices[0] is -1, out of range for 4 embeddings (0 to 3)'],
  ['embedding fractional index', () => layers.embedding([1.5], w12, [4, 3]), 'indices', 'indices[0] must be an integer, got 1.5'],
  // An integer beyond int32 is an integer: it is told the bound it passes, as a size is.
  ['embedding index beyond int32', () => layers.embedding([0, 2 ** 31], w12, [4, 3]), 'indices', 'indices[1] must be at most 2147483647, got 2147483648'],
  ['embeddingBackward index below int32', () => layers.embeddingBackward([1, 2, 3], [-(2 ** 31) - 1], [4, 3]), 'indices', 'indices[0] must be at least -2147483648, got -2147483649'],
  ['dropout mask beyond int32', () => layers.dropout([1], [2 ** 31], { p: 0.5 }), 'mask', 'mask[0] must be at most 2147483647, got 2147483648'],
  ['embedding paddingIdx', () => layers.embedding([0], w12, [4, 3], { paddingIdx: 4 }), 'paddingIdx', 'paddingIdx 4 is out of range for 4 embeddings (it must be in [-4, 3])'],
  ['embedding weightShape', () => layers.embedding([0], w12, [12]), 'weightShape', 'weightShape must be [num_embeddings, embedding_dim], got (12)'],
  ['embedding weight', () => layers.embedding([0], x6, [4, 3]), 'weight', 'weight has 6 values but weightShape (4, 3) needs 12'],
  ['embeddingBackward gradOutput', () => layers.embeddingBackward(x6, [0], [4, 3]), 'gradOutput', 'gradOutput has 6 values but 1 indices of embedding_dim 3 need 3'],
  ['dropout p', () => layers.dropout(x6, [1, 1, 1, 1, 1, 1], { p: 1.5 }), 'p', 'p must be in [0, 1], got 1.5'],
  ['dropout mask length', () => layers.dropout(x6, [1, 0], { p: 0.5 }), 'mask', 'mask has 2 values but input has 6'],
  ['dropout mask value', () => layers.dropout(x6, [1, 0, 3, 1, 1, 1], { p: 0.5 }), 'mask', 'mask[2] is 3; a mask holds 0 (dropped) or 1 (kept)'],
  ['dropout mask beyond a byte', () => layers.dropout(x6, [1, 0, 256, 1, 1, 1], { p: 0.5 }), 'mask', 'mask[2] is 256; a mask holds 0 (dropped) or 1 (kept)'],
  ['dropoutBackward p', () => layers.dropoutBackward(x6, [1, 1, 1, 1, 1, 1], { p: -0.5 }), 'p', 'p must be in [0, 1], got -0.5'],
  ['dropoutMask length', () => layers.dropoutMask(-1, { p: 0.5, seed: 1 }), 'length', 'length must be in [0, 67108864], got -1'],
  ['dropoutMask seed', () => layers.dropoutMask(4, { p: 0.5, seed: 2 ** 32 }), 'seed', 'seed must be an integer in [0, 4294967295], got 4294967296'],
  ['dropoutMask length beyond the limit', () => layers.dropoutMask(2 ** 26 + 1), 'length', 'length must be in [0, 67108864], got 67108865'],
  ['dropoutMask length type', () => layers.dropoutMask(1.5), 'length', 'length must be an integer, got 1.5'],
  ['dropoutMask length as a string', () => layers.dropoutMask('4'), 'length', 'length must be an integer, got "4"'],
  // Beyond an int32 yet exact in a double: the core, which holds a length in 64 bits, names its range.
  ['dropoutMask length beyond int32', () => layers.dropoutMask(2 ** 40), 'length', 'length must be in [0, 67108864], got 1099511627776'],
  // An integer JS numbers do not hold exactly is still an integer: its refusal names the bound.
  ['dropoutMask length of 2^53', () => layers.dropoutMask(2 ** 53), 'length', 'length must be at most 9007199254740991, got 9007199254740992'],
  ['dropoutMask length of 1e300', () => layers.dropoutMask(1e300), 'length', 'length must be at most 9007199254740991, got 1e+300'],
  ['dropoutMask length of -2^53', () => layers.dropoutMask(-(2 ** 53)), 'length', 'length must be at least -9007199254740991, got -9007199254740992'],
  ['dropoutMask seed type', () => layers.dropoutMask(4, { seed: 0.5 }), 'seed', 'seed must be an integer in [0, 4294967295], got 0.5'],
  ['batchNorm2d shape', () => layers.batchNorm2d(x6, [2, 3]), 'shape', 'shape must be [N, C, H, W], got (2, 3)'],
  ['batchNorm2d one value per channel', () => layers.batchNorm2d([1, 2, 3], [1, 3, 1, 1]), 'input', 'Expected more than 1 value per channel when training, got input of shape (1, 3, 1, 1)'],
  ['batchNorm2d momentum', () => layers.batchNorm2d(x6, [2, 3, 1, 1], { momentum: 2 }), 'momentum', 'momentum must be in [0, 1], got 2'],
  ['batchNorm2d eps', () => layers.batchNorm2d(x6, [2, 3, 1, 1], { eps: 0 }), 'eps', 'eps must be a positive finite number, got 0'],
  ['batchNorm2d runningVar', () => layers.batchNorm2d(x6, [2, 3, 1, 1], { runningVar: [1, 1] }), 'runningVar', 'runningVar has 2 values but input has 3 channels'],
  ['batchNorm2d training type', () => layers.batchNorm2d(x6, [2, 3, 1, 1], { training: 1 }), 'training', 'training must be true or false, got 1'],
  ['batchNorm2dBackward weight', () => layers.batchNorm2dBackward(x6, x6, [2, 3, 1, 1], { weight: [1] }), 'weight', 'weight has 1 values but input has 3 channels'],
  ['layerNorm eps', () => layers.layerNorm(x6, [2, 3], { eps: -1 }), 'eps', 'eps must be a positive finite number, got -1'],
  ['layerNorm bias', () => layers.layerNorm(x6, [2, 3], { bias: [1, 2] }), 'bias', 'bias has 2 values but the last dimension of shape (2, 3) is 3'],
  ['layerNormBackward gradOutput', () => layers.layerNormBackward([1, 2], x6, [2, 3]), 'gradOutput', 'gradOutput has 2 values but shape (2, 3) needs 6'],
  ['options type', () => layers.layerNorm(x6, [2, 3], 5), 'options', 'options of layerNorm must be an object, got 5'],
];

for (const [name, call, parameter, message] of cases) {
  test(`${name}: a LayerError naming ${parameter}`, () => assertLayerError(call, parameter, message));
}

test('the layers\' CoreError is the one every family shares', () => {
  assert.equal(CoreError, PoolingCoreError);
});

test('indices may be an Int32Array or an array; results are fresh typed arrays', () => {
  const weight = Float32Array.of(1, 2, 3, 4, 5, 6);
  const a = layers.embedding(Int32Array.of(2, 0, 2), weight, [3, 2]);
  const b = layers.embedding([2, 0, 2], [...weight], [3, 2]);
  assert.deepEqual([...a], [5, 6, 1, 2, 5, 6]);
  assert.deepEqual(a, b);
  assert.notEqual(a, b);
  const input = Float32Array.of(1, 2, 3);
  const out = layers.softmax(input, [3]);
  assert.notEqual(out, input);
  assert.notEqual(out.buffer, layers.softmax(input, [3]).buffer, 'each call its own array');
  assert.deepEqual([...input], [1, 2, 3], 'the input is left as it was');
  const { runningMean, runningVar } = layers.batchNorm2d([1, 2, 3, 4], [2, 1, 1, 2], { runningMean: [1], runningVar: [2] });
  assert.ok(runningMean instanceof Float32Array && runningVar instanceof Float32Array);
});

test('defaults: weight ones, bias zeros, running statistics zeros and ones; eval leaves them as they are', () => {
  const x = [1, 2, 3, 5, 2, 2, 4, 0];
  const shape = [2, 2, 1, 2];
  const plain = layers.batchNorm2d(x, shape);
  const explicit = layers.batchNorm2d(x, shape, { weight: [1, 1], bias: [0, 0], runningMean: [0, 0], runningVar: [1, 1] });
  assert.deepEqual(plain, explicit);
  const runningMean = Float32Array.of(0.5, -1);
  const runningVar = Float32Array.of(4, 0.25);
  const evaluated = layers.batchNorm2d(x, shape, { runningMean, runningVar, training: false });
  assert.deepEqual([...evaluated.runningMean], [0.5, -1]);
  assert.deepEqual([...evaluated.runningVar], [4, 0.25]);
  assert.ok(Math.abs(evaluated.output[0] - (1 - 0.5) / Math.sqrt(4 + 1e-5)) < 1e-6);
});

test('inherited keys are not options', () => {
  const options = Object.create({ temperature: 100 });
  assert.deepEqual(layers.softmax([0, 1], [2], options), layers.softmax([0, 1], [2]));
});

test('dropoutMask: the same seed gives the same mask, and the first bits of seed 0 are SplitMix64\'s', () => {
  const first = layers.dropoutMask(1000, { p: 0.5, seed: 123 });
  assert.deepEqual(first, layers.dropoutMask(1000, { p: 0.5, seed: 123 }));
  assert.notDeepEqual(first, layers.dropoutMask(1000, { p: 0.5, seed: 124 }));
  // Written by tests/golden/layers/generate.py's own SplitMix64 (mask_seed_0_p_0.5).
  assert.deepEqual([...layers.dropoutMask(16, { p: 0.5, seed: 0 })], [1, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1]);
  const kept = first.reduce((sum, bit) => sum + bit, 0);
  assert.ok(kept > 430 && kept < 570, `about half kept, got ${kept}`);
  assert.deepEqual([...layers.dropoutMask(5, { p: 0, seed: 9 })], [1, 1, 1, 1, 1]);
  assert.deepEqual([...layers.dropoutMask(5, { p: 1, seed: 9 })], [0, 0, 0, 0, 0]);
});

test('a shape and a mask are read once each', () => {
  let reads = 0;
  const shape = [];
  Object.defineProperty(shape, 0, { enumerable: true, get: () => (++reads === 1 ? 2 : 3) });
  assert.deepEqual([...layers.softmax([0, 0], shape)], [0.5, 0.5]);
  assert.equal(reads, 1);
  let maskReads = 0;
  const mask = [1];
  Object.defineProperty(mask, 1, { enumerable: true, get: () => (++maskReads === 1 ? 1 : 7) });
  assert.deepEqual([...layers.dropout([1, 2], mask, { p: 0.5 })], [2, 4]);
  assert.equal(maskReads, 1);
});
