// The optimiser API never writes to what it is given (params, grads, a state's arrays, options,
// points) and returns fresh arrays every time, so a page may keep its inputs and its results
// side by side. Typed arrays of any type and plain arrays give the same results.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadOptim } from 'pooling-course/optim';
import { arraysOf, copy } from './inputs-unchanged.mjs';

const optim = await loadOptim();

const params = Float32Array.of(1, -2, 0.5, 3);
const grads = Float32Array.of(0.25, 1, -4, 0);

const calls = {
  sgdStep: { options: { lr: 0.1, momentum: 0.9, weightDecay: 0.01, nesterov: true } },
  rmspropStep: { options: { momentum: 0.5, centered: true, maximize: true } },
  adamStep: { options: { lr: 0.01, betas: [0.8, 0.99], amsgrad: true } },
};

for (const [name, { options }] of Object.entries(calls)) {
  test(`${name} leaves params, grads, state and options as they were, and returns fresh arrays`, () => {
    const first = optim[name](params, grads, null, options);
    const inputs = [params, grads, first.state, options];
    const before = inputs.map(copy);
    const second = optim[name](params, grads, first.state, options);
    assert.deepEqual(inputs.map(copy), before, 'the inputs are as they were');
    const given = [params, grads, ...arraysOf(first)];
    for (const array of arraysOf(second)) {
      assert.ok(!given.some((g) => g.buffer === array.buffer), 'no result shares memory with an input');
    }
    // Writing to a result changes nothing the next call sees.
    const again = optim[name](params, grads, first.state, options);
    second.params.fill(NaN);
    for (const array of arraysOf(second.state)) array.fill(NaN);
    assert.deepEqual(optim[name](params, grads, first.state, options), again);
  });
}

test('a buffer the options do not read comes back equal, as a fresh array', () => {
  const withMomentum = optim.sgdStep(params, grads, null, { lr: 0.1, momentum: 0.9 });
  const next = optim.sgdStep(params, grads, withMomentum.state, { lr: 0.1 });
  assert.deepEqual(next.state.momentumBuffer, withMomentum.state.momentumBuffer);
  assert.notEqual(next.state.momentumBuffer, withMomentum.state.momentumBuffer);
});

test('surface and descend leave their points as they were', () => {
  const point = Float32Array.of(0.5, -1.5);
  const start = [-1, 2];
  const { gradient } = optim.surface('rosenbrock', point);
  const descent = optim.descend('rosenbrock', start, 'sgd', { lr: 1e-3 }, 3);
  assert.deepEqual([...point], [0.5, -1.5]);
  assert.deepEqual(start, [-1, 2]);
  assert.notEqual(gradient.buffer, point.buffer);
  assert.deepEqual([...descent.points.subarray(0, 2)], [-1, 2]);
});

test('Float64Array, Int32Array and plain arrays give what a Float32Array gives', () => {
  const expected = optim.adamStep(params, grads, null);
  for (const convert of [Array.from, (v) => Float64Array.from(v)]) {
    assert.deepEqual(optim.adamStep(convert(params), convert(grads), null), expected);
  }
  assert.deepEqual(optim.sgdStep(Int32Array.of(1, 2), Int32Array.of(3, 4), null, { lr: 1 }).params, Float32Array.of(-2, -2));
  // A Float32Array that is a view into a larger buffer is read from its own offset.
  const big = new Float32Array(8);
  big.set(params, 4);
  assert.deepEqual(optim.adamStep(big.subarray(4), grads, null), expected);
});
