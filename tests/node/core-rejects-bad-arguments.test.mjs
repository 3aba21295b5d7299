// Every bad argument throws a PoolError naming the parameter and its value, and the module
// answers correctly afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, PoolError } from 'pooling-course/core';

import { rejectsWith } from './rejects.mjs';

const core = await loadCore();
const lesson = Array.from({ length: 16 }, (_, i) => i);
const shape = [1, 1, 4, 4];

function assertStillWorks() {
  assert.deepEqual([...core.avgPool2d(lesson, shape, { kernelSize: 2 }).data], [2.5, 4.5, 10.5, 12.5]);
}

const assertPoolError = rejectsWith(PoolError, assertStillWorks);

const cases = [
  ['padding more than half the kernel', () => core.avgPool2d(lesson, shape, { kernelSize: 2, padding: 3 }),
    'padding', 'padding 3 is more than half of kernelSize 2'],
  ['a non-square padding too large', () => core.maxPool2d(lesson, shape, { kernelSize: [3, 2], padding: [1, 2] }),
    'padding', 'padding (1, 2) is more than half of kernelSize (3, 2)'],
  ['negative padding', () => core.avgPool2d(lesson, shape, { kernelSize: 2, padding: -1 }),
    'padding', 'padding must not be negative, got -1'],
  ['stride 0', () => core.avgPool2d(lesson, shape, { kernelSize: 2, stride: 0 }),
    'stride', 'stride must be positive, got 0'],
  ['kernel 0', () => core.avgPool2d(lesson, shape, { kernelSize: 0 }),
    'kernelSize', 'kernelSize must be positive, got 0'],
  ['dilation 0', () => core.maxPool2d(lesson, shape, { kernelSize: 2, dilation: [1, 0] }),
    'dilation', 'dilation must be positive, got (1, 0)'],
  ['divisorOverride 0', () => core.avgPool2d(lesson, shape, { kernelSize: 2, divisorOverride: 0 }),
    'divisorOverride', 'divisorOverride must not be zero, got 0'],
  ['a kernel larger than the input', () => core.avgPool2d(lesson, shape, { kernelSize: 5 }),
    'kernelSize', 'kernelSize 5 does not fit the 4 x 4 input with padding 0: the output would be 0 x 0'],
  ['a max window wholly in the padding', () => core.maxPool2d([1], [1, 1, 1], { kernelSize: 2, dilation: 2, padding: 1 }),
    'dilation', 'dilation 2 with padding 1 puts a whole window in the padding of the 1 x 1 input, so it has no maximum'],
  ['rank 2', () => core.avgPool2d(lesson, [4, 4], { kernelSize: 2 }),
    'shape', 'shape (4, 4) must have 3 dimensions (C, H, W) or 4 (N, C, H, W), not 2'],
  ['an empty dimension in a backward shape', () => core.avgPool2dBackward([1], [1, 0, 4, 4], { kernelSize: 2 }),
    'inputShape', 'inputShape (1, 0, 4, 4) has an empty or negative dimension'],
  ['too few values', () => core.avgPool2d(lesson.slice(1), shape, { kernelSize: 2 }),
    'input', 'input has 15 values but shape (1, 1, 4, 4) needs 16'],
  ['a gradient of the wrong length', () => core.avgPool2dBackward([1, 2, 3], shape, { kernelSize: 2 }),
    'gradOutput', 'gradOutput has 3 values but the output is (1, 1, 2, 2), 4 values'],
  ['indices of the wrong length', () => core.maxPool2dBackward([1, 2, 3, 4], [0, 1, 2], shape, { kernelSize: 2 }),
    'indices', 'indices has 3 values but the output is (1, 1, 2, 2), 4 values'],
  ['an index outside the plane', () => core.maxPool2dBackward([1, 1, 1, 1], [0, 1, 99, 2], shape, { kernelSize: 2 }),
    'indices', 'indices[2] is 99, outside the 4 x 4 plane'],
  ['an adaptive output size of 0', () => core.adaptiveAvgPool2d(lesson, shape, [0, 2]),
    'outputSize', 'outputSize must be positive, got (0, 2)'],
  ['a value that is not a number', () => core.avgPool2d([0, 1, 'two', 3], [1, 2, 2], { kernelSize: 2 }),
    'input', 'input[2] must be a number, got "two"'],
  ['input that is not an array', () => core.avgPool2d('0 1 2 3', [1, 2, 2], { kernelSize: 2 }),
    'input', 'input must be a Float32Array or an array of numbers, got "0 1 2 3"'],
  ['a fractional kernel', () => core.avgPool2d(lesson, shape, { kernelSize: 1.5 }),
    'kernelSize', 'kernelSize must be an integer or a pair [h, w] of integers, got 1.5'],
  ['a string stride', () => core.avgPool2d(lesson, shape, { kernelSize: 2, stride: '2' }),
    'stride', 'stride must be an integer or a pair [h, w] of integers, got "2"'],
  ['a triple', () => core.avgPool2d(lesson, shape, { kernelSize: [2, 2, 2] }),
    'kernelSize', 'kernelSize must be an integer or a pair [h, w] of integers, got [2, 2, 2]'],
  ['a missing kernel', () => core.avgPool2d(lesson, shape, {}),
    'kernelSize', 'kernelSize is required, e.g. { kernelSize: 2 }'],
  ['a PyTorch spelling', () => core.avgPool2d(lesson, shape, { kernel_size: 2 }),
    'kernel_size', 'unknown option kernel_size (did you mean kernelSize?); the options are kernelSize, stride, padding, dilation, ceilMode, countIncludePad, divisorOverride, returnIndices'],
  ['a PyTorch spelling of no option', () => core.avgPool2d(lesson, shape, { output_size: 2 }),
    'output_size', 'unknown option output_size; the options are kernelSize, stride, padding, dilation, ceilMode, countIncludePad, divisorOverride, returnIndices'],
  ['a non-boolean ceilMode', () => core.avgPool2d(lesson, shape, { kernelSize: 2, ceilMode: 'yes' }),
    'ceilMode', 'ceilMode must be true or false, got "yes"'],
  ['a fractional divisorOverride', () => core.avgPool2d(lesson, shape, { kernelSize: 2, divisorOverride: 2.5 }),
    'divisorOverride', 'divisorOverride must be an integer or null, got 2.5'],
  ['options that are not an object', () => core.avgPool2d(lesson, shape, 2),
    'options', 'options must be an object such as { kernelSize: 2 }, got 2'],
  ['a shape with a fraction', () => core.avgPool2d(lesson, [1, 1, 4.5, 4], { kernelSize: 2 }),
    'shape', 'shape must be an array of integers such as [1, 4, 4], got [1, 1, 4.5, 4]'],
  ['a fractional index', () => core.adaptiveMaxPool2dBackward([1], [0.5], [1, 2, 2], 1),
    'indices', 'indices[0] must be an integer, got 0.5'],
  ['missing options', () => core.avgPool2d(lesson, shape),
    'options', 'options must be an object such as { kernelSize: 2 }, got undefined'],
  ['a missing adaptive output size', () => core.adaptiveAvgPool2d(lesson, shape),
    'outputSize', 'outputSize must be an integer or a pair [h, w] of integers or nulls, got undefined'],
  ['max backward without indices', () => core.maxPool2dBackward([1, 1, 1, 1], undefined, shape, { kernelSize: 2 }),
    'indices', 'indices must be an Int32Array or an array of integers, got undefined'],
  ['dilation for average pooling', () => core.avgPool2d(lesson, shape, { kernelSize: 2, dilation: 2 }),
    'dilation', 'dilation is for max pooling only (average pooling has none), got 2'],
  ['divisorOverride for max pooling', () => core.maxPool2d(lesson, shape, { kernelSize: 2, divisorOverride: 3 }),
    'divisorOverride', 'divisorOverride is for average pooling only, got 3'],
  ['returnIndices for average pooling', () => core.avgPool2d(lesson, shape, { kernelSize: 2, returnIndices: false }),
    'returnIndices', 'returnIndices is for max pooling only, got false'],
  // pool2dOutputShape serves both kinds, but not both at once.
  ['a shape of dilated windows with a divisorOverride', () => core.pool2dOutputShape([1, 4, 4], { kernelSize: 2, dilation: 2, divisorOverride: 3 }),
    'divisorOverride', 'divisorOverride is for average pooling only, got 3'],
  ['a shape of dilated windows without the padding in the count', () => core.pool2dOutputShape([1, 8, 8], { kernelSize: 2, dilation: 2, countIncludePad: false }),
    'countIncludePad', 'countIncludePad is for average pooling only (padding never wins a maximum), got false'],
  ['a shape with indices and a divisorOverride', () => core.pool2dOutputShape([1, 4, 4], { kernelSize: 2, returnIndices: true, divisorOverride: 3 }),
    'divisorOverride', 'divisorOverride is for average pooling only, got 3'],
  ['a returnIndices that is not a boolean', () => core.maxPool2d(lesson, shape, { kernelSize: 2, returnIndices: 0 }),
    'returnIndices', 'returnIndices must be true or false, got 0'],
  ['a null padding', () => core.avgPool2d(lesson, shape, { kernelSize: 2, padding: null }),
    'padding', 'padding must be an integer or a pair [h, w] of integers, got null'],
  ['a DataView as input', () => core.avgPool2d(new DataView(new ArrayBuffer(64)), shape, { kernelSize: 2 }),
    'input', 'input must be a Float32Array or an array of numbers, got [object DataView]'],
  ['an unknown kernelName op', () => core.kernelName('conv2d', shape, { kernelSize: 2 }),
    'op', 'op must be one of avgPool2d, avgPool2dBackward, maxPool2d, maxPool2dBackward, got "conv2d"'],
];

