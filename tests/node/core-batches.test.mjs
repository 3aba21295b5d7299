// Large calls stream through the heap in batches of planes (core/pool/js/index.js): their results
// must be those of pooling each plane on its own, and the heap must not grow to their size.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, PoolError } from 'pooling-course/core';

const core = await loadCore();

// xorshift values in [-2, 2), with a few NaNs (unless `withNaN` is false), ties and signed
// zeros mixed in.
function values(length, seed, withNaN = true) {
  const out = new Float32Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = ((state >>> 0) / 2 ** 32) * 4 - 2;
    if (withNaN && i % 997 === 0) out[i] = NaN;
    if (i % 331 === 0) out[i] = i % 2 ? -0 : 1.5;
  }
  return out;
}

const sameBits = (a, b) => (Number.isNaN(a) ? Number.isNaN(b) : Object.is(a, b));

function assertSameFloats(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    if (!sameBits(actual[i], expected[i])) assert.fail(`${what}[${i}]: got ${actual[i]}, expected ${expected[i]}`);
  }
}

// Runs `call(plane input, [1, H, W])` on each plane and joins the results.
function planeByPlane(input, [n, c, h, w], call) {
  const parts = [];
  for (let p = 0; p < n * c; p++) parts.push(call(input.subarray(p * h * w, (p + 1) * h * w), [1, h, w]));
  return parts;
}

function join(arrays, Type) {
  const out = new Type(arrays.reduce((sum, a) => sum + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

// 240 planes of 40 x 50 = 480,000 values: several batches and a partial last one. Two planes
// of 300 x 300, each larger than a batch. And 128 planes of 96 x 90, 1,105,920 values: results
// of that size (stride 1, and every backward pass) are too large to gather in the heap and
// stream out batch by batch, the others gather. The settings run the scalar kernels (stride
// 2 across), the 2 x 2 stride-2 vector kernels, and the stride-1 ones with edge vectors.
const SHAPES = [[4, 60, 40, 50], [1, 2, 300, 300], [2, 64, 96, 90]];
const SETTINGS = [
  { kernelSize: 3, stride: [1, 2], padding: 1, ceilMode: true },
  { kernelSize: 2 },
  { kernelSize: 3, stride: 1, padding: 1 },
];

for (const shape of SHAPES) for (const OPTIONS of SETTINGS) {
  const input = values(shape.reduce((a, b) => a * b, 1), 12345);
  const kernel = core.kernelName('maxPool2d', shape, OPTIONS);

  test(`forward passes on ${shape.join('x')} (${kernel}) equal plane-by-plane calls`, () => {
    const avg = core.avgPool2d(input, shape, OPTIONS);
    const avgParts = planeByPlane(input, shape, (x, s) => core.avgPool2d(x, s, OPTIONS).data);
    assertSameFloats(avg.data, join(avgParts, Float32Array), 'avgPool2d');

    const max = core.maxPool2d(input, shape, OPTIONS);
    const maxParts = planeByPlane(input, shape, (x, s) => core.maxPool2d(x, s, OPTIONS));
    assertSameFloats(max.data, join(maxParts.map((r) => r.data), Float32Array), 'maxPool2d');
    assert.deepEqual(max.indices, join(maxParts.map((r) => r.indices), Int32Array));
    assert.deepEqual(max.shape, [shape[0], shape[1], ...max.shape.slice(2)]);
    const valuesOnly = core.maxPool2d(input, shape, { ...OPTIONS, returnIndices: false });
    assertSameFloats(valuesOnly.data, max.data, 'maxPool2d without indices');
    assert.equal(valuesOnly.indices, undefined);
    // Without NaN, values alone take the kernels' fastest path.
    const clean = values(input.length, 777, false);
    assertSameFloats(core.maxPool2d(clean, shape, { ...OPTIONS, returnIndices: false }).data,
      core.maxPool2d(clean, shape, OPTIONS).data, 'maxPool2d without NaN or indices');

    // Adaptive passes of four planes or more run four planes at a time; a single plane, not.
    const adaptive = core.adaptiveMaxPool2d(input, shape, [7, 5]);
    const adaptiveParts = planeByPlane(input, shape, (x, s) => core.adaptiveMaxPool2d(x, s, [7, 5]));
    assert.deepEqual(adaptive.indices, join(adaptiveParts.map((r) => r.indices), Int32Array));
    assertSameFloats(adaptive.data, join(adaptiveParts.map((r) => r.data), Float32Array), 'adaptiveMaxPool2d');
    for (const outputSize of [[7, 5], [1, 1]]) {
      const averages = core.adaptiveAvgPool2d(input, shape, outputSize).data;
      const averageParts = planeByPlane(input, shape, (x, s) => core.adaptiveAvgPool2d(x, s, outputSize).data);
      assertSameFloats(averages, join(averageParts, Float32Array), `adaptiveAvgPool2d to ${outputSize}`);
    }
  });

  test(`backward passes on ${shape.join('x')} (${kernel}) equal plane-by-plane calls`, () => {
    const { data: pooled, indices, shape: pooledShape } = core.maxPool2d(input, shape, OPTIONS);
    const grad = values(pooled.length, 999);
    const planeOut = pooledShape[2] * pooledShape[3];
    const avg = core.avgPool2dBackward(grad, shape, OPTIONS);
    const max = core.maxPool2dBackward(grad, indices, shape, OPTIONS);
    const avgParts = [];
    const maxParts = [];
    const [, , h, w] = shape;
    for (let p = 0; p < shape[0] * shape[1]; p++) {
      const g = grad.subarray(p * planeOut, (p + 1) * planeOut);
      avgParts.push(core.avgPool2dBackward(g, [1, h, w], OPTIONS));
      maxParts.push(core.maxPool2dBackward(g, indices.subarray(p * planeOut, (p + 1) * planeOut), [1, h, w], OPTIONS));
    }
    assertSameFloats(avg, join(avgParts, Float32Array), 'avgPool2dBackward');
    assertSameFloats(max, join(maxParts, Float32Array), 'maxPool2dBackward');
  });
}

test('a bad index in a late batch is named by its place in the whole call', () => {
  const shape = [4, 60, 40, 50];
  const input = values(shape.reduce((a, b) => a * b, 1), 7);
  const { data, indices } = core.maxPool2d(input, shape, { kernelSize: 2 });
  const bad = indices.slice();
  const at = bad.length - 3;
  bad[at] = 2000;
  assert.throws(() => core.maxPool2dBackward(data, bad, shape, { kernelSize: 2 }), (error) => {
    assert.ok(error instanceof PoolError);
    assert.equal(error.parameter, 'indices');
    assert.equal(error.message, `indices[${at}] is 2000, outside the 40 x 50 plane`);
    return true;
  });
  // The failed call leaves nothing behind that changes the next one.
  assert.deepEqual([...core.avgPool2d([0, 1, 2, 3], [1, 2, 2], { kernelSize: 2 }).data], [1.5]);
});
