// Pooling's work cap (core/pool/README.md, the refusals): a call reads at most 2^28 taps inside
// its input, so no call holds a page up. A stride-1 row of 4096-wide windows runs at 65536
// windows (2^28 taps) and is refused at 65537, forward and backward, average and max (with
// indices too), and adaptive pooling's windows are held to the same count. The Chinese-errors
// test reads its refusals too.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, PoolError } from 'pooling-course/core';

import { poolOptions, WORKLOADS } from '../bench/workloads.mjs';

const core = await loadCore();
const WINDOW = { kernelSize: [1, 4096], stride: 1 };
const OVER = 'kernelSize (1, 4096) with stride 1 and padding 0 gives 1 x 1 x 65537 windows of 268439552 taps in all, more than 268435456, the most a call takes';

function assertRefused(what, call, parameter, message) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof PoolError, `${what}: a PoolError, got ${error}`);
    assert.equal(error.parameter, parameter, what);
    assert.equal(error.message, message, what);
    return true;
  });
  assert.deepEqual([...core.avgPool2d([1, 2, 3, 4], [1, 2, 2], { kernelSize: 2 }).data], [2.5], `${what}: the next call works`);
}

test('2^28 taps run, forward and backward, average and max with indices', () => {
  const row = new Float32Array(69631).fill(1);
  row[40000] = 5;
  const average = core.avgPool2d(row, [1, 1, 69631], WINDOW);
  assert.deepEqual(average.shape, [1, 1, 65536]);
  assert.equal(average.data[0], 1);
  const max = core.maxPool2d(row, [1, 1, 69631], WINDOW);
  assert.equal(max.data[40000], 5);
  assert.equal(max.indices[40000], 40000);
  const ones = new Float32Array(65536).fill(1);
  assert.equal(core.avgPool2dBackward(ones, [1, 1, 69631], WINDOW)[69630], 1 / 4096, 'the last column is in one window');
  assert.equal(core.maxPool2dBackward(ones, max.indices, [1, 1, 69631], WINDOW)[40000], 4096, 'the 5 wins every window that holds it');
});

test('2^28 + 4096 taps are refused before anything runs, by every kind and pass', () => {
  const row = new Float32Array(69632);
  const gradients = new Float32Array(65537);
  const indices = new Int32Array(65537);
  assertRefused('average', () => core.avgPool2d(row, [1, 1, 69632], WINDOW), 'kernelSize', OVER);
  assertRefused('average backward', () => core.avgPool2dBackward(gradients, [1, 1, 69632], WINDOW), 'kernelSize', OVER);
  assertRefused('max with indices', () => core.maxPool2d(row, [1, 1, 69632], WINDOW), 'kernelSize', OVER);
  assertRefused('max, values alone', () => core.maxPool2d(row, [1, 1, 69632], { ...WINDOW, returnIndices: false }), 'kernelSize', OVER);
  assertRefused('max backward', () => core.maxPool2dBackward(gradients, indices, [1, 1, 69632], WINDOW), 'kernelSize', OVER);
  assertRefused('the output shape alone', () => core.pool2dOutputShape([1, 1, 69632], WINDOW), 'kernelSize', OVER);
});

test('512 x 512 windows at stride 2 over 1024 x 1024 (2^34 taps, 14 s of work) are refused at once', () => {
  const started = performance.now();
  assertRefused('k512 over 1024 x 1024', () => core.avgPool2d(new Float32Array(1024 * 1024), [1, 1024, 1024], { kernelSize: 512, stride: 2 }),
    'kernelSize', 'kernelSize 512 with stride 2 and padding 0 gives 1 x 257 x 257 windows of 17314349056 taps in all, more than 268435456, the most a call takes');
  assert.ok(performance.now() - started < 1000, 'refused in the plan');
});

test('adaptive windows are held to the same count: 1024 columns into 3075 read 4098 each row of the 65536', () => {
  const message = 'outputSize (16, 3075) gives 1 x 16 x 3075 windows of 268566528 taps in all, more than 268435456, the most a call takes';
  // The plan refuses before the values' length is checked, so a single value stands for the input.
  assertRefused('adaptive average', () => core.adaptiveAvgPool2d([1], [1, 65536, 1024], [16, 3075]), 'outputSize', message);
  assertRefused('adaptive max backward', () => core.adaptiveMaxPool2dBackward([1], [0], [1, 65536, 1024], [16, 3075]), 'outputSize', message);
  assertRefused('adaptive average backward', () => core.adaptiveAvgPool2dBackward([1], [1, 65536, 1024], [16, 3075]), 'outputSize', message);
});

test('the benchmark\'s workloads are within the cap', () => {
  const ops = { avg: 'avgPool2d', avgBackward: 'avgPool2dBackward', max: 'maxPool2d' };
  for (const workload of WORKLOADS) {
    assert.match(core.kernelName(ops[workload.op], workload.shape, poolOptions(workload)), /pool2d/, workload.title);
  }
});
