// The core's limits (core/README.md, "Limits"): every call within them runs, the largest
// included, and afterwards malloc holds no more than before and a second such call does not grow
// WASM memory. (Its refusals, which the Chinese-errors test reads again: core-limits.test.mjs.)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from 'pooling-course/core';

const core = await loadCore();

function assertStillWorks() {
  const lesson = Array.from({ length: 16 }, (_, i) => i);
  assert.deepEqual([...core.avgPool2d(lesson, [1, 1, 4, 4], { kernelSize: 2 }).data], [2.5, 4.5, 10.5, 12.5],
    'the next call works');
}

// Each call holds a whole 2^26-element plane in the heap (input, result, indices, the
// kernel's scratch): the most any call within the limits needs.
function assertRunsAndGivesItBack(name, call, check) {
  const before = core.memoryStats();
  check(call());
  const afterFirst = core.memoryStats();
  assert.ok(afterFirst.mallocBytes <= before.mallocBytes,
    `${name}: malloc holds ${afterFirst.mallocBytes} bytes after the call, ${before.mallocBytes} before`);
  check(call());
  const afterSecond = core.memoryStats();
  assert.equal(afterSecond.heapBytes, afterFirst.heapBytes, `${name}: the same call again does not grow WASM memory`);
  assert.ok(afterSecond.mallocBytes <= before.mallocBytes, `${name}: nor malloc`);
  assertStillWorks();
}

test('the largest calls within the limits run, and give the heap back', () => {
  // A first call keeps a few bytes for good (what every later call shares), so the heap is
  // measured from after one.
  assertStillWorks();
  const plane = new Float32Array(2 ** 26).fill(1);
  plane[12345] = 9;
  // 2 x 2 at stride 1: 4 * 8191^2 taps, within the work cap of 2^28 (3 x 3 would be 9 * 2^26).
  assertRunsAndGivesItBack('max 2 x 2 over one 8192 x 8192 plane',
    () => core.maxPool2d(plane, [1, 8192, 8192], { kernelSize: 2, stride: 1 }),
    ({ data, shape, indices }) => {
      assert.deepEqual(shape, [1, 8191, 8191]);
      assert.equal(data.length, 8191 * 8191);
      // The 9 at row 1, column 4153 tops the four windows that hold it.
      assert.equal(data[8191 + 4153], 9);
      assert.equal(indices[8191 + 4152], 12345);
      assert.equal(data[4152], 9);
    });
  assertRunsAndGivesItBack('average of 16 over one 1 x 2^26 row, to 2^22 columns',
    () => core.avgPool2d(plane, [1, 1, 2 ** 26], { kernelSize: [1, 16] }),
    ({ data, shape }) => {
      assert.deepEqual(shape, [1, 1, 2 ** 22]);
      assert.equal(data[0], 1);
      assert.equal(data[771], 1.5, 'the window holding the 9');
    });
  assertRunsAndGivesItBack('adaptive max to 16 x 2^22 from a single cell',
    () => core.adaptiveMaxPool2d([5], [1, 1, 1], [16, 2 ** 22]),
    ({ data, shape, indices }) => {
      assert.deepEqual(shape, [1, 16, 2 ** 22]);
      assert.equal(data[2 ** 26 - 1], 5);
      assert.equal(indices[2 ** 26 - 1], 0);
    });
});
