// Every integer the API documents as int32 takes the whole range, -2^31 included, and the core
// judges it with its usual message; adaptive pooling's outputSize takes null for a side, which
// keeps the input's size (PyTorch's None).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadCore, PoolError } from 'pooling-course/core';
import { loadGolden } from './golden.mjs';

const core = await loadCore();
const lesson = Array.from({ length: 16 }, (_, i) => i);
const shape = [1, 1, 4, 4];
const LOWEST = -(2 ** 31);

function assertPoolError(call, parameter, message) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof PoolError, `a PoolError, got ${error}`);
    assert.equal(error.parameter, parameter);
    assert.equal(error.message, message);
    return true;
  });
}

test('-2^31 reaches the core, which judges it as any out-of-range value', () => {
  assertPoolError(() => core.avgPool2d(lesson, shape, { kernelSize: LOWEST }), 'kernelSize', 'kernelSize must be positive, got -2147483648');
  assertPoolError(() => core.maxPool2d(lesson, shape, { kernelSize: 2, stride: [1, LOWEST] }), 'stride', 'stride must be positive, got (1, -2147483648)');
  assertPoolError(() => core.avgPool2d(lesson, shape, { kernelSize: 2, padding: LOWEST }), 'padding', 'padding must not be negative, got -2147483648');
  assertPoolError(() => core.maxPool2d(lesson, shape, { kernelSize: 2, dilation: LOWEST }), 'dilation', 'dilation must be positive, got -2147483648');
  assertPoolError(() => core.avgPool2d(lesson, [1, LOWEST, 4, 4], { kernelSize: 2 }), 'shape', 'shape (1, -2147483648, 4, 4) has an empty or negative dimension');
  assertPoolError(() => core.adaptiveAvgPool2d(lesson, shape, LOWEST), 'outputSize', 'outputSize must be positive, got -2147483648');
  assertPoolError(() => core.maxPool2dBackward([1, 1, 1, 1], [LOWEST, 0, 0, 0], shape, { kernelSize: 2 }), 'indices', 'indices[0] is -2147483648, outside the 4 x 4 plane');
  const divided = core.avgPool2d(lesson, shape, { kernelSize: 2, divisorOverride: LOWEST });
  assert.deepEqual([...divided.data], [10, 18, 42, 50].map((sum) => Math.fround(sum / LOWEST)));
  // Beyond int32, JS refuses the value, naming the bound it passes.
  assertPoolError(() => core.avgPool2d(lesson, shape, { kernelSize: LOWEST - 1 }), 'kernelSize', 'kernelSize must be at least -2147483648, got -2147483649');
  assertPoolError(() => core.avgPool2d(lesson, shape, { kernelSize: [2, 2 ** 31] }), 'kernelSize', 'kernelSize must be at most 2147483647, got [2, 2147483648]');
  assertPoolError(() => core.avgPool2d(lesson, shape, { kernelSize: 2, divisorOverride: 2 ** 31 }), 'divisorOverride', 'divisorOverride must be at most 2147483647, got 2147483648');
});

test('a null side of outputSize keeps the input\'s size, as PyTorch\'s None', () => {
  const input = Float32Array.from({ length: 2 * 8 * 8 * 8 }, (_, i) => (i * 7) % 13);
  const wide = core.adaptiveAvgPool2d(input, [2, 8, 8, 8], [null, 7]);
  assert.deepEqual(wide.shape, [2, 8, 8, 7]);
  assert.deepEqual(wide, core.adaptiveAvgPool2d(input, [2, 8, 8, 8], [8, 7]), 'the same as giving the side');
  assert.deepEqual(core.adaptiveMaxPool2d(input, [2, 8, 8, 8], [3, null]), core.adaptiveMaxPool2d(input, [2, 8, 8, 8], [3, 8]));
  assert.deepEqual(core.adaptiveAvgPool2d(input, [2, 8, 8, 8], [null, null]).shape, [2, 8, 8, 8]);
  const grad = new Float32Array(2 * 8 * 8 * 7).fill(1);
  assert.deepEqual(core.adaptiveAvgPool2dBackward(grad, [2, 8, 8, 8], [null, 7]), core.adaptiveAvgPool2dBackward(grad, [2, 8, 8, 8], [8, 7]));
  const { indices } = core.adaptiveMaxPool2d(input, [2, 8, 8, 8], [null, 7]);
  assert.deepEqual(core.adaptiveMaxPool2dBackward(grad, indices, [2, 8, 8, 8], [null, 7]), core.adaptiveMaxPool2dBackward(grad, indices, [2, 8, 8, 8], [8, 7]));
  for (const bad of [null, [null], [undefined, 7], [7, 'x'], [null, 2.5]]) {
    assertPoolError(() => core.adaptiveAvgPool2d(input, [2, 8, 8, 8], bad), 'outputSize',
      `outputSize must be an integer or a pair [h, w] of integers or nulls, got ${bad === null ? 'null' : `[${bad.map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v))).join(', ')}]`}`);
  }
  assertPoolError(() => core.adaptiveAvgPool2d(input, [2, 8, 8, 8], [null, 2 ** 31]), 'outputSize', 'outputSize must be at most 2147483647, got [null, 2147483648]');
  assertPoolError(() => core.adaptiveAvgPool2d(input, [2, 8, 8, 8], -(2 ** 31) - 1), 'outputSize', 'outputSize must be at least -2147483648, got -2147483649');
  assertPoolError(() => core.adaptiveAvgPool2d(lesson, shape, [null, 0]), 'outputSize', 'outputSize must be positive, got (4, 0)');
});

test('PyTorch\'s answers for outputs with a None side (golden cases)', () => {
  // core-matches-pytorch.test.mjs runs them with every other case; here: that they are there.
  const cases = loadGolden(fileURLToPath(new URL('../golden/pool/pool2d.golden', import.meta.url))).filter((c) => c.outputSize.includes(null));
  assert.deepEqual(cases.map((c) => c.outputSize), [[null, 7], [3, null], [null, null], [null, 7], [3, null], [null, null]]);
});
