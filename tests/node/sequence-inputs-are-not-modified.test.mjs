// The sequence API never writes to what it is given (arrays, params, a state, options) and
// returns fresh arrays every time, so a page may keep its inputs and its results side by side.
// Typed arrays of any type and plain arrays give the same results.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadSequence } from 'pooling-course/sequence';

const sequence = await loadSequence();

// A deep copy of plain objects, arrays and typed arrays, to compare against after a call.
const copy = (value) => (ArrayBuffer.isView(value) ? value.slice()
  : Array.isArray(value) ? value.map(copy)
    : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
      : value);

// Every typed array reachable from `value`.
const arraysOf = (value) => (ArrayBuffer.isView(value) ? [value]
  : value && typeof value === 'object' ? Object.values(value).flatMap(arraysOf) : []);

const f32 = (...values) => Float32Array.from(values);
const x = f32(1, 0, 0, 1, -1, 0.5);  // [3, 2]
const rnnParams = { wIh: f32(0.5, -0.25, 1, 0), wHh: f32(0.1, 0.2, -0.3, 0.4), bIh: f32(0.5, -0.5), bHh: f32(0.5, -0.5) };
const lstmParams = { wIh: f32(1, 0, 0, 1, 0.5, 0.5, -1, 1), wHh: f32(1, -1, 0.5, 2), bIh: f32(0, 1, 0, 0), bHh: f32(0, 0, 0, 0.5) };
const state = { h0: f32(0.25), c0: f32(-1) };
const q = f32(1, 0, 0, 1, 1, 1);  // [3, 2]
const k = f32(1, 0, 0, 1);  // [2, 2]
const v = f32(1, 2, 3, 4, 5, 6);  // [2, 3]

const calls = {
  rnn: () => [[x, [3, 2], rnnParams, f32(0.5, -0.5), { nonlinearity: 'tanh' }], (...a) => sequence.rnn(...a)],
  rnnBackward: () => [[f32(1, 0, 0, 1, 1, 1), f32(0.5, 0.5), x, [3, 2], rnnParams, f32(0.5, -0.5), { nonlinearity: 'relu' }],
    (...a) => sequence.rnnBackward(...a)],
  lstm: () => [[x, [3, 2], lstmParams, state], (...a) => sequence.lstm(...a)],
  lstmBackward: () => [[f32(1, -1, 2), f32(0.5), f32(-2), x, [3, 2], lstmParams, state], (...a) => sequence.lstmBackward(...a)],
  // A run continued from the state another returned: that state stays as it was.
  lstmFromAReturnedState: () => {
    const first = sequence.lstm(x, [3, 2], lstmParams, state);
    return [[x, [3, 2], lstmParams, { h0: first.hN, c0: first.cN }], (...a) => sequence.lstm(...a)];
  },
  attention: () => [[q, [3, 2], k, [2, 2], v, [2, 3], { causal: true }], (...a) => sequence.attention(...a)],
  attentionBackward: () => [[f32(1, 0, 0, 0, 1, 0, 0, 0, 1), q, [3, 2], k, [2, 2], v, [2, 3], { causal: false }],
    (...a) => sequence.attentionBackward(...a)],
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
      : value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, plain(entry)]))
        : value);
    const wide = (value) => (value instanceof Float32Array ? Float64Array.from(value)
      : value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, wide(entry)]))
        : value);
    const expected = call(...args);
    assert.deepEqual(call(...args.map(plain)), expected);
    assert.deepEqual(call(...args.map(wide)), expected);
  });
}

test('a Float32Array that views part of a larger buffer is read through its own window', () => {
  const buffer = new Float32Array([99, ...x, 99]);
  const window = buffer.subarray(1, 7);
  assert.deepEqual(sequence.rnn(window, [3, 2], rnnParams), sequence.rnn(x, [3, 2], rnnParams));
  assert.deepEqual([...buffer], [99, ...x, 99]);
});
