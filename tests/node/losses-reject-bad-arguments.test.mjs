// Every bad argument to a loss throws a LossError (and so a CoreError) naming the parameter (the
// JS API's camelCase) and its value, and the module answers correctly afterwards. Arrays may be
// typed or plain, results are fresh, options are read from own properties only.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError, LossError, loadLosses } from 'pooling-course/losses';
import { CoreError as PoolingCoreError } from 'pooling-course/core';

import { rejectsWith } from './rejects.mjs';

const losses = await loadLosses();

function assertStillWorks() {
  assert.equal(losses.mseLoss([3, 1], [1, 1]), 2);
  assert.deepEqual([...losses.crossEntropyBackward(1, [0, 0], [1, 2], [1])], [0.5, -0.5]);
}

const assertLossError = rejectsWith(LossError, assertStillWorks);

const cases = [
  ['an unknown reduction', () => losses.mseLoss([1], [1], { reduction: 'avg' }),
    'reduction', 'reduction must be \'mean\', \'sum\' or \'none\', got "avg"'],
  ['a null reduction', () => losses.crossEntropy([1], [1], [0], { reduction: null }),
    'reduction', 'reduction must be \'mean\', \'sum\' or \'none\', got null'],
  ['a target of another length', () => losses.mseLoss([1, 2, 3], [1, 2]),
    'target', 'target has 2 values but input has 3'],
  ['a target of another length in backward', () => losses.huberLossBackward(1, [1], [1, 2]),
    'target', 'target has 2 values but input has 1'],
  ['a gradOutput array for a reduced loss', () => losses.mseLossBackward([1, 1], [1, 2], [0, 0]),
    'gradOutput', 'gradOutput must be a number, as a \'mean\' loss is, got [1, 1]'],
  ['a gradOutput Float32Array for a reduced loss', () => losses.mseLossBackward(Float32Array.of(1, 1), [1, 2], [0, 0]),
    'gradOutput', 'gradOutput must be a number, as a \'mean\' loss is, got Float32Array [1, 1]'],
  ['a gradOutput number for an unreduced loss', () => losses.huberLossBackward(1, [1], [0], { reduction: 'none' }),
    'gradOutput', 'gradOutput must be a Float32Array or an array of numbers, got 1'],
  ['a short gradOutput with none', () => losses.mseLossBackward([1], [1, 2], [0, 0], { reduction: 'none' }),
    'gradOutput', 'gradOutput has 1 values but the \'none\' loss has 2 (one per element)'],
  ['a zero delta', () => losses.huberLoss([1], [0], { delta: 0 }),
    'delta', 'delta must be positive, got 0'],
  ['a negative delta in backward', () => losses.huberLossBackward(1, [1], [0], { delta: -2 }),
    'delta', 'delta must be positive, got -2'],
  ['an infinite delta', () => losses.huberLoss([1], [0], { delta: Infinity }),
    'delta', 'delta must be a finite number, got inf'],
  ['a string delta', () => losses.huberLoss([1], [0], { delta: '1' }),
    'delta', 'delta must be a number, got "1"'],
  ['delta given to MSE', () => losses.mseLoss([1], [0], { delta: 1 }),
    'delta', 'mseLoss has no option delta (got 1); its options are reduction'],
  ['a misspelt option', () => losses.crossEntropy([1], [1], [0], { label_smoothing: 0.1 }),
    'label_smoothing', 'crossEntropy has no option label_smoothing (got 0.1); its options are reduction, labelSmoothing'],
  ['options that are not an object', () => losses.huberLoss([1], [0], 'sum'),
    'options', 'options of huberLoss must be an object, got "sum"'],
  ['an unknown option to a backward, which names the backward', () => losses.crossEntropyBackward(1, [1, 2], [1, 2], [0], { x: 1 }),
    'x', 'crossEntropyBackward has no option x (got 1); its options are reduction, labelSmoothing'],
  ['delta given to MSE\'s backward', () => losses.mseLossBackward(1, [1], [0], { delta: 1 }),
    'delta', 'mseLossBackward has no option delta (got 1); its options are reduction'],
  ['backward options that are not an object', () => losses.huberLossBackward(1, [1], [0], 'sum'),
    'options', 'options of huberLossBackward must be an object, got "sum"'],
  ['a reduced loss\'s gradOutput beyond float32', () => losses.mseLossBackward(1e39, [1, 2], [0, 0]),
    'gradOutput', 'gradOutput 1e+39 is beyond float32\'s largest finite value'],
  ['a reduced loss\'s gradOutput below float32', () => losses.huberLossBackward(-1e39, [1, 2], [0, 0], { reduction: 'sum' }),
    'gradOutput', 'gradOutput -1e+39 is beyond float32\'s largest finite value'],
  ['a NaN gradOutput', () => losses.crossEntropyBackward(NaN, [1, 2], [1, 2], [0]),
    'gradOutput', 'gradOutput must be a finite number, got nan'],
  ['an infinite gradOutput', () => losses.mseLossBackward(Infinity, [1], [0], { reduction: 'sum' }),
    'gradOutput', 'gradOutput must be a finite number, got inf'],
  ['a negative infinite gradOutput', () => losses.huberLossBackward(-Infinity, [1], [0]),
    'gradOutput', 'gradOutput must be a finite number, got -inf'],
  ['labelSmoothing above 1', () => losses.crossEntropy([1, 2], [1, 2], [0], { labelSmoothing: 1.5 }),
    'labelSmoothing', 'labelSmoothing must be between 0 and 1, got 1.5'],
  ['a negative labelSmoothing', () => losses.crossEntropyBackward(1, [1, 2], [1, 2], [0], { labelSmoothing: -0.1 }),
    'labelSmoothing', 'labelSmoothing must be between 0 and 1, got -0.1'],
  ['a class index out of range', () => losses.crossEntropy([1, 2, 3, 4, 5, 6], [2, 3], [0, 3]),
    'target', 'target[1] is 3, not a class index: they are in [0, 3)'],
  ['PyTorch\'s ignore_index, not offered', () => losses.crossEntropyBackward(1, [1, 2], [1, 2], [-100]),
    'target', 'target[0] is -100, not a class index: they are in [0, 2)'],
  ['a class index that is not whole', () => losses.crossEntropy([1, 2], [1, 2], [0.5]),
    'target', 'target[0] must be an integer, got 0.5'],
  ['class indices in a Float32Array that are not whole', () => losses.crossEntropy([1, 2], [1, 2], Float32Array.of(1.5)),
    'target', 'target[0] must be an integer, got 1.5'],
  // An integer beyond int32 is an integer: it is told the bound it passes, as a size is.
  ['a class index beyond int32', () => losses.crossEntropy([1, 2, 3], [1, 3], [2 ** 31]),
    'target', 'target[0] must be at most 2147483647, got 2147483648'],
  ['a class index beyond int32 in a Uint32Array', () => losses.crossEntropyBackward(1, [1, 2, 3], [1, 3], Uint32Array.of(2 ** 32 - 1)),
    'target', 'target[0] must be at most 2147483647, got 4294967295'],
  ['logits that do not fill the shape', () => losses.crossEntropy([1, 2, 3], [2, 2], [0, 0]),
    'logits', 'logits has 3 values but shape (2, 2) needs 4'],
  ['a shape of rank 3', () => losses.crossEntropy([1, 2], [1, 1, 2], [0]),
    'shape', 'shape (1, 1, 2) must have 2 dimensions (N, C) or 1 (C), not 3'],
  ['a shape without classes', () => losses.crossEntropy([], [2, 0], [0, 0]),
    'shape', 'shape (2, 0) has 0 classes; C must be positive'],
  ['a shape that is not integers', () => losses.crossEntropy([1, 2], [1, 2.5], [0]),
    'shape', 'shape must be an array of integers [N, C] or [C], got [1, 2.5]'],
  ['too many targets', () => losses.crossEntropy([1, 2], [1, 2], [0, 1]),
    'target', 'target has 2 values but shape (1, 2) needs one class index per row (1)'],
  ['an unbatched sample with two targets', () => losses.crossEntropy([1, 2], [2], [0, 1]),
    'target', 'target has 2 values but shape (2) is one sample: it takes one class index'],
  ['an input that is not an array', () => losses.mseLoss('1, 2', [1, 2]),
    'input', 'input must be a Float32Array or an array of numbers, got "1, 2"'],
  ['logits that are not numbers', () => losses.crossEntropy(['a'], [1], [0]),
    'logits', 'logits[0] must be a number, got "a"'],
];