for (const [name, call, parameter, message] of cases) {
  test(`rejects ${name}`, () => assertPoolError(call, parameter, message));
}

test('the largest sizes are answered without overflow', () => {
  assertPoolError(() => core.avgPool2d(lesson, shape, { kernelSize: 2147483647 }),
    'kernelSize', 'kernelSize 2147483647 does not fit the 4 x 4 input with padding 0: the output would be 0 x 0');
  const { data } = core.avgPool2d(lesson, shape, { kernelSize: 2, stride: 2147483647, padding: 1, ceilMode: true });
  assert.deepEqual([...data], [0 / 4], 'one window at (-1, -1) holding only the 0 at (0, 0)');
  assertPoolError(() => core.avgPool2d(lesson, shape, { kernelSize: 2147483648 }),
    'kernelSize', 'kernelSize must be at most 2147483647, got 2147483648');
});

// The module keeps the last plan while the settings stay the same (a widget repeats its call
// on every tap): any change of setting, shape or length must plan again.
test('a repeated call reuses nothing that a changed setting, shape or length would change', () => {
  const padded = { kernelSize: 3, stride: 1, padding: 1 };
  const counted = core.avgPool2d(lesson, shape, padded).data;
  assert.deepEqual([...core.avgPool2d(lesson, shape, padded).data], [...counted], 'same settings, same result');
  const notCounted = core.avgPool2d(lesson, shape, { ...padded, countIncludePad: false }).data;
  assert.equal(counted[0], Math.fround((0 + 1 + 4 + 5) / 9));
  assert.equal(notCounted[0], (0 + 1 + 4 + 5) / 4);
  assert.deepEqual([...core.avgPool2d(lesson, shape, padded).data], [...counted], 'and back again');
  assert.deepEqual(core.avgPool2d(lesson, [1, 2, 8], padded).shape, [1, 2, 8], 'a new shape is planned');
  assertPoolError(() => core.avgPool2d(lesson.slice(0, 15), shape, padded),
    'input', 'input has 15 values but shape (1, 1, 4, 4) needs 16');
  const max = core.maxPool2d(lesson, shape, padded);
  assert.ok(max.indices instanceof Int32Array, 'max after average: indices');
  assert.equal(core.maxPool2d(lesson, shape, { ...padded, returnIndices: false }).indices, undefined);
  assert.ok(core.maxPool2d(lesson, shape, padded).indices instanceof Int32Array, 'and indices again');
  assert.deepEqual(core.pool2dOutputShape(shape, { kernelSize: 2 }), [1, 1, 2, 2]);
  assert.deepEqual([...core.avgPool2d(lesson, shape, padded).data], [...counted], 'after planning a shape only');
});

