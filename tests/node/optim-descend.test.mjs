// descend() through the JS API: its lengths for 0, 1 and many steps, the limit of 1000 steps
// (1001 is refused, and the module works after), and its path: each value and gradient is the
// surface's at its point, and each point the step function's from the point before. After no
// steps its state steps as a fresh optimiser's. surfaceGrid() holds surface()'s value at each
// corner, row by row, up to 400 x 400 cells.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { OptimError, loadOptim } from 'pooling-course/optim';

const optim = await loadOptim();

const OPTIMIZERS = [['sgd', { lr: 0.02, momentum: 0.9 }], ['rmsprop', { lr: 0.01 }], ['adam', { lr: 0.05 }]];
const STATE_KEYS = {
  sgd: ['momentumBuffer'],
  rmsprop: ['step', 'squareAvg', 'momentumBuffer', 'gradAvg'],
  adam: ['step', 'expAvg', 'expAvgSq', 'maxExpAvgSq'],
};

for (const [optimizer, options] of OPTIMIZERS) {
  for (const steps of [0, 1, 17]) {
    test(`a ${optimizer} descent of ${steps} steps has ${steps + 1} points and values and ${steps} gradients`, () => {
      const descent = optim.descend('rosenbrock', [-1.5, 2], optimizer, options, steps);
      assert.deepEqual(Object.keys(descent), ['points', 'values', 'gradients', 'state']);
      for (const key of ['points', 'values', 'gradients']) assert.ok(descent[key] instanceof Float32Array, key);
      assert.equal(descent.points.length, 2 * (steps + 1));
      assert.equal(descent.values.length, steps + 1);
      assert.equal(descent.gradients.length, 2 * steps);
      assert.deepEqual(Object.keys(descent.state), STATE_KEYS[optimizer]);
      if (optimizer !== 'sgd') assert.equal(descent.state.step, steps);
    });
  }

  test(`a ${optimizer} descent walks the surface with the step function`, () => {
    const steps = 12;
    const descent = optim.descend('ravine', [-2.5, 1], optimizer, options, steps);
    let state = null;
    for (let k = 0; k <= steps; k++) {
      const point = descent.points.subarray(2 * k, 2 * k + 2);
      const at = optim.surface('ravine', point);
      assert.equal(descent.values[k], Math.fround(at.value), `value ${k}`);
      if (k === steps) break;
      assert.deepEqual(descent.gradients.subarray(2 * k, 2 * k + 2), at.gradient, `gradient ${k}`);
      const next = optim[`${optimizer}Step`](point, at.gradient, state, options);
      assert.deepEqual(next.params, descent.points.subarray(2 * k + 2, 2 * k + 4), `point ${k + 1}`);
      ({ state } = next);
    }
    assert.deepEqual(state, descent.state);
  });

  test(`after no steps a ${optimizer} descent's state steps as a fresh one`, () => {
    const { points, state } = optim.descend('bowl', [0.5, -0.5], optimizer, options, 0);
    assert.deepEqual([...points], [0.5, -0.5]);
    const step = optim[`${optimizer}Step`];
    assert.deepEqual(step([0.5, -0.5], [0.5, -0.5], state, options), step([0.5, -0.5], [0.5, -0.5], null, options));
  });
}

test('1000 steps is the limit: 1001 is refused and the module still works', () => {
  const longest = optim.descend('bowl', [3, -4], 'adam', { lr: 0.01 }, 1000);
  assert.equal(longest.points.length, 2002);
  assert.equal(longest.state.step, 1000);
  assert.ok(longest.values[1000] < longest.values[0]);
  assert.throws(() => optim.descend('bowl', [3, -4], 'adam', { lr: 0.01 }, 1001),
    (error) => error instanceof OptimError && error.parameter === 'steps');
  assert.deepEqual(optim.descend('bowl', [3, -4], 'adam', { lr: 0.01 }, 1000), longest);
});

test('plain gradient descent on the bowl shrinks the point by 1 - lr each step', () => {
  const { points } = optim.descend('bowl', [2, -4], 'sgd', { lr: 0.5 }, 3);
  assert.deepEqual([...points], [2, -4, 1, -2, 0.5, -1, 0.25, -0.5]);
});

test('a grid holds the surface\'s value at each corner, row by row from the lower y', () => {
  const grid = { x: [-2, 2], y: [-1, 3], columns: 8, rows: 4 };
  const values = optim.surfaceGrid('rosenbrock', grid);
  assert.ok(values instanceof Float32Array);
  assert.equal(values.length, 9 * 5);
  for (let j = 0; j <= 4; j++) {
    for (let i = 0; i <= 8; i++) {
      const point = [-2 + i / 2, -1 + j];
      assert.equal(values[j * 9 + i], Math.fround(optim.surface('rosenbrock', point).value), `corner ${i}, ${j}`);
    }
  }
  assert.equal(values[2 * 9 + 6], 0, 'the minimum, (1, 1), is corner (6, 2)');
});

test('a grid of 400 x 400 cells is the largest, and quick', () => {
  const values = optim.surfaceGrid('ravine', { x: [-5, 5], y: [-3, 3], columns: 400, rows: 400 });
  assert.equal(values.length, 401 * 401);
  assert.equal(values[200 * 401 + 200], 0, 'the centre is the minimum');
});
