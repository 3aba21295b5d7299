// Every bad argument to the rl API throws an RlError (and so a CoreError) naming the parameter
// (the JS API's camelCase) and its value, before anything is computed, and the module answers
// correctly afterwards. Also: one module however often it is loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError as PoolingCoreError } from 'pooling-course/core';
import { CoreError, loadRl, RlError } from 'pooling-course/rl';

import { rejectsWith } from './rejects.mjs';

const rl = await loadRl();

// Two samples of three actions.
const LOGITS = [1, 0, -1, 0.5, 0.5, 0];
const SHAPE = [2, 3];
const ACTIONS = [0, 2];
const OLD = [-0.5, -1.5];
const ADV = [1, -1];
const B = [LOGITS, SHAPE, ACTIONS, OLD, ADV];

function assertStillWorks() {
  const out = rl.ppo(...B);
  assert.equal(out.ratio.length, 2);
  assert.equal(out.objective[0], Math.min(out.surrogate[0], out.clippedSurrogate[0]));
  assert.equal(rl.ppoBackward(1, ...B).gradLogits.length, 6);
}

const assertRlError = rejectsWith(RlError, assertStillWorks);
const array = 'a Float32Array or an array of numbers';
const range = 'logitsShape [N, A] must have N from 1 to 256 and A from 2 to 16, got';
const with_ = (index, value) => B.map((arg, i) => (i === index ? value : arg));

