// How much of the WASM heap a large call keeps (core/pool/js/index.js): the bytes malloc has handed
// out, since WASM memory itself starts at 16 MB. Its own file, so that it runs in a fresh
// process, on a module whose buffers no other test has grown.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from 'pooling-course/core';

const core = await loadCore();
const heapBytes = () => core.memoryStats().mallocBytes;
const MB = 1024 * 1024;

test('large calls keep at most a 4 MB result and a batch in the heap, never their input', () => {
  const shape = [1, 64, 224, 224];  // 12.8 MB of float32
  const input = new Float32Array(64 * 224 * 224).map((_, i) => (i % 101) / 7);
  const start = heapBytes();

  // The 3.2 MB result gathers in the heap and is copied out once; the input streams through
  // in batches of about 256 KB.
  const { data } = core.avgPool2d(input, shape, { kernelSize: 2 });
  assert.equal(data.length, 64 * 112 * 112);
  const afterForward = heapBytes();
  assert.ok(afterForward - start >= data.byteLength,
    `the gathered result should be in the heap, but it grew by ${afterForward - start} bytes`);
  assert.ok(afterForward - start < data.byteLength + 2 * MB,
    `the heap grew by ${afterForward - start} bytes for a ${data.byteLength}-byte result`);

  // The backward's 12.8 MB result is over 4 MB: it streams out a plane (200 KB) at a time,
  // in what the forward call left.
  const grad = core.avgPool2dBackward(data, shape, { kernelSize: 2 });
  assert.equal(grad.length, input.length);
  assert.ok(heapBytes() - afterForward < grad.byteLength / 16,
    `the heap grew by ${heapBytes() - afterForward} more bytes for a ${grad.byteLength}-byte result`);

  // And the results are right: the first window averages cells 0, 1, 224 and 225, in
  // PyTorch's order; the backward shares that output over its four cells.
  const [a, b, c, d] = [0, 1, 224, 225].map((i) => input[i]);
  assert.equal(data[0], Math.fround(Math.fround(Math.fround(Math.fround(a + b) + c) + d) / 4));
  assert.deepEqual([grad[0], grad[1], grad[224], grad[225]], Array(4).fill(Math.fround(data[0] / 4)));
});

test('planes too large for a batch go one by one, even to a kernel that takes four at a time', () => {
  // 3 x 3 stride 3 runs four planes at a time, in batches of whole fours; but a plane of
  // 360,000 values is more than a batch, so four of them (5.8 MB) must not enter the heap at once.
  const shape = [4, 600, 600];
  const options = { kernelSize: 3, stride: 3, padding: 1, returnIndices: false };
  assert.equal(core.kernelName('maxPool2d', shape, options), 'max_pool2d_forward_lanes');
  const input = new Float32Array(4 * 600 * 600).map((_, i) => (i * 7919) % 1000);
  const start = heapBytes();
  const { data } = core.maxPool2d(input, shape, options);
  assert.equal(data.length, 4 * 200 * 200);
  assert.ok(heapBytes() - start < input.byteLength / 2,
    `the heap grew by ${heapBytes() - start} bytes for a ${input.byteLength}-byte input`);
  // Plane 3's first window (rows 0-1, columns 0-1 of the plane; the rest is padding).
  const at = (y, x) => input[3 * 360000 + y * 600 + x];
  assert.equal(data[3 * 40000], Math.max(at(0, 0), at(0, 1), at(1, 0), at(1, 1)));
});

test('a batched call keeps at most four buffers of 4 MB for the next, and the same call again keeps no more', () => {
  // Four planes of 4 MB: each is a batch of its own; max pooling's result (16 MB) streams out.
  // What stays is the module's four buffers (a batch of input, of indices, of result, of result
  // indices), each of at most 4 MB: a leak check compares a call with one like it before it.
  const shape = [4, 1024, 1024];
  const options = { kernelSize: 2, stride: 1 };
  const input = new Float32Array(4 * 1024 * 1024).map((_, i) => (i * 7919) % 1013);
  const before = heapBytes();
  const run = () => {
    const { data, indices } = core.maxPool2d(input, shape, options);
    core.maxPool2dBackward(data, indices, shape, options);
    return data;
  };
  const data = run();
  const kept = heapBytes();
  assert.ok(kept - before <= 4 * 4 * MB,
    `malloc holds ${kept - before} more bytes after the call: more than four 4 MB buffers`);
  run();
  assert.equal(heapBytes(), kept, 'the same call again keeps what the first kept, and no more');
  // Plane 2's first window: cells 0, 1, 1024 and 1025 of the plane.
  const at = (i) => input[2 * 1024 * 1024 + i];
  assert.equal(data[2 * 1023 * 1023], Math.max(at(0), at(1), at(1024), at(1025)));
});
