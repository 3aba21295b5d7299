// The rl API never writes to what it is given (arrays, options) and returns fresh arrays every
// time, so a page may keep its inputs and its results side by side. Typed arrays of any type and
// plain arrays give the same results.
import { loadRl } from 'pooling-course/rl';
import { testCallsLeaveTheirInputs } from './inputs-unchanged.mjs';

const rl = await loadRl();

const f32 = (...values) => Float32Array.from(values);
const logits = f32(1, 0, -1, 0.5, 0.5, 0, -2, 3, 0.25);  // [3, 3]
// Plain integers: the shared check turns each Float32Array into other arrays, and an Int32Array
// of actions is the API's own (rl-reject-bad-arguments checks it gives the same answers).
const actions = [0, 2, 1];
const old = f32(-0.5, -1.5, -4);
const advantages = f32(1, -1, 0.5);

const calls = {
  ppo: () => [[logits, [3, 3], actions, old, advantages, { clip: 0.2 }], (...a) => rl.ppo(...a)],
  ppoBackward: () => [[-2, logits, [3, 3], actions, old, advantages, { clip: 0.1 }], (...a) => rl.ppoBackward(...a)],
  ppoTrain: () => [[logits, [3, 3], actions, old, advantages, { clip: 0.2, lr: 5, epochs: 4 }],
    (...a) => rl.ppoTrain(...a)],
  // A training continued from the logits another returned: those stay as they were.
  ppoTrainFromAReturnedHistory: () => {
    const first = rl.ppoTrain(logits, [3, 3], actions, old, advantages, { lr: 5, epochs: 2 });
    return [[first.logits.subarray(18), [3, 3], actions, old, advantages, { lr: 5, epochs: 2 }],
      (...a) => rl.ppoTrain(...a)];
  },
};

testCallsLeaveTheirInputs(calls);
