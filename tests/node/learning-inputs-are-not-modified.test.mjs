// The learning API never writes to what it is given (arrays, params, a state, options) and
// returns fresh arrays every time, so a page may keep its inputs and its results side by side.
// Typed arrays of any type and plain arrays give the same results.
import { loadLearning } from 'pooling-course/learning';
import { testCallsLeaveTheirInputs } from './inputs-unchanged.mjs';

const learning = await loadLearning();

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

testCallsLeaveTheirInputs(calls);
