// The core's limits (core/README.md, "Limits"): an output of more than 2^26 elements, or with a
// side longer than 2^22, is refused as an input of more than 2^26 is, and a refused call keeps
// nothing. (That the largest calls within them run: core-limits-largest-calls.test.mjs.)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, PoolError } from 'pooling-course/core';

const core = await loadCore();
const lesson = Array.from({ length: 16 }, (_, i) => i);

function assertStillWorks() {
  assert.deepEqual([...core.avgPool2d(lesson, [1, 1, 4, 4], { kernelSize: 2 }).data], [2.5, 4.5, 10.5, 12.5],
    'the next call works');
}

function assertPoolError(call, parameter, message) {
  const before = core.memoryStats();
  assert.throws(call, (error) => {
    assert.ok(error instanceof PoolError, `a PoolError, got ${error}`);
    assert.equal(error.parameter, parameter);
    assert.equal(error.message, message);
    return true;
  });
  const after = core.memoryStats();
  assert.equal(after.heapBytes, before.heapBytes, 'a refused call does not grow WASM memory');
  assert.ok(after.mallocBytes - before.mallocBytes < 1024, 'a refused call keeps nothing in malloc but its message');
  assertStillWorks();
}

test('an output of more than 2^26 elements is refused as such an input is', () => {
  assertPoolError(() => core.avgPool2d(new Float32Array(2 ** 26), [2 ** 26, 1, 1], { kernelSize: 2, stride: 1, padding: 1 }),
    'kernelSize', 'kernelSize 2 with stride 1 and padding 1 gives an output of 67108864 x 2 x 2, more than 67108864 elements, the most the core takes');
  assertPoolError(() => core.pool2dOutputShape([1, 8192, 8192], { kernelSize: 2, stride: 1, padding: 1 }),
    'kernelSize', 'kernelSize 2 with stride 1 and padding 1 gives an output of 1 x 8193 x 8193, more than 67108864 elements, the most the core takes');
  assertPoolError(() => core.adaptiveAvgPool2d([1], [5, 1, 1], [4096, 4096]),
    'outputSize', 'outputSize 4096 gives an output of 5 x 4096 x 4096, more than 67108864 elements, the most the core takes');
});

test('an output side longer than 2^22 is refused, naming the side', () => {
  assertPoolError(() => core.adaptiveMaxPool2d([1], [1, 1, 1], [1, 2 ** 26]),
    'outputSize', 'outputSize (1, 67108864) gives an output of 1 x 67108864, a side longer than 4194304, the most the core takes');
  assertPoolError(() => core.avgPool2d(new Float32Array(2 ** 26), [1, 1, 2 ** 26], { kernelSize: 3, stride: 1, padding: 1 }),
    'kernelSize', 'kernelSize 3 with stride 1 and padding 1 gives an output of 1 x 67108864, a side longer than 4194304, the most the core takes');
});