const cases = [
  // Types, caught in JS, argument by argument.
  ['logits that are not an array', () => rl.ppo(...with_(0, 'x')), 'logits', `logits must be ${array}, got "x"`],
  ['a logit that is not a number', () => rl.ppo(...with_(0, [1, 0, '-1', 0, 0, 0])), 'logits',
    'logits[2] must be a number, got "-1"'],
  ['a shape of non-integers', () => rl.ppo(...with_(1, [2, 1.5])), 'logitsShape',
    'logitsShape must be an array of integers [N, A], got [2, 1.5]'],
  ['a shape that is a number', () => rl.ppoTrain(...with_(1, 6)), 'logitsShape',
    'logitsShape must be an array of integers [N, A], got 6'],
  ['actions that are not integers', () => rl.ppo(...with_(2, [0, 1.5])), 'actions',
    'actions[1] must be an integer, got 1.5'],
  ['actions that are fractions', () => rl.ppoBackward(1, ...with_(2, Float32Array.of(0, 2.5))), 'actions',
    'actions[1] must be an integer, got 2.5'],
  // An integer beyond int32 is an integer: it is told the bound it passes, as a size is.
  ['an action beyond int32', () => rl.ppo(...with_(2, [0, 2 ** 31])), 'actions',
    'actions[1] must be at most 2147483647, got 2147483648'],
  ['an action below int32 in a Float64Array', () => rl.ppoTrain(...with_(2, Float64Array.of(-(2 ** 31) - 1, 0))), 'actions',
    'actions[0] must be at least -2147483648, got -2147483649'],
  ['actions that are a string', () => rl.ppoTrain(...with_(2, '02')), 'actions',
    'actions must be an Int32Array or an array of integers, got "02"'],
  ['old log-probs that are null', () => rl.ppo(...with_(3, null)), 'oldLogProbs', `oldLogProbs must be ${array}, got null`],
  ['advantages that are a number', () => rl.ppoTrain(...with_(4, 1)), 'advantages', `advantages must be ${array}, got 1`],
  ['a gradLoss that is an array', () => rl.ppoBackward([1], ...B), 'gradLoss', 'gradLoss must be a number, got [1]'],
  ['a gradLoss that is null', () => rl.ppoBackward(null, ...B), 'gradLoss', 'gradLoss must be a number, got null'],
  ['a clip that is a string', () => rl.ppo(...B, { clip: '0.2' }), 'clip', 'clip must be a number, got "0.2"'],
  ['an lr that is a string', () => rl.ppoTrain(...B, { lr: 'fast' }), 'lr', 'lr must be a number, got "fast"'],
  ['epochs that are not an integer', () => rl.ppoTrain(...B, { epochs: 2.5 }), 'epochs', 'epochs must be an integer, got 2.5'],
  ['an option ppo does not take', () => rl.ppo(...B, { lr: 0.1 }), 'lr', 'ppo has no option lr (got 0.1); its options are clip'],
  ['an option ppoBackward does not take', () => rl.ppoBackward(1, ...B, { epsilon: 0.1 }), 'epsilon',
    'ppoBackward has no option epsilon (got 0.1); its options are clip'],
  ['an option ppoTrain does not take', () => rl.ppoTrain(...B, { momentum: 0.9 }), 'momentum',
    'ppoTrain has no option momentum (got 0.9); its options are clip, lr, epochs'],
  ['options that are not an object', () => rl.ppo(...B, 0.2), 'options', 'options of ppo must be an object, got 0.2'],
  // Values, checked by the core: gradLoss, the shape, the lengths, the options, then the values.
  ['a gradLoss of NaN', () => rl.ppoBackward(NaN, ...B), 'gradLoss', 'gradLoss must be a finite number, got nan'],
  ['a gradLoss beyond float32', () => rl.ppoBackward(1e39, ...B), 'gradLoss',
    'gradLoss 1e+39 is beyond float32\'s largest finite value'],
  ['a shape of rank 1', () => rl.ppo(...with_(1, [6])), 'logitsShape', 'logitsShape must be [N, A], got (6)'],
  ['no samples', () => rl.ppo([], [0, 3], [], [], []), 'logitsShape', `${range} (0, 3)`],
  ['257 samples', () => rl.ppoTrain(...with_(1, [257, 3])), 'logitsShape', `${range} (257, 3)`],
  ['one action', () => rl.ppoBackward(1, ...with_(1, [6, 1])), 'logitsShape', `${range} (6, 1)`],
  ['17 actions', () => rl.ppo(...with_(1, [1, 17])), 'logitsShape', `${range} (1, 17)`],
  ['logits shorter than the shape', () => rl.ppo(...with_(0, [1, 2, 3, 4, 5])), 'logits',
    'logits has 5 values but logitsShape (2, 3) needs 6'],
  ['an action too many', () => rl.ppo(...with_(2, [0, 1, 2])), 'actions', 'actions has 3 values but N is 2'],
  ['an old log-prob too few', () => rl.ppoBackward(1, ...with_(3, [0])), 'oldLogProbs', 'oldLogProbs has 1 values but N is 2'],
  ['no advantages', () => rl.ppoTrain(...with_(4, [])), 'advantages', 'advantages has 0 values but N is 2'],
  ['a clip of 0', () => rl.ppo(...B, { clip: 0 }), 'clip', 'clip must be more than 0 and less than 1, got 0'],
  ['a clip of 1', () => rl.ppoBackward(1, ...B, { clip: 1 }), 'clip', 'clip must be more than 0 and less than 1, got 1'],
  ['a clip of NaN', () => rl.ppoTrain(...B, { clip: NaN }), 'clip', 'clip must be more than 0 and less than 1, got nan'],
  ['a negative lr', () => rl.ppoTrain(...B, { lr: -0.1 }), 'lr', 'lr must be from 0 to 100, got -0.1'],
  ['an lr past 100', () => rl.ppoTrain(...B, { lr: 101 }), 'lr', 'lr must be from 0 to 100, got 101'],
  ['no epochs', () => rl.ppoTrain(...B, { epochs: 0 }), 'epochs', 'epochs must be from 1 to 200, got 0'],
  ['201 epochs', () => rl.ppoTrain(...B, { epochs: 201 }), 'epochs', 'epochs must be from 1 to 200, got 201'],
  ['a training of more than 32768 logit-steps', () => rl.ppoTrain(new Float32Array(256 * 16), [256, 16],
    new Int32Array(256), new Float32Array(256), new Float32Array(256), { epochs: 9 }), 'epochs',
  'epochs 9 with logitsShape (256, 16) makes N * A * epochs = 36864, more than 32768, the most a training takes'],
  ['an action past A', () => rl.ppo(...with_(2, [0, 3])), 'actions', 'actions[1] is 3 but A is 3: an action is from 0 to 2'],
  ['a negative action', () => rl.ppoTrain(...with_(2, Int32Array.of(-1, 0))), 'actions',
    'actions[0] is -1 but A is 3: an action is from 0 to 2'],
  ['a NaN logit', () => rl.ppo(...with_(0, [1, 0, -1, 0.5, NaN, 0])), 'logits', 'logits[4] must be a finite number, got nan'],
  ['a logit beyond float32', () => rl.ppoBackward(1, ...with_(0, [1, 0, -1, 0.5, 1e39, 0])), 'logits',
    'logits[4] must be a finite number, got inf'],
  ['an infinite old log-prob', () => rl.ppo(...with_(3, [-Infinity, 0])), 'oldLogProbs',
    'oldLogProbs[0] must be a finite number, got -inf'],
  ['an infinite advantage', () => rl.ppoTrain(...with_(4, [1, Infinity])), 'advantages',
    'advantages[1] must be a finite number, got inf'],
  // The first wrong argument is named.
  ['gradLoss before the shape', () => rl.ppoBackward(Infinity, [], [0, 3], [], [], []), 'gradLoss',
    'gradLoss must be a finite number, got inf'],
  ['the lengths before the clip', () => rl.ppo(...with_(3, [0]), { clip: 2 }), 'oldLogProbs',
    'oldLogProbs has 1 values but N is 2'],
  ['the options before the values', () => rl.ppoTrain(...with_(2, [5, 5]), { lr: 200 }), 'lr',
    'lr must be from 0 to 100, got 200'],
];

