// An empty batch through the JS API, as PyTorch 1.13 takes it (tests/golden/pool/generate.py,
// empty_batch_cases, asserts PyTorch's answers and refusals; the golden file's *_empty_* cases
// run through core-matches-pytorch.test.mjs): an empty result in the shape the settings give,
// an empty gradient, and a refusal for every other dimension of 0.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, PoolError } from 'pooling-course/core';

import { rejectsWith } from './rejects.mjs';

const core = await loadCore();
const settings = { kernelSize: 3, stride: 2, padding: 1 };

const assertPoolError = rejectsWith(PoolError, () => {
  assert.deepEqual([...core.avgPool2d([0, 1, 2, 3], [1, 1, 2, 2], { kernelSize: 2 }).data], [1.5]);
});

function assertEmpty(values, Type, what) {
  assert.ok(values instanceof Type, `${what}: a ${Type.name}`);
  assert.equal(values.length, 0, `${what}: empty`);
}

test('pooling N = 0 gives an empty result of the pooled shape, and an empty gradient', () => {
  const shape = [0, 2, 5, 5];
  const avg = core.avgPool2d([], shape, settings);
  assert.deepEqual(avg.shape, [0, 2, 3, 3]);
  assertEmpty(avg.data, Float32Array, 'avgPool2d');
  assertEmpty(core.avgPool2dBackward(new Float32Array(0), shape, settings), Float32Array, 'avgPool2dBackward');

  const max = core.maxPool2d(new Float32Array(0), shape, settings);
  assert.deepEqual(max.shape, [0, 2, 3, 3]);
  assertEmpty(max.data, Float32Array, 'maxPool2d');
  assertEmpty(max.indices, Int32Array, 'maxPool2d indices');
  const values = core.maxPool2d([], shape, { ...settings, returnIndices: false });
  assert.deepEqual(values.shape, [0, 2, 3, 3]);
  assert.equal('indices' in values, false, 'no indices asked for, none given');
  assertEmpty(core.maxPool2dBackward([], new Int32Array(0), shape, settings), Float32Array, 'maxPool2dBackward');

  assert.deepEqual(core.pool2dOutputShape([0, 1, 4, 4], { kernelSize: 2 }), [0, 1, 2, 2]);
  assert.equal(typeof core.kernelName('avgPool2d', [0, 1, 4, 4], { kernelSize: 2 }), 'string');
});

test('adaptive pooling takes an empty first dimension of either rank', () => {
  for (const [shape, pooled] of [[[0, 2, 5, 7], [0, 2, 3, 2]], [[0, 5, 7], [0, 3, 2]]]) {
    const avg = core.adaptiveAvgPool2d([], shape, [3, 2]);
    assert.deepEqual(avg.shape, pooled);
    assertEmpty(avg.data, Float32Array, `adaptiveAvgPool2d ${shape}`);
    assertEmpty(core.adaptiveAvgPool2dBackward([], shape, [3, 2]), Float32Array, `adaptiveAvgPool2dBackward ${shape}`);
    const max = core.adaptiveMaxPool2d([], shape, [3, null]);
    assert.deepEqual(max.shape, [...pooled.slice(0, -1), shape.at(-1)], 'a null side keeps the input\'s');
    assertEmpty(max.indices, Int32Array, `adaptiveMaxPool2d ${shape} indices`);
    assertEmpty(core.adaptiveMaxPool2dBackward([], [], shape, [3, 2]), Float32Array, `adaptiveMaxPool2dBackward ${shape}`);
  }
  // PyTorch's adaptive_avg_pool2d takes C = 0 of (N, C, H, W) forward; its backward pass and
  // adaptive max pooling refuse it.
  assert.deepEqual(core.adaptiveAvgPool2d([], [1, 0, 5, 7], 2).shape, [1, 0, 2, 2]);
  assertPoolError(() => core.adaptiveAvgPool2dBackward([], [1, 0, 5, 7], 2),
    'inputShape', 'inputShape (1, 0, 5, 7) has an empty or negative dimension');
  assertPoolError(() => core.adaptiveMaxPool2d([], [1, 0, 5, 7], 2),
    'shape', 'shape (1, 0, 5, 7) has an empty or negative dimension');
});

test('every other dimension of 0 is refused, as PyTorch refuses it', () => {
  for (const shape of [[1, 0, 4, 4], [0, 0, 4, 4], [1, 1, 0, 4], [1, 1, 4, 0], [0, 4, 4], [1, 0, 4]]) {
    const described = `(${shape.join(', ')})`;
    assertPoolError(() => core.avgPool2d([], shape, { kernelSize: 2 }), 'shape', `shape ${described} has an empty or negative dimension`);
    assertPoolError(() => core.maxPool2dBackward([], [], shape, { kernelSize: 2 }),
      'inputShape', `inputShape ${described} has an empty or negative dimension`);
  }
  assertPoolError(() => core.adaptiveAvgPool2d([], [1, 1, 0, 4], 2), 'shape', 'shape (1, 1, 0, 4) has an empty or negative dimension');
});

test('an empty batch still has its settings and lengths checked', () => {
  assertPoolError(() => core.avgPool2d([], [0, 1, 4, 4], { kernelSize: 5 }),
    'kernelSize', 'kernelSize 5 does not fit the 4 x 4 input with padding 0: the output would be 0 x 0');
  assertPoolError(() => core.avgPool2d([1], [0, 1, 4, 4], { kernelSize: 2 }),
    'input', 'input has 1 values but shape (0, 1, 4, 4) needs 0');
  assertPoolError(() => core.avgPool2dBackward([1], [0, 1, 4, 4], { kernelSize: 2 }),
    'gradOutput', 'gradOutput has 1 values but the output is (0, 1, 2, 2), 0 values');
});

test('an empty batch of large planes takes no room in the heap', () => {
  core.avgPool2d([0, 1, 2, 3], [1, 1, 2, 2], { kernelSize: 2 });
  const before = core.memoryStats();
  const { shape } = core.maxPool2d([], [0, 1, 8192, 8192], { kernelSize: 2 });
  assert.deepEqual(shape, [0, 1, 4096, 4096]);
  assert.deepEqual(core.memoryStats(), before, 'no batch buffer was reserved for the planes that are not there');
});
