// Every backward through the JS API against central differences of its forward. With gradOutput
// g the loss is the scalar f(x) = sum_k g_k loss_k(x) (one g when reduced), so element i's
// gradient is (f(x + h e_i) - f(x - h e_i)) / (2h), the step measured as float32 has it. The
// Huber differences stay away from its kinks (|x - y| = delta).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadLosses } from 'pooling-course/losses';

const losses = await loadLosses();
const STEP = 1e-2;

// Deterministic values in [lo, hi].
function values(count, seed, lo = -4, hi = 4) {
  const x = new Float32Array(count);
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    x[i] = lo + (state / 2147483648) * (hi - lo);
  }
  return x;
}

const weighted = (loss, g) => (typeof loss === 'number' ? loss * g : loss.reduce((sum, v, k) => sum + v * g[k], 0));

function assertCentralDifferences(forward, x, g, grad, what) {
  assert.equal(grad.length, x.length, what);
  for (let i = 0; i < x.length; i++) {
    const up = Float32Array.from(x);
    const down = Float32Array.from(x);
    up[i] += STEP;
    down[i] -= STEP;
    const slope = (weighted(forward(up), g) - weighted(forward(down), g)) / (up[i] - down[i]);
    const tolerance = 1e-3 + 1e-3 * Math.abs(slope);
    assert.ok(Math.abs(grad[i] - slope) <= tolerance, `${what}: at index ${i}, backward ${grad[i]}, central difference ${slope}`);
  }
}

const gradOutputFor = (reduction, terms, seed) => (reduction === 'none' ? values(terms, seed, -2, 2) : -1.5);

for (const reduction of ['mean', 'sum', 'none']) {
  test(`mseLossBackward (${reduction}) matches central differences of mseLoss`, () => {
    const x = values(11, 7);
    const y = values(11, 8);
    const g = gradOutputFor(reduction, 11, 9);
    const options = { reduction };
    const grad = losses.mseLossBackward(g, x, y, options);
    assertCentralDifferences((at) => losses.mseLoss(at, y, options), x, g, grad, `mse ${reduction}`);
  });

  for (const delta of [1, 0.3, 2.5]) {
    test(`huberLossBackward (${reduction}, delta ${delta}) matches central differences away from the kinks`, () => {
      const x = values(21, 17 + delta * 10, -6, 6);
      const y = values(21, 18);
      for (let i = 0; i < x.length; i++) {
        if (Math.abs(Math.abs(x[i] - y[i]) - delta) < 0.05) x[i] += 0.1;
      }
      const g = gradOutputFor(reduction, 21, 19);
      const options = { reduction, delta };
      const grad = losses.huberLossBackward(g, x, y, options);
      assertCentralDifferences((at) => losses.huberLoss(at, y, options), x, g, grad, `huber ${reduction} ${delta}`);
    });
  }

  for (const labelSmoothing of [0, 0.1, 1]) {
    for (const shape of [[4, 5], [1, 3], [6]]) {
      test(`crossEntropyBackward (${reduction}, labelSmoothing ${labelSmoothing}, shape [${shape}]) matches central differences`, () => {
        const n = shape.length === 1 ? 1 : shape[0];
        const c = shape[shape.length - 1];
        const x = values(n * c, 31 + c, -5, 5);
        const target = Array.from({ length: n }, (_, i) => (i * 7 + 3) % c);
        const g = gradOutputFor(reduction, n, 33);
        const options = { reduction, labelSmoothing };
        const grad = losses.crossEntropyBackward(g, x, shape, target, options);
        assertCentralDifferences((at) => losses.crossEntropy(at, shape, target, options), x, g, grad,
          `cross-entropy ${reduction} ${labelSmoothing} [${shape}]`);
      });
    }
  }
}