for (const [what, call, parameter, message] of cases) {
  test(`${what} is refused, naming ${parameter}`, () => assertRlError(call, parameter, message));
}

test('the largest calls the limits allow run', () => {
  const N = 256, A = 16;
  const logits = Float32Array.from({ length: N * A }, (_, i) => Math.sin(i));
  const actions = Int32Array.from({ length: N }, (_, i) => i % A);
  const old = new Float32Array(N).fill(-2.5);
  const advantages = Float32Array.from({ length: N }, (_, i) => Math.cos(i));
  assert.equal(rl.ppo(logits, [N, A], actions, old, advantages).objective.length, N);
  assert.equal(rl.ppoBackward(1, logits, [N, A], actions, old, advantages).gradLogits.length, N * A);
  const trained = rl.ppoTrain(logits, [N, A], actions, old, advantages, { epochs: 8, lr: 100 });
  assert.equal(trained.logits.length, 9 * N * A);
  assert.equal(trained.loss.length, 9);
  assert.equal(trained.gradRatio.length, 8 * N);
  assert.equal(rl.ppoTrain(LOGITS, SHAPE, ACTIONS, OLD, ADV, { epochs: 200 }).ratio.length, 201 * 2);
  assertStillWorks();
});

test('defaults are taken when an option or gradLoss is undefined or inherited', () => {
  const plain = rl.ppo(...B);
  assert.deepEqual(rl.ppo(...B, { clip: 0.2 }), plain);
  assert.deepEqual(rl.ppo(...B, { clip: undefined }), plain);
  assert.deepEqual(rl.ppo(...B, Object.create({ clip: 0.5 })), plain);
  assert.deepEqual(rl.ppoBackward(undefined, ...B), rl.ppoBackward(1, ...B));
  assert.deepEqual(rl.ppoTrain(...B), rl.ppoTrain(...B, { clip: 0.2, lr: 0.1, epochs: 1 }));
  assert.notDeepEqual(rl.ppo(...B, { clip: 0.01 }), plain);
  assert.deepEqual(rl.ppo(...with_(2, Int32Array.from(ACTIONS))), plain, 'an Int32Array of actions');
});

test('an RlError is the CoreError every family shares, and the module is loaded once', async () => {
  assert.equal(CoreError, PoolingCoreError);
  assert.equal(await loadRl(), rl);
  const error = new RlError('clip', 'a message');
  assert.ok(error instanceof CoreError);
  assert.equal(error.name, 'RlError');
});