for (const [what, call, parameter, message] of cases) {
  test(`${what}: LossError on ${parameter}`, () => assertLossError(call, parameter, message));
}

test('one CoreError class across families', () => {
  assert.equal(CoreError, PoolingCoreError);
});

test('typed arrays and plain arrays give the same results, and results are fresh', () => {
  const logits = Float32Array.of(2, 1, 0.1, 0, 1, 0);
  const plain = losses.crossEntropy([...logits], [2, 3], [0, 1], { reduction: 'none' });
  const typed = losses.crossEntropy(logits, [2, 3], Int32Array.of(0, 1), { reduction: 'none' });
  assert.deepEqual(plain, typed);
  assert.ok(typed instanceof Float32Array && typed.length === 2);
  const again = losses.crossEntropy(logits, [2, 3], Int32Array.of(0, 1), { reduction: 'none' });
  assert.notEqual(again, typed, 'each call returns a new array');
  again[0] = 99;
  assert.notEqual(typed[0], 99);
  const x = Float32Array.of(1, 2);
  const grad = losses.mseLossBackward(1, x, Float64Array.of(0, 0));
  assert.notEqual(grad, x);
  assert.deepEqual([...grad], [1, 2]);
  assert.deepEqual([...x], [1, 2], 'the input is left as it was');
  assert.deepEqual([...losses.huberLoss(Uint8Array.of(3), [0], { reduction: 'none' })], [2.5]);
});

