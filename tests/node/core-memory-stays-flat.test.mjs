// 10,000 calls on the lesson's input, errors included, leave the WASM heap as they found it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, PoolError } from 'pooling-course/core';

test('no growth of WASM memory over 10,000 calls on the lesson input', async () => {
  const core = await loadCore();
  const input = Float32Array.from({ length: 16 }, (_, i) => i);
  const shape = [1, 1, 4, 4];
  const options = { kernelSize: 2, stride: 2 };
  const cycle = () => {
    const { indices } = core.maxPool2d(input, shape, options);
    core.avgPool2d(input, shape, options);
    core.avgPool2dBackward([4, 8, 12, 16], shape, options);
    core.maxPool2dBackward([4, 8, 12, 16], indices, shape, options);
    assert.throws(() => core.avgPool2d(input, shape, { kernelSize: 2, padding: 3 }), PoolError);
  };
  // Let the reusable buffers reach their working sizes first.
  for (let i = 0; i < 3; i++) cycle();
  const before = core.memoryStats();
  for (let i = 0; i < 10000; i++) cycle();
  const after = core.memoryStats();
  assert.equal(after.heapBytes, before.heapBytes, 'WASM memory did not grow');
  assert.equal(after.mallocBytes, before.mallocBytes, 'malloc holds no more bytes than before');
  assert.equal(after.emvalHandles, before.emvalHandles, 'no JS values are kept alive by the bindings');
  assert.deepEqual([...core.avgPool2d(input, shape, options).data], [2.5, 4.5, 10.5, 12.5]);
});
