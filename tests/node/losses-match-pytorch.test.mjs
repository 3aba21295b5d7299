// Every loss through the JS API against PyTorch 1.13's golden data (tests/golden/losses): the
// loss for each reduction (a number when reduced, a Float32Array with 'none') and the gradient
// for a gradOutput other than 1, within max(1e-6, 1e-5 * |expected|), NaN where PyTorch has NaN.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadLosses } from 'pooling-course/losses';

import { firstMismatch, loadLossGolden, runBackward, runForward } from './losses-golden.mjs';

const losses = await loadLosses();
const cases = loadLossGolden(new URL('../golden/losses/losses.golden', import.meta.url));

function assertClose(expected, actual, what) {
  const i = firstMismatch(expected, actual);
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

test('the golden file has every loss and reduction, and the edge cases', () => {
  const seen = new Set(cases.map((c) => `${c.op} ${c.options.reduction}`));
  assert.equal(seen.size, 9);
  for (const edge of ['_empty', '_single', '_extreme', '_at_delta', '_outlier', '_ties', 'unbatched']) {
    assert.ok(cases.some((c) => c.name.includes(edge)), edge);
  }
});

for (const c of cases) {
  test(`${c.name}: the loss and its gradient match PyTorch`, () => {
    const where = `${c.name} (line ${c.line})`;
    const loss = runForward(losses, c);
    if (c.options.reduction === 'none') {
      assert.ok(loss instanceof Float32Array, `${where}: 'none' gives a Float32Array`);
      assertClose(c.output, loss, `${where} forward`);
    } else {
      assert.equal(typeof loss, 'number', `${where}: a reduced loss is a number`);
      assertClose(c.output, [loss], `${where} forward`);
    }
    const grad = runBackward(losses, c);
    assert.ok(grad instanceof Float32Array, `${where}: the gradient is a Float32Array`);
    assertClose(c.gradInput, grad, `${where} backward`);
  });
}

test('the lesson numbers: 2 (prediction - target) / n, -log p, capped Huber gradient', () => {
  assert.deepEqual([...losses.mseLossBackward(1, [3, 1], [1, 1])], [2, 0]);
  const p = Math.exp(2) / (Math.exp(2) + Math.exp(1) + Math.exp(0.1));
  assert.ok(Math.abs(losses.crossEntropy([2, 1, 0.1], [3], [0]) + Math.log(p)) < 1e-6);
  assert.deepEqual([...losses.huberLossBackward(1, [10, -10, 0.5], [0, 0, 0], { delta: 2, reduction: 'sum' })], [2, -2, 0.5]);
  // Logits of 1000 and 1001 are as good as 0 and 1.
  assert.ok(Math.abs(losses.crossEntropy([1000, 1001], [1, 2], [1]) - Math.log1p(Math.exp(-1))) < 1e-6);
});