// Each call writes every setting it uses, so a call that leaves one out is rejected rather
// than run with what an earlier call left behind.
test('a call never inherits the settings of an earlier call', () => {
  core.avgPool2d(lesson, shape, { kernelSize: 3, stride: 1, padding: 1, countIncludePad: false });
  assert.throws(() => core.avgPool2d(lesson, shape), PoolError);
  core.adaptiveAvgPool2d(lesson, shape, [2, 2]);
  assert.throws(() => core.adaptiveAvgPool2d(lesson, shape, 0), /outputSize must be positive, got 0/);
  const { indices } = core.maxPool2d(lesson, shape, { kernelSize: 2 });
  core.maxPool2dBackward([1, 2, 3, 4], indices, shape, { kernelSize: 2 });
  assert.throws(() => core.adaptiveMaxPool2dBackward([1], undefined, shape, 1), PoolError);
  // And an average after a max keeps no indices: its gradient is shared, not routed.
  assert.deepEqual([...core.avgPool2dBackward([4, 4, 4, 4], shape, { kernelSize: 2 })], new Array(16).fill(1));
  assert.deepEqual([...core.avgPool2d(lesson, shape, { kernelSize: 2, stride: 1 }).data],
    [2.5, 3.5, 4.5, 6.5, 7.5, 8.5, 10.5, 11.5, 12.5]);
});

test('an option of the other kind of pooling is taken at the value that changes nothing', () => {
  const x = Float32Array.from({ length: 16 }, (_, i) => i);
  const average = [...core.avgPool2d(x, [1, 4, 4], { kernelSize: 2 }).data];
  for (const dilation of [1, [1, 1]]) {
    assert.deepEqual([...core.avgPool2d(x, [1, 4, 4], { kernelSize: 2, dilation }).data], average, `dilation ${dilation}`);
  }
  const maximum = [...core.maxPool2d(x, [1, 4, 4], { kernelSize: 2 }).data];
  assert.deepEqual([...core.maxPool2d(x, [1, 4, 4], { kernelSize: 2, divisorOverride: null, countIncludePad: true }).data], maximum);
});
