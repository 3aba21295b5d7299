// The learning API never writes to what it is given (arrays, params, a state, options) and
// returns fresh arrays every time, so a page may keep its inputs and its results side by side.
// Typed arrays of any type and plain arrays give the same results.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadLearning } from 'pooling-course/learning';

const learning = await loadLearning();

// A deep copy of plain objects, arrays and typed arrays, to compare against after a call.
const copy = (value) => (ArrayBuffer.isView(value) ? value.slice()
  : Array.isArray(value) ? value.map(copy)
    : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
      : value);

// Every typed array reachable from `value`.
const arraysOf = (value) => (ArrayBuffer.isView(value) ? [value]
  : value && typeof value === 'object' ? Object.values(value).flatMap(arraysOf) : []);

const net = { w1: Float32Array.of(1, -1, -1, 1, 0.5, 0.5), b1: Float32Array.of(0, 0, -0.5), w2: Float32Array.of(1, 1, -2), b2: Float32Array.of(-0.5) };
const x = Float32Array.of(1, 2, 3, 4, 5, 6);
const w = Float32Array.of(1, 0, -1, 0.5, 0.5, 0.5);
const b = Float32Array.of(0.25, -1);
const g = Float32Array.of(1, -1, 0.5, 2);
const param = Float32Array.of(1, -2, 0.5);
const grad = Float32Array.of(0.25, 1, -4);

const calls = {
  linear: () => [[x, [2, 3], w, [2, 3], b], (...a) => learning.linear(...a)],
  linearBackward: () => [[g, x, [2, 3], w, [2, 3], { bias: true }], (...a) => learning.linearBackward(...a)],
  xorInit: () => [[3, 2026], (...a) => learning.xorInit(...a)],
  xorTrain: () => [[net, { activation: 'relu', lr: 0.3, momentum: 0.9 }, 20], (...a) => learning.xorTrain(...a)],
  // Trained on from the params and state a training returned: both stay as they were.
  xorTrainFromAState: () => {
    const { params, state } = learning.xorTrain(net, { momentum: 0.9 }, 3);
    return [[params, { momentum: 0.9 }, 4, state], (...a) => learning.xorTrain(...a)];
  },
  // A start as xorInit returned it, trained: the start stays as it was.
  xorTrainFromAStart: () => [[learning.xorInit(4, 7), { lr: 1 }, 30], (...a) => learning.xorTrain(...a)],
  xorForward: () => [[net, Float32Array.of(0, 0, 0.5, 1), { activation: 'sigmoid' }], (...a) => learning.xorForward(...a)],
  lambStep: () => {
    const { state } = learning.lambStep(param, grad, null, { weightDecay: 0.01 });
    return [[param, grad, state, { lr: 0.01, betas: [0.8, 0.99], weightDecay: 0.01 }], (...a) => learning.lambStep(...a)];
  },
};

for (const [name, make] of Object.entries(calls)) {
  test(`${name} leaves its arguments as they were and returns fresh arrays`, () => {
    const [args, call] = make();
    const before = args.map(copy);
    const first = call(...args);
    const second = call(...args);
    assert.deepEqual(args.map(copy), before, 'the arguments are as they were');
    assert.deepEqual(second, first, 'the same call answers the same');
    const given = args.flatMap(arraysOf);
    for (const array of arraysOf(second)) {
      assert.ok(array instanceof Float32Array, 'every array returned is a Float32Array');
      assert.ok(!given.some((a) => a.buffer === array.buffer), 'no result shares memory with an argument');
      assert.ok(!arraysOf(first).some((a) => a.buffer === array.buffer), 'nor with an earlier result');
    }
  });

  test(`${name} gives the same answer for plain arrays and Float64Arrays`, () => {
    const [args, call] = make();
    const plain = (value) => (value instanceof Float32Array ? [...value]
      : value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
        : value);
    const wide = (value) => (value instanceof Float32Array ? Float64Array.from(value)
      : value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wide(v)]))
        : value);
    const expected = call(...args);
    assert.deepEqual(call(...args.map(plain)), expected);
    assert.deepEqual(call(...args.map(wide)), expected);
  });
}
