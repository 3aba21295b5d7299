// Every backward of the layer family through the JS API (the WASM module) against central
// finite differences of its forward, along a random direction v: <backward, v> against
// (L(x + h v) - L(x - h v)) / 2h with L = sum(gradOutput * forward), summed in double.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadLayers } from 'pooling-course/layers';

const layers = await loadLayers();
const STEP = 1e-2;

// A small deterministic generator (xorshift32), so the test needs no seedable Math.random.
function randoms(seed) {
  let s = seed >>> 0 || 1;
  return (n, lo = -1, hi = 1) => Float32Array.from({ length: n }, () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return lo + (hi - lo) * (s / 2 ** 32);
  });
}

const dot = (a, b) => a.reduce((sum, value, i) => sum + value * b[i], 0);
const moved = (x, v, h) => x.map((value, i) => value + h * v[i]);

function assertSlope(analytic, forward, g, x, v, what) {
  const numeric = (dot(g, forward(moved(x, v, STEP))) - dot(g, forward(moved(x, v, -STEP)))) / (2 * STEP);
  assert.ok(Math.abs(analytic - numeric) <= 2e-3 + 2e-3 * Math.abs(numeric), `${what}: backward gives ${analytic}, finite differences ${numeric}`);
}

test('softmax and logSoftmax, every dim and several temperatures', () => {
  const random = randoms(1);
  const shape = [2, 3, 4];
  for (const dim of [0, 1, 2, -1]) {
    for (const temperature of [0.5, 1, 3]) {
      const options = { dim, temperature };
      const [x, g, v] = [random(24, -3, 3), random(24), random(24)];
      for (const name of ['softmax', 'logSoftmax']) {
        assertSlope(dot(layers[`${name}Backward`](g, x, shape, options), v),
          (y) => layers[name](y, shape, options), g, x, v, `${name} dim ${dim} temperature ${temperature}`);
      }
    }
  }
});

test('embedding: repeated rows sum, the padding row gets nothing', () => {
  const random = randoms(2);
  const shape = [5, 3];
  const indices = [1, 4, 1, 0, 1];
  const [w, g, v] = [random(15), random(15), random(15)];
  assertSlope(dot(layers.embeddingBackward(g, indices, shape), v),
    (y) => layers.embedding(indices, y, shape), g, w, v, 'embedding');
  const grad = layers.embeddingBackward(g, indices, shape, { paddingIdx: 1 });
  assert.deepEqual([...grad.subarray(3, 6)], [0, 0, 0], 'the padding row');
  assert.deepEqual([...grad.subarray(0, 3)], [...g.subarray(9, 12)], 'row 0, used once');
});

test('dropout', () => {
  const random = randoms(3);
  const mask = [1, 0, 1, 1, 0, 1];
  for (const p of [0, 0.3, 0.9, 1]) {
    const [x, g, v] = [random(6), random(6), random(6)];
    assertSlope(dot(layers.dropoutBackward(g, mask, { p }), v), (y) => layers.dropout(y, mask, { p }), g, x, v, `p ${p}`);
  }
});

test('batchNorm2d (training): input, weight and bias', () => {
  const random = randoms(4);
  const shape = [3, 2, 2, 2];
  const [x, g, v] = [random(24), random(24), random(24)];
  const [weight, bias, vw, vb] = [Float32Array.of(1.5, -0.5), Float32Array.of(0.1, 0.2), random(2), random(2)];
  const run = (input, w, b) => layers.batchNorm2d(input, shape, { weight: w, bias: b }).output;
  const grads = layers.batchNorm2dBackward(g, x, shape, { weight });
  assertSlope(dot(grads.gradInput, v), (y) => run(y, weight, bias), g, x, v, 'gradInput');
  assertSlope(dot(grads.gradWeight, vw), (y) => run(x, y, bias), g, weight, vw, 'gradWeight');
  assertSlope(dot(grads.gradBias, vb), (y) => run(x, weight, y), g, bias, vb, 'gradBias');
});

test('layerNorm: input, weight and bias', () => {
  const random = randoms(5);
  const shape = [3, 5];
  const [x, g, v, weight, bias, vw, vb] = [random(15), random(15), random(15), random(5), random(5), random(5), random(5)];
  const run = (input, w, b) => layers.layerNorm(input, shape, { weight: w, bias: b });
  const grads = layers.layerNormBackward(g, x, shape, { weight });
  assertSlope(dot(grads.gradInput, v), (y) => run(y, weight, bias), g, x, v, 'gradInput');
  assertSlope(dot(grads.gradWeight, vw), (y) => run(x, y, bias), g, weight, vw, 'gradWeight');
  assertSlope(dot(grads.gradBias, vb), (y) => run(x, weight, y), g, bias, vb, 'gradBias');
});
