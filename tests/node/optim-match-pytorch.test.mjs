// Every optimiser, surface and descent through the JS API against PyTorch 1.13's golden data
// (tests/golden/optim): each step case one call per step, the state each call returned passed to
// the next (a fresh null first); each surface's value and autograd gradient; each descent's
// points, values, gradients and final state. Within max(1e-6, 1e-5 * |expected|), NaN where
// PyTorch has NaN; a state holds exactly the buffers PyTorch keeps, and the same step.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { OptimError, loadOptim } from 'pooling-course/optim';

import { firstMismatch, loadOptimGolden, stepOf } from './optim-golden.mjs';

const optim = await loadOptim();
const cases = loadOptimGolden(new URL('../golden/optim/optim.golden', import.meta.url));

function assertClose(expected, actual, what) {
  assert.ok(actual instanceof Float32Array, `${what}: a Float32Array`);
  const i = firstMismatch(expected, actual);
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

function assertState(expected, actual, what) {
  assert.deepEqual(Object.keys(actual), Object.keys(expected), `${what}: the state's keys`);
  for (const [key, value] of Object.entries(expected)) {
    if (key === 'step') assert.equal(actual.step, value, `${what}: step`);
    else if (value === null) assert.equal(actual[key], null, `${what}: PyTorch keeps no ${key}`);
    else assertClose(value, actual[key], `${what}: state.${key}`);
  }
}

test('the golden file has every optimiser, its edges, every surface and descents on each', () => {
  const ops = new Set(cases.map((c) => c.op));
  assert.deepEqual([...ops].sort(), ['adam', 'descend', 'rmsprop', 'sgd', 'surface']);
  for (const optimizer of ['sgd', 'rmsprop', 'adam']) {
    for (const edge of ['_single', '_empty', '_magnitudes', '_nonfinite']) {
      assert.ok(cases.some((c) => c.op === optimizer && c.name.endsWith(edge)), `${optimizer}${edge}`);
    }
    for (const surface of ['bowl', 'ravine', 'rosenbrock']) {
      assert.ok(cases.some((c) => c.op === 'descend' && c.optimizer === optimizer && c.surface === surface),
        `${optimizer} down the ${surface}`);
    }
  }
  assert.equal(cases.filter((c) => c.op === 'surface').length, 30);
});

for (const c of cases.filter((c) => c.optimizer && c.op !== 'descend')) {
  test(`${c.name}: ${c.stepCount} steps, each from the state the one before returned, match PyTorch`, () => {
    let params = c.params;
    let state = null;
    c.records.forEach((record, k) => {
      const where = `${c.name} (line ${c.line}), step ${k + 1}`;
      if (record.refused) {
        assert.throws(() => stepOf(optim, c.op)(params, record.grad, state, c.options),
          (error) => error instanceof OptimError && / is -?\d.*beyond float32's largest finite value/.test(error.message),
          `${where}: PyTorch refuses it (${record.refused})`);
        return;
      }
      const result = stepOf(optim, c.op)(params, record.grad, state, c.options);
      assertClose(record.params, result.params, `${where}: params`);
      assertState(record.state, result.state, where);
      ({ params, state } = result);
    });
  });
}

test('every surface\'s value and gradient match PyTorch and its autograd', () => {
  for (const c of cases.filter((c) => c.op === 'surface')) {
    const where = `${c.name} (line ${c.line})`;
    const { value, gradient } = optim.surface(c.surface, c.point);
    assert.equal(typeof value, 'number', where);
    assert.equal(firstMismatch([c.value], [value]), -1, `${where}: value ${value}, expected ${c.value}`);
    assertClose(c.gradient, gradient, `${where}: gradient`);
  }
});

for (const c of cases.filter((c) => c.op === 'descend')) {
  test(`${c.name}: the descent matches PyTorch's`, () => {
    const where = `${c.name} (line ${c.line})`;
    const descent = optim.descend(c.surface, c.start, c.optimizer, c.options, c.stepCount);
    assertClose(c.points, descent.points, `${where}: points`);
    assertClose(c.values, descent.values, `${where}: values`);
    assertClose(c.gradients, descent.gradients, `${where}: gradients`);
    // After no steps PyTorch's state is empty; optim-descend.test.mjs steps from the one returned.
    if (c.stepCount > 0) assertState(c.state, descent.state, where);
  });
}