test('reduced losses are numbers, with none arrays; the defaults are PyTorch\'s', () => {
  assert.equal(losses.mseLoss([1, 3], [0, 0]), 5);
  assert.equal(losses.mseLoss([1, 3], [0, 0], { reduction: 'sum' }), 10);
  assert.deepEqual([...losses.mseLoss([1, 3], [0, 0], { reduction: 'none' })], [1, 9]);
  assert.equal(losses.huberLoss([3], [0]), 2.5, 'delta 1 by default');
  assert.equal(losses.huberLoss([3], [0], { delta: undefined }), 2.5, 'undefined takes the default');
  assert.equal(losses.crossEntropy([0, 0], [1, 2], [0]), Math.fround(Math.LN2));
});

test('empty inputs: the mean of nothing is NaN, the sum 0, none an empty array', () => {
  assert.ok(Number.isNaN(losses.mseLoss([], [])));
  assert.equal(losses.huberLoss([], [], { reduction: 'sum' }), 0);
  assert.equal(losses.crossEntropy([], [0, 4], [], { reduction: 'none' }).length, 0);
  assert.ok(Number.isNaN(losses.crossEntropy([], [0, 4], [], { labelSmoothing: 0.1 })));
  assert.equal(losses.crossEntropyBackward(1, [], [0, 4], []).length, 0);
});

test('options on the prototype are not options', () => {
  const options = Object.create({ reduction: 'sum' });
  assert.equal(losses.mseLoss([1, 3], [0, 0], options), 5);
});

test('a reduced loss\'s gradOutput is any number finite as a float32, as rl\'s gradLoss; \'none\' values pass as they are', () => {
  const largest = 3.4028234663852886e38;
  assert.deepEqual([...losses.mseLossBackward(largest, [1], [0], { reduction: 'sum' })], [Infinity], 'PyTorch\'s 2 * 1 * FLT_MAX');
  assert.deepEqual([...losses.mseLossBackward(largest * (1 + 2 ** -25), [0.25], [0], { reduction: 'sum' })], [largest / 2],
    'a number that rounds to float32\'s largest is taken, as rl takes it');
  assert.deepEqual([...losses.mseLossBackward([NaN, Infinity], [1, 1], [0, 0], { reduction: 'none' })], [NaN, Infinity],
    'a gradient per term keeps PyTorch\'s NaN and infinities');
});
