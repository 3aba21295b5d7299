// Every optimiser, surface and descent through the JS API against PyTorch 1.13's golden data
// (tests/golden/optim): each step case one call per step with the options the case holds at that
// step, the state each call returned passed to the next (a fresh null first); each surface's
// value and autograd gradient; each descent's points, values, gradients and final state. Within
// max(1e-6, 1e-5 * |expected|), NaN where PyTorch has NaN; a state holds exactly the buffers
// PyTorch keeps, and the same step. The reader refuses an option changed at step 1 (the case's
// own), beyond the case's steps or unknown to its optimiser, naming the line.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { OptimError, loadOptim } from 'pooling-course/optim';

import { firstMismatch, loadOptimGolden, stepOf } from './optim-golden.mjs';

const optim = await loadOptim();
const GOLDEN_PATH = fileURLToPath(new URL('../golden/optim/optim.golden', import.meta.url));
const cases = loadOptimGolden(GOLDEN_PATH);

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

test('every option of every optimiser, lr too, changes between steps in some case', () => {
  const changed = new Set(cases.flatMap((c) => (c.records ?? []).flatMap((record) =>
    Object.keys(record.changes).map((key) => `${c.op} ${key}`))));
  assert.equal(changed.size, 6 + 7 + 6, [...changed].sort().join(', '));
});

test('an option changed at step 1, beyond the steps or unknown to the optimiser is an error naming the line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'optim-golden-'));
  const text = readFileSync(GOLDEN_PATH, 'utf8');
  const change = '\nmomentum_2 0.9\n'; // sgd_momentum_from_2's
  assert.equal(text.split(change).length, 2, 'one case turns momentum on at step 2');
  const line = text.slice(0, text.indexOf(change)).split('\n').length + 1;
  for (const [name, damaged, message] of [
    ['step-1', 'momentum_1 0.9', "momentum_1: an option from step 1 on is the case's own momentum"],
    ['beyond', 'momentum_6 0.9', 'case sgd_momentum_from_2: momentum_6 is beyond its 5 steps'],
    ['unknown', 'betas_2 0.9 0.99', "unknown key 'betas_2'"],
  ]) {
    const path = join(dir, `${name}.golden`);
    writeFileSync(path, text.replace(change, `\n${damaged}\n`));
    assert.throws(() => loadOptimGolden(path), { message: `${path}:${line}: ${message}` }, name);
  }
});

for (const c of cases.filter((c) => c.optimizer && c.op !== 'descend')) {
  test(`${c.name}: ${c.stepCount} steps, each from the state the one before returned, match PyTorch`, () => {
    let params = c.params;
    let state = null;
    c.records.forEach((record, k) => {
      const where = `${c.name} (line ${c.line}), step ${k + 1}`;
      if (record.refused) {
        assert.throws(() => stepOf(optim, c.op)(params, record.grad, state, record.options),
          (error) => error instanceof OptimError && / is -?\d.*beyond float32's largest finite value/.test(error.message),
          `${where}: PyTorch refuses it (${record.refused})`);
        return;
      }
      const result = stepOf(optim, c.op)(params, record.grad, state, record.options);
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
