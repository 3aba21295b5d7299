// A state goes out of one call and back into the next: two calls of one step each give the
// golden data's second step, whether the state comes back as it was returned, as plain arrays
// through JSON (as a page might save it) or as Float64Arrays; a state a descent returned steps on
// as the descent would have.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadOptim } from 'pooling-course/optim';

import { firstMismatch, loadOptimGolden, stepOf } from './optim-golden.mjs';

const optim = await loadOptim();
const cases = loadOptimGolden(new URL('../golden/optim/optim.golden', import.meta.url))
  .filter((c) => c.op !== 'surface' && c.op !== 'descend' && c.stepCount >= 2 && !c.records[1].refused);

// The state with each array converted.
const converted = (state, convert) => Object.fromEntries(Object.entries(state).map(([key, value]) =>
  [key, value instanceof Float32Array ? convert(value) : value]));
const FORMS = {
  'plain arrays': (state) => converted(state, Array.from),
  Float64Arrays: (state) => converted(state, (values) => Float64Array.from(values)),
  // JSON has no NaN or infinities: only finite states take this way. Exactly as
  // core/optim/README.md writes it.
  JSON: (state) => JSON.parse(JSON.stringify(state, (key, value) => (value instanceof Float32Array ?
    Array.from(value) : value))),
};
const finite = (state) => Object.values(state).every((v) => !(v instanceof Float32Array) || v.every(Number.isFinite));

// The same values to the bit, -0 included, but NaN equals NaN whatever its sign: a NaN's sign
// does not survive every engine's path through a JS number, and IEEE 754 leaves the sign of an
// arithmetic NaN open.
function assertSame(expected, actual, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const i = expected.findIndex((e, k) => !(Object.is(e, actual[k]) || (Number.isNaN(e) && Number.isNaN(actual[k]))));
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

function assertClose(expected, actual, what) {
  const i = firstMismatch(expected, actual);
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

test('there are step cases of every optimiser to round-trip', () => {
  assert.deepEqual([...new Set(cases.map((c) => c.op))].sort(), ['adam', 'rmsprop', 'sgd']);
});

for (const c of cases) {
  test(`${c.name}: two calls of one step each, the state passed back in any form, give PyTorch's second step`, () => {
    const step = stepOf(optim, c.op);
    const [one, two] = c.records;
    const first = step(c.params, one.grad, null, one.options);
    const second = step(first.params, two.grad, first.state, two.options);
    assertClose(two.params, second.params, `${c.name}: params after two calls`);
    for (const [key, value] of Object.entries(two.state)) {
      if (value instanceof Float32Array) assertClose(value, second.state[key], `${c.name}: state.${key}`);
      else assert.equal(second.state[key], value, `${c.name}: state.${key}`);
    }
    for (const [form, convert] of Object.entries(FORMS)) {
      if (form === 'JSON' && !finite(first.state)) continue;
      const again = step(Array.from(first.params), two.grad, convert(first.state), two.options);
      assertSame(second.params, again.params, `the state as ${form}: params`);
      assert.deepEqual(Object.keys(again.state), Object.keys(second.state), `the state as ${form}: keys`);
      for (const [key, value] of Object.entries(second.state)) {
        if (value instanceof Float32Array) assertSame(value, again.state[key], `the state as ${form}: state.${key}`);
        else assert.equal(again.state[key], value, `the state as ${form}: state.${key}`);
      }
    }
  });
}

test('a descent\'s state steps on as the descent would have', () => {
  for (const [optimizer, options] of [['sgd', { lr: 0.05, momentum: 0.9 }], ['rmsprop', { centered: true, momentum: 0.5 }],
    ['adam', { lr: 0.1, amsgrad: true }]]) {
    const short = optim.descend('ravine', [-2, 1], optimizer, options, 4);
    const long = optim.descend('ravine', [-2, 1], optimizer, options, 5);
    const gradient = long.gradients.subarray(8, 10);
    const next = stepOf(optim, optimizer)(short.points.subarray(8, 10), gradient, short.state, options);
    assert.deepEqual(next.params, long.points.subarray(10, 12), optimizer);
    assert.deepEqual(next.state, long.state, optimizer);
  }
});

test('a state stepped on from the last count it holds is taken back: its step stays at 2^53', () => {
  for (const [name, fresh] of [['rmspropStep', { squareAvg: [0, 0] }], ['adamStep', { expAvg: [0, 0], expAvgSq: [0, 0] }]]) {
    let state = { ...fresh, step: 2 ** 53 - 2 };
    const steps = [];
    for (let i = 0; i < 4; i++) {
      state = optim[name]([1, 2], [0.5, -0.5], state, { lr: 0.01 }).state;
      steps.push(state.step);
    }
    // RMSprop counts in a double: 2^53 - 1, then 2^53, where 2^53 + 1 rounds back. Adam counts in
    // float32, as PyTorch does: 2^53 - 2 is already 2^53 there.
    const expected = name === 'rmspropStep' ? [2 ** 53 - 1, 2 ** 53, 2 ** 53, 2 ** 53] : [2 ** 53, 2 ** 53, 2 ** 53, 2 ** 53];
    assert.deepEqual(steps, expected, name);
  }
  assert.throws(() => optim.adamStep([1], [1], { step: 2 ** 53 + 2, expAvg: [0], expAvgSq: [0] }),
    { message: 'state.step must be a whole number from 0 to 9007199254740992, got 9007199254740994' });
});
