// Every bad argument to the learning API throws a LearningError (and so a CoreError) naming the
// parameter (the JS API's camelCase) and its value, before anything is computed, and the module
// answers correctly afterwards. Also: one module however often it is loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError as PoolingCoreError } from 'pooling-course/core';
import { CoreError, LearningError, loadLearning } from 'pooling-course/learning';

import { rejectsWith } from './rejects.mjs';

const learning = await loadLearning();

const X = [1, 2, 3, 4, 5, 6];
const W = [1, 0, -1, 0.5, 0.5, 0.5];
const B = [0.25, -1];
const NET = { w1: [1, -1, -1, 1], b1: [0, 0], w2: [1, 1], b2: [-0.5] };

function assertStillWorks() {
  assert.deepEqual([...learning.linear(X, [2, 3], W, [2, 3], B)], [-1.75, 2, -1.75, 6.5]);
  assert.equal(learning.xorTrain(NET, {}, 3).losses.length, 4);
}

const assertLearningError = rejectsWith(LearningError, assertStillWorks);
const array = 'a Float32Array or an array of numbers';
const lambState = { step: 1, expAvg: [0, 0], expAvgSq: [0, 0] };
const tooMany = new Float32Array(2 * 160001);

const cases = [
  // linear: types, then the shapes, then each length against them.
  ['an input that is not an array', () => learning.linear('x', [2, 3], W, [2, 3]),
    'input', `input must be ${array}, got "x"`],
  ['an input entry that is not a number', () => learning.linear([1, '2'], [1, 2], [1, 1], [1, 2]),
    'input', 'input[1] must be a number, got "2"'],
  ['a shape of non-integers', () => learning.linear(X, [2, 1.5], W, [2, 3]),
    'inputShape', 'inputShape must be an array of integers [rows, columns], got [2, 1.5]'],
  ['a shape that is not an array', () => learning.linear(X, 6, W, [2, 3]),
    'inputShape', 'inputShape must be an array of integers [rows, columns], got 6'],
  ['a shape of rank 3', () => learning.linear(X, [2, 3, 1], W, [2, 3]),
    'inputShape', 'inputShape must be [N, in], got (2, 3, 1)'],
  ['an empty batch', () => learning.linear([], [0, 3], W, [2, 3]),
    'inputShape', 'inputShape [N, in] must have each side from 1 to 1024, got (0, 3)'],
  ['a side over 1024', () => learning.linear(X, [1025, 3], W, [2, 3]),
    'inputShape', 'inputShape [N, in] must have each side from 1 to 1024, got (1025, 3)'],
  ['a weight shape of rank 1', () => learning.linear(X, [2, 3], W, [6]),
    'weightShape', 'weightShape must be [out, in], got (6)'],
  ['a negative out', () => learning.linear(X, [2, 3], W, [-2, 3]),
    'weightShape', 'weightShape [out, in] must have each side from 1 to 1024, got (-2, 3)'],
  ['a layer of more than 2^24 multiply-adds', () => learning.linear(X, [17, 1024], W, [1024, 1024]),
    'weightShape', 'weightShape (1024, 1024) with inputShape (17, 1024) makes N * in * out = 17825792 multiply-adds, more than 16777216, the most a call takes'],
  ['weight and input that disagree on in', () => learning.linear(X, [3, 2], W, [2, 3]),
    'weightShape', 'weightShape (2, 3) has in 3 but inputShape (3, 2) has in 2'],
  ['an input shorter than its shape', () => learning.linear([1, 2, 3, 4, 5], [2, 3], W, [2, 3]),
    'input', 'input has 5 values but inputShape (2, 3) needs 6'],
  ['a weight longer than its shape', () => learning.linear(X, [2, 3], [...W, 1], [2, 3]),
    'weight', 'weight has 7 values but weightShape (2, 3) needs 6'],
  ['a bias of the wrong length', () => learning.linear(X, [2, 3], W, [2, 3], [1]),
    'bias', 'bias has 1 values but weightShape (2, 3) has out 2'],
  ['a bias that is not an array', () => learning.linear(X, [2, 3], W, [2, 3], 'b'),
    'bias', `bias must be ${array}, got "b"`],
  // linearBackward
  ['a gradOutput of the wrong length', () => learning.linearBackward([1, 2, 3, 4, 5], X, [2, 3], W, [2, 3]),
    'gradOutput', 'gradOutput has 5 values but the output is (2, 2), 4 values'],
  ['a bias option that is not a boolean', () => learning.linearBackward([1, 2, 3, 4], X, [2, 3], W, [2, 3], { bias: 1 }),
    'bias', 'bias must be true or false, got 1'],
  ['an unknown backward option', () => learning.linearBackward([1, 2, 3, 4], X, [2, 3], W, [2, 3], { biases: true }),
    'biases', 'linearBackward has no option biases (got true); its options are bias'],
  // xorTrain: params, then options, then steps, then the state.
  ['params that are not an object', () => learning.xorTrain(null, {}, 1),
    'params', 'params must be { w1, b1, w2, b2 }, got null'],
  ['params without b2', () => learning.xorTrain({ w1: [1, 1], b1: [0], w2: [1] }, {}, 1),
    'params', 'params.b2 is missing; params is { w1, b1, w2, b2 }'],
  ['params with another key', () => learning.xorTrain({ ...NET, w3: [1] }, {}, 1),
    'params', 'params has no w3 (got [1]); its keys are w1, b1, w2, b2'],
  ['a params array of strings', () => learning.xorTrain({ ...NET, w1: ['a', 1] }, {}, 1),
    'params', 'params.w1[0] must be a number, got "a"'],
  ['an odd w1', () => learning.xorTrain({ ...NET, w1: [1, 2, 3] }, {}, 1),
    'params', 'params.w1 has 3 values, but w1 is [H, 2] with H from 1 to 16: an even count from 2 to 32'],
  ['more than 16 hidden units', () => learning.xorTrain({ ...NET, w1: new Float32Array(34) }, {}, 1),
    'params', 'params.w1 has 34 values, but w1 is [H, 2] with H from 1 to 16: an even count from 2 to 32'],
  ['a b1 of the wrong length', () => learning.xorTrain({ ...NET, b1: [0] }, {}, 1),
    'params', 'params.b1 has 1 values but w1 has H = 2 rows'],
  ['a w2 of the wrong length', () => learning.xorTrain({ ...NET, w2: [1, 1, 1] }, {}, 1),
    'params', 'params.w2 has 3 values but w1 has H = 2 rows'],
  ['a b2 of two values', () => learning.xorTrain({ ...NET, b2: [0, 0] }, {}, 1),
    'params', 'params.b2 has 2 values, but b2 is one value'],
  ['an unknown activation', () => learning.xorTrain(NET, { activation: 'gelu' }, 1),
    'activation', 'activation must be \'tanh\', \'relu\' or \'sigmoid\', got "gelu"'],
  ['a NaN lr', () => learning.xorTrain(NET, { lr: NaN }, 1),
    'lr', 'lr must be a finite number, got nan'],
  ['a negative lr', () => learning.xorTrain(NET, { lr: -1 }, 1),
    'lr', 'lr must be at least 0, got -1'],
  ['an lr beyond float32 (torch.optim.SGD\'s step refuses it)', () => learning.xorTrain(NET, { lr: 1e39 }, 1),
    'lr', '-lr is -1e+39, beyond float32\'s largest finite value: PyTorch\'s step cannot convert it to float32'],
  ['a string lr', () => learning.xorTrain(NET, { lr: '0.5' }, 1),
    'lr', 'lr must be a number, got "0.5"'],
  ['an infinite momentum', () => learning.xorTrain(NET, { momentum: Infinity }, 1),
    'momentum', 'momentum must be a finite number, got inf'],
  ['a negative momentum', () => learning.xorTrain(NET, { momentum: -0.9 }, 1),
    'momentum', 'momentum must be at least 0, got -0.9'],
  ['an unknown option', () => learning.xorTrain(NET, { learningRate: 0.1 }, 1),
    'learningRate', 'xorTrain has no option learningRate (got 0.1); its options are activation, lr, momentum'],
  ['options that are not an object', () => learning.xorTrain(NET, 'tanh', 1),
    'options', 'options of xorTrain must be an object, got "tanh"'],
  ['too many steps', () => learning.xorTrain(NET, {}, 5001),
    'steps', 'steps must be a whole number from 0 to 5000, got 5001'],
  ['a negative step count', () => learning.xorTrain(NET, {}, -1),
    'steps', 'steps must be a whole number from 0 to 5000, got -1'],
  ['a fractional step count', () => learning.xorTrain(NET, {}, 1.5),
    'steps', 'steps must be a whole number from 0 to 5000, got 1.5'],
  // xorTrain's SGD state, after the steps.
  ['a momentum buffer of the wrong length', () => learning.xorTrain(NET, {}, 1, { momentumBuffer: { ...NET, b1: [0] } }),
    'state', 'state.momentumBuffer.b1 has 1 values but params.b1 has 2'],
  ['a momentum buffer of another network', () => learning.xorTrain(NET, {}, 1, { momentumBuffer: { ...NET, w1: [0, 0, 0, 0, 0, 0] } }),
    'state', 'state.momentumBuffer.w1 has 6 values but params.w1 has 4'],
  ['a momentum buffer without b2', () => learning.xorTrain(NET, {}, 1, { momentumBuffer: { w1: NET.w1, b1: NET.b1, w2: NET.w2 } }),
    'state', 'state.momentumBuffer.b2 is missing; state.momentumBuffer is { w1, b1, w2, b2 }'],
  ['a momentum buffer of strings', () => learning.xorTrain(NET, {}, 1, { momentumBuffer: { ...NET, w2: [0, 'a'] } }),
    'state', 'state.momentumBuffer.w2[1] must be a number, got "a"'],
  ['a momentum buffer that is not an object', () => learning.xorTrain(NET, {}, 1, { momentumBuffer: [0, 0] }),
    'state', 'state.momentumBuffer must be { w1, b1, w2, b2 }, got [0, 0]'],
  ['PyTorch\'s spelling of the SGD state', () => learning.xorTrain(NET, {}, 1, { momentum_buffer: null }),
    'state', 'state has no momentum_buffer (got null); its keys are momentumBuffer'],
  ['an SGD state without momentumBuffer', () => learning.xorTrain(NET, {}, 1, {}),
    'state', 'state.momentumBuffer is missing; state is { momentumBuffer }'],
  ['an SGD state that is not an object', () => learning.xorTrain(NET, {}, 1, 'fresh'),
    'state', 'state must be { momentumBuffer }, got "fresh"'],
  ['a step count out of range before a buffer of the wrong length', () => learning.xorTrain(NET, {}, -1, { momentumBuffer: { ...NET, b1: [0] } }),
    'steps', 'steps must be a whole number from 0 to 5000, got -1'],
  // xorForward
  ['an odd number of coordinates', () => learning.xorForward(NET, [0, 0, 1]),
    'points', 'points has 3 values, but points are [P, 2] with P at least 1: an even count'],
  ['no points', () => learning.xorForward(NET, []),
    'points', 'points has 0 values, but points are [P, 2] with P at least 1: an even count'],
  ['more than 160000 points', () => learning.xorForward(NET, tooMany),
    'points', 'points has 160001 points, more than 160000, the most a call takes'],
  ['a training option when drawing', () => learning.xorForward(NET, [0, 0], { lr: 0.5 }),
    'lr', 'xorForward has no option lr (got 0.5); its options are activation'],
  // xorInit: hidden, then seed.
  ['no hidden units', () => learning.xorInit(0, 1),
    'hidden', 'hidden must be a whole number from 1 to 16, got 0'],
  ['17 hidden units', () => learning.xorInit(17, 1),
    'hidden', 'hidden must be a whole number from 1 to 16, got 17'],
  ['a fractional hidden', () => learning.xorInit(2.5, 1),
    'hidden', 'hidden must be a whole number from 1 to 16, got 2.5'],
  ['a hidden given as a string', () => learning.xorInit('2', 1),
    'hidden', 'hidden must be a whole number from 1 to 16, got "2"'],
  ['a bad hidden before a bad seed', () => learning.xorInit(17, -1),
    'hidden', 'hidden must be a whole number from 1 to 16, got 17'],
  ['a negative seed', () => learning.xorInit(2, -1),
    'seed', 'seed must be an integer in [0, 4294967295], got -1'],
  ['a seed above 2^32 - 1', () => learning.xorInit(2, 4294967296),
    'seed', 'seed must be an integer in [0, 4294967295], got 4294967296'],
  ['a fractional seed', () => learning.xorInit(2, 1.5),
    'seed', 'seed must be an integer in [0, 4294967295], got 1.5'],
  ['a seed beyond the safe integers', () => learning.xorInit(2, 2 ** 60),
    'seed', 'seed must be an integer in [0, 4294967295], got 1152921504606847000'],
  ['no seed', () => learning.xorInit(2),
    'seed', 'seed must be an integer in [0, 4294967295], got undefined'],
  // lambStep: options, then param and grad, then the state.
  ['a negative LAMB lr', () => learning.lambStep([1, 2], [1, 2], null, { lr: -1 }),
    'lr', 'lr must be at least 0, got -1'],
  ['a NaN eps', () => learning.lambStep([1, 2], [1, 2], null, { eps: NaN }),
    'eps', 'eps must be a finite number, got nan'],
  ['a beta of 1', () => learning.lambStep([1, 2], [1, 2], null, { betas: [0.9, 1] }),
    'betas', 'betas[1] must be at least 0 and less than 1, got 1'],
  ['one beta', () => learning.lambStep([1, 2], [1, 2], null, { betas: [0.9] }),
    'betas', 'betas must be a pair [beta1, beta2] of numbers, got [0.9]'],
  ['a negative weightDecay', () => learning.lambStep([1, 2], [1, 2], null, { weightDecay: -0.1 }),
    'weightDecay', 'weightDecay must be at least 0, got -0.1'],
  ['PyTorch\'s spelling of weightDecay', () => learning.lambStep([1, 2], [1, 2], null, { weight_decay: 0.1 }),
    'weight_decay', 'lambStep has no option weight_decay (got 0.1); its options are lr, betas, eps, weightDecay'],
  ['a grad of the wrong length', () => learning.lambStep([1, 2], [1], null),
    'grad', 'grad has 1 values but param has 2'],
  ['a param that is not an array', () => learning.lambStep(3, [1], null),
    'param', `param must be ${array}, got 3`],
  ['a state buffer of the wrong length', () => learning.lambStep([1, 2], [1, 2], { ...lambState, expAvg: [0] }),
    'state', 'state.expAvg has 1 values but param has 2'],
  ['a second state buffer of the wrong length', () => learning.lambStep([1, 2], [1, 2], { ...lambState, expAvgSq: [0, 0, 0] }),
    'state', 'state.expAvgSq has 3 values but param has 2'],
  ['a fractional state step', () => learning.lambStep([1, 2], [1, 2], { ...lambState, step: 2.5 }),
    'state', 'state.step must be a whole number from 0 to 9007199254740992, got 2.5'],
  ['a state step that is a string', () => learning.lambStep([1, 2], [1, 2], { ...lambState, step: '1' }),
    'state', 'state.step must be a number, got "1"'],
  ['a state buffer of strings', () => learning.lambStep([1, 2], [1, 2], { ...lambState, expAvg: ['a', 0] }),
    'state', 'state.expAvg[0] must be a number, got "a"'],
  ['a state without expAvgSq', () => learning.lambStep([1, 2], [1, 2], { step: 1, expAvg: [0, 0] }),
    'state', 'state.expAvgSq is missing; state is { step, expAvg, expAvgSq }'],
  ['PyTorch\'s spelling of a state key', () => learning.lambStep([1, 2], [1, 2], { ...lambState, exp_avg: [0, 0] }),
    'state', 'state has no exp_avg (got [0, 0]); its keys are step, expAvg, expAvgSq'],
  ['a state that is not an object', () => learning.lambStep([1, 2], [1, 2], 3),
    'state', 'state must be { step, expAvg, expAvgSq }, got 3'],
];

for (const [what, call, parameter, message] of cases) {
  test(`${what} is refused, naming ${parameter}`, () => assertLearningError(call, parameter, message));
}

test('defaults are taken when an option is undefined or inherited', () => {
  const plain = learning.xorTrain(NET, {}, 5);
  assert.deepEqual(learning.xorTrain(NET, { lr: undefined }, 5), plain);
  assert.deepEqual(learning.xorTrain(NET, Object.create({ lr: 7 }), 5), plain);
  assert.deepEqual(learning.xorTrain(NET, undefined, 5), plain);
  assert.deepEqual(learning.xorTrain(NET, { activation: 'tanh', lr: 0.5, momentum: 0 }, 5), plain);
});

test('loadLearning loads one module, and its errors are the one CoreError every family shares', async () => {
  assert.equal(await loadLearning(), learning);
  assert.equal(CoreError, PoolingCoreError);
  assert.ok(new LearningError('x', 'y') instanceof CoreError);
});
