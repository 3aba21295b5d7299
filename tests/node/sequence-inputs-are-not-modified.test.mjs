// The sequence API never writes to what it is given (arrays, params, a state, options) and
// returns fresh arrays every time, so a page may keep its inputs and its results side by side.
// Typed arrays of any type and plain arrays give the same results.
import { loadSequence } from 'pooling-course/sequence';
import { testCallsLeaveTheirInputs } from './inputs-unchanged.mjs';

const sequence = await loadSequence();

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

testCallsLeaveTheirInputs(calls);
