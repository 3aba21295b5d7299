// Every bad argument to the sequence API throws a SequenceError (and so a CoreError) naming the
// parameter (the JS API's camelCase) and its value, before anything is computed, and the module
// answers correctly afterwards. Also: one module however often it is loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError as PoolingCoreError } from 'pooling-course/core';
import { CoreError, loadSequence, SequenceError } from 'pooling-course/sequence';

import { rejectsWith } from './rejects.mjs';

const sequence = await loadSequence();

// An RNN of H = 2 on T = 3 steps of I = 2, and an LSTM of H = 1 on the same input.
const X = [1, 0, 0, 1, -1, 0.5];
const SHAPE = [3, 2];
const RNN = { wIh: [0.5, -0.25, 1, 0], wHh: [0.1, 0.2, -0.3, 0.4], bIh: [0.5, -0.5], bHh: [0.5, -0.5] };
const LSTM = { wIh: [1, 0, 0, 1, 0.5, 0.5, -1, 1], wHh: [1, -1, 0.5, 2] };
const G = [0, 0, 0, 0, 1, 1];
const Q = [1, 0, 0, 1, 1, 1, 0, 0];  // [2, 4]
const K = [1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1];  // [3, 4]
const V = [1, 2, 3, 4, 5, 6];  // [3, 2]

function assertStillWorks() {
  const { output, hN } = sequence.rnn(X, SHAPE, RNN, null, { nonlinearity: 'relu' });
  assert.deepEqual([...output.slice(0, 2)], [1.5, 0]);
  assert.deepEqual([...hN], [...output.slice(4)]);
  assert.equal(sequence.lstm(X, SHAPE, LSTM).cells.length, 3);
  assert.deepEqual([...sequence.attention([0], [1, 1], [0, 0], [2, 1], [2, 4], [2, 1]).output], [3]);
}

const assertSequenceError = rejectsWith(SequenceError, assertStillWorks);
const array = 'a Float32Array or an array of numbers';
const work = (kind) => `T * ${kind} * (I + H)`;

const cases = [
  // Types, caught in JS, argument by argument.
  ['an input that is not an array', () => sequence.rnn('x', SHAPE, RNN),
    'input', `input must be ${array}, got "x"`],
  ['an input entry that is not a number', () => sequence.rnn([1, '0', 0, 1, 0, 0], SHAPE, RNN),
    'input', 'input[1] must be a number, got "0"'],
  ['a shape of non-integers', () => sequence.rnn(X, [3, 1.5], RNN),
    'inputShape', 'inputShape must be an array of integers [T, I], got [3, 1.5]'],
  ['a shape that is not an array', () => sequence.lstm(X, 6, LSTM),
    'inputShape', 'inputShape must be an array of integers [T, I], got 6'],
  ['params that are null', () => sequence.rnn(X, SHAPE, null),
    'params', 'params must be { wIh, wHh, bIh, bHh }, got null'],
  ['params that are an array', () => sequence.rnn(X, SHAPE, [1, 2]),
    'params', 'params must be { wIh, wHh, bIh, bHh }, got [1, 2]'],
  ['params without wIh', () => sequence.rnn(X, SHAPE, { wHh: RNN.wHh }),
    'params', 'params.wIh is missing; params is { wIh, wHh, bIh, bHh }'],
  ['PyTorch\'s name for a weight', () => sequence.rnn(X, SHAPE, { ...RNN, weight_ih_l0: [1] }),
    'params', 'params has no weight_ih_l0 (got [1]); its keys are wIh, wHh, bIh, bHh'],
  ['a weight of strings', () => sequence.rnn(X, SHAPE, { ...RNN, wHh: [0, 'a', 0, 0] }),
    'params', 'params.wHh[1] must be a number, got "a"'],
  ['a bias that is not an array', () => sequence.rnn(X, SHAPE, { ...RNN, bIh: 'b' }),
    'params', `params.bIh must be ${array}, got "b"`],
  ['an h0 that is not an array', () => sequence.rnn(X, SHAPE, RNN, 0),
    'h0', `h0 must be ${array}, got 0`],
  ['a state that is an array', () => sequence.lstm(X, SHAPE, LSTM, [0]),
    'state', 'state must be { h0, c0 }, got [0]'],
  ['a state without c0', () => sequence.lstm(X, SHAPE, LSTM, { h0: [0] }),
    'state', 'state.c0 is missing; state is { h0, c0 }'],
  ['a state with a cell', () => sequence.lstm(X, SHAPE, LSTM, { h0: [0], c0: [0], cell: [0] }),
    'state', 'state has no cell (got [0]); its keys are h0, c0'],
  ['a state of strings', () => sequence.lstm(X, SHAPE, LSTM, { h0: ['0'], c0: [0] }),
    'state', 'state.h0[0] must be a number, got "0"'],
  ['a gradOutput that is not an array', () => sequence.rnnBackward(null, null, X, SHAPE, RNN),
    'gradOutput', `gradOutput must be ${array}, got null`],
  ['a gradHN that is a number', () => sequence.rnnBackward(G, 1, X, SHAPE, RNN),
    'gradHN', `gradHN must be ${array}, got 1`],
  ['a gradCN that is a string', () => sequence.lstmBackward([0, 0, 1], null, 'c', X, SHAPE, LSTM),
    'gradCN', `gradCN must be ${array}, got "c"`],
  ['a nonlinearity PyTorch\'s RNN lacks', () => sequence.rnn(X, SHAPE, RNN, null, { nonlinearity: 'sigmoid' }),
    'nonlinearity', 'nonlinearity must be \'tanh\' or \'relu\', got "sigmoid"'],
  ['a nonlinearity in capitals', () => sequence.rnnBackward(G, null, X, SHAPE, RNN, null, { nonlinearity: 'ReLU' }),
    'nonlinearity', 'nonlinearity must be \'tanh\' or \'relu\', got "ReLU"'],
  ['an option RNNs do not take', () => sequence.rnn(X, SHAPE, RNN, null, { bias: false }),
    'bias', 'rnn has no option bias (got false); its options are nonlinearity'],
  ['options that are not an object', () => sequence.rnn(X, SHAPE, RNN, null, 'relu'),
    'options', 'options of rnn must be an object, got "relu"'],
  // Values, checked by the core: the shape, then params, the work, the lengths.
  ['a shape of rank 3', () => sequence.rnn(X, [3, 2, 1], RNN),
    'inputShape', 'inputShape must be [T, I], got (3, 2, 1)'],
  ['no steps', () => sequence.rnn([], [0, 2], RNN),
    'inputShape', 'inputShape [T, I] must have T from 1 to 512 and I from 1 to 256, got (0, 2)'],
  ['513 steps', () => sequence.lstm(X, [513, 2], LSTM),
    'inputShape', 'inputShape [T, I] must have T from 1 to 512 and I from 1 to 256, got (513, 2)'],
  ['257 features', () => sequence.rnn(X, [3, 257], RNN),
    'inputShape', 'inputShape [T, I] must have T from 1 to 512 and I from 1 to 256, got (3, 257)'],
  ['a wHh that is not square', () => sequence.rnn(X, SHAPE, { ...RNN, wHh: [1, 2, 3, 4, 5] }),
    'params', 'params.wHh has 5 values, but wHh is [H, H] with H from 1 to 256: a square number of values up to 65536'],
  ['an empty wHh', () => sequence.rnn(X, SHAPE, { ...RNN, wHh: [] }),
    'params', 'params.wHh has 0 values, but wHh is [H, H] with H from 1 to 256: a square number of values up to 65536'],
  ['257 hidden units', () => sequence.rnn(X, SHAPE, { ...RNN, wHh: new Float32Array(257 * 257) }),
    'params', 'params.wHh has 66049 values, but wHh is [H, H] with H from 1 to 256: a square number of values up to 65536'],
  ['an LSTM\'s wHh that is not 4H x H', () => sequence.lstm(X, SHAPE, { ...LSTM, wHh: [1, 2, 3, 4, 5, 6, 7, 8] }),
    'params', 'params.wHh has 8 values, but wHh is [4H, H] with H from 1 to 256: 4 times a square number, up to 262144'],
  ['an RNN\'s wIh of the wrong length', () => sequence.rnn(X, SHAPE, { ...RNN, wIh: [1, 2, 3] }),
    'params', 'params.wIh has 3 values but wIh is [H, I] = (2, 2), 4 values'],
  ['an LSTM\'s wIh of an RNN\'s length', () => sequence.lstm(X, SHAPE, { ...LSTM, wIh: [1, 2] }),
    'params', 'params.wIh has 2 values but wIh is [4H, I] = (4, 2), 8 values'],
  ['one bias without the other', () => sequence.rnn(X, SHAPE, { ...RNN, bHh: null }),
    'params', 'params.bIh is given but params.bHh is not: give both biases or neither (bias=False)'],
  ['the other bias alone', () => sequence.lstm(X, SHAPE, { ...LSTM, bHh: [0, 0, 0, 0] }),
    'params', 'params.bHh is given but params.bIh is not: give both biases or neither (bias=False)'],
  ['a bias of the wrong length', () => sequence.rnn(X, SHAPE, { ...RNN, bIh: [1, 2, 3] }),
    'params', 'params.bIh has 3 values but bIh is [H] = 2 values'],
  ['an LSTM bias of H values', () => sequence.lstm(X, SHAPE, { ...LSTM, bIh: [0, 0, 0, 0], bHh: [0] }),
    'params', 'params.bHh has 1 values but bHh is [4H] = 4 values'],
  ['an RNN of more than 2^24 multiply-adds', () => sequence.rnn(new Float32Array(129 * 256), [129, 256],
    { wIh: new Float32Array(256 * 256), wHh: new Float32Array(256 * 256) }),
    'inputShape', `inputShape (129, 256) with H = 256 makes ${work('H')} = 16908288 multiply-adds, more than 16777216, the most a call takes`],
  ['an LSTM of more than 2^24 multiply-adds', () => sequence.lstmBackward([], null, null, [], [33, 256],
    { wIh: new Float32Array(1024 * 256), wHh: new Float32Array(1024 * 256) }),
    'inputShape', `inputShape (33, 256) with H = 256 makes ${work('4H')} = 17301504 multiply-adds, more than 16777216, the most a call takes`],
  ['an input shorter than its shape', () => sequence.rnn([1, 2, 3], SHAPE, RNN),
    'input', 'input has 3 values but inputShape (3, 2) needs 6'],
  ['an h0 of the wrong length', () => sequence.rnn(X, SHAPE, RNN, [1, 2, 3]),
    'h0', 'h0 has 3 values but H is 2'],
  ['a state\'s h0 of the wrong length', () => sequence.lstm(X, SHAPE, LSTM, { h0: [0, 0], c0: [0] }),
    'state', 'state.h0 has 2 values but H is 1'],
  ['a state\'s c0 of the wrong length', () => sequence.lstmBackward([0, 0, 1], null, null, X, SHAPE, LSTM, { h0: [0], c0: [] }),
    'state', 'state.c0 has 0 values but H is 1'],
  ['a gradOutput of the wrong length', () => sequence.rnnBackward([1, 2, 3, 4, 5], null, X, SHAPE, RNN),
    'gradOutput', 'gradOutput has 5 values but the output is (3, 2), 6 values'],
  ['a gradHN of the wrong length', () => sequence.rnnBackward(G, [1], X, SHAPE, RNN),
    'gradHN', 'gradHN has 1 values but H is 2'],
  ['an LSTM\'s gradHN of the wrong length', () => sequence.lstmBackward([0, 0, 1], [1, 2], null, X, SHAPE, LSTM),
    'gradHN', 'gradHN has 2 values but H is 1'],
  ['a gradCN of the wrong length', () => sequence.lstmBackward([0, 0, 1], null, [1, 2], X, SHAPE, LSTM),
    'gradCN', 'gradCN has 2 values but H is 1'],
  // Attention: types, then the shapes in order, the work, the lengths.
  ['a query that is not an array', () => sequence.attention({}, [2, 4], K, [3, 4], V, [3, 2]),
    'query', `query must be ${array}, got [object Object]`],
  ['a key shape of non-integers', () => sequence.attention(Q, [2, 4], K, [3, '4'], V, [3, 2]),
    'keyShape', 'keyShape must be an array of integers [Lk, d], got [3, "4"]'],
  ['a value shape that is a number', () => sequence.attentionBackward([0, 0, 0, 0], Q, [2, 4], K, [3, 4], V, 6),
    'valueShape', 'valueShape must be an array of integers [Lk, dv], got 6'],
  ['a causal flag that is a number', () => sequence.attention(Q, [2, 4], K, [3, 4], V, [3, 2], { causal: 1 }),
    'causal', 'causal must be true or false, got 1'],
  ['a mask option', () => sequence.attention(Q, [2, 4], K, [3, 4], V, [3, 2], { mask: true }),
    'mask', 'attention has no option mask (got true); its options are causal'],
  ['a query shape of rank 1', () => sequence.attention(Q, [8], K, [3, 4], V, [3, 2]),
    'queryShape', 'queryShape must be [Lq, d], got (8)'],
  ['no queries', () => sequence.attention([], [0, 4], K, [3, 4], V, [3, 2]),
    'queryShape', 'queryShape [Lq, d] must have each side from 1 to 512, got (0, 4)'],
  ['513 keys', () => sequence.attention(Q, [2, 4], K, [513, 4], V, [3, 2]),
    'keyShape', 'keyShape [Lk, d] must have each side from 1 to 512, got (513, 4)'],
  ['keys of another d', () => sequence.attention(Q, [2, 4], K, [3, 5], V, [3, 2]),
    'keyShape', 'keyShape (3, 5) has d 5 but queryShape (2, 4) has d 4'],
  ['values of a negative dv', () => sequence.attention(Q, [2, 4], K, [3, 4], V, [3, -2]),
    'valueShape', 'valueShape [Lk, dv] must have each side from 1 to 512, got (3, -2)'],
  ['values for another number of keys', () => sequence.attention(Q, [2, 4], K, [3, 4], V, [4, 2]),
    'valueShape', 'valueShape (4, 2) has Lk 4 but keyShape (3, 4) has Lk 3'],
  ['attention of more than 2^24 multiply-adds', () => sequence.attention([], [512, 64], [], [512, 64], [], [512, 1]),
    'valueShape', 'valueShape (512, 1) with queryShape (512, 64) makes Lq * Lk * (d + dv) = 17039360 multiply-adds, more than 16777216, the most a call takes'],
  ['a query shorter than its shape', () => sequence.attention(Q.slice(1), [2, 4], K, [3, 4], V, [3, 2]),
    'query', 'query has 7 values but queryShape (2, 4) needs 8'],
  ['a key longer than its shape', () => sequence.attention(Q, [2, 4], [...K, 0], [3, 4], V, [3, 2]),
    'key', 'key has 13 values but keyShape (3, 4) needs 12'],
  ['a value shorter than its shape', () => sequence.attention(Q, [2, 4], K, [3, 4], [1], [3, 2]),
    'value', 'value has 1 values but valueShape (3, 2) needs 6'],
  ['a gradOutput of the wrong length', () => sequence.attentionBackward([0, 0, 0], Q, [2, 4], K, [3, 4], V, [3, 2]),
    'gradOutput', 'gradOutput has 3 values but the output is (2, 2), 4 values'],
];

for (const [what, call, parameter, message] of cases) {
  test(`${what} is refused, naming ${parameter}`, () => assertSequenceError(call, parameter, message));
}

test('the largest calls the limits allow run', () => {
  const h = 256;
  const lstm = sequence.lstm(new Float32Array(32 * h), [32, h],
    { wIh: new Float32Array(4 * h * h), wHh: new Float32Array(4 * h * h) });
  assert.equal(lstm.output.length, 32 * h);
  const attended = sequence.attention(new Float32Array(512 * 32), [512, 32], new Float32Array(512 * 32), [512, 32],
    new Float32Array(512 * 32), [512, 32], { causal: true });
  assert.equal(attended.weights[1], 0, 'query 0 gives key 1 no weight');
  assertStillWorks();
});

test('defaults are taken when an option or a bias is undefined, null or inherited', () => {
  const plain = sequence.rnn(X, SHAPE, RNN);
  assert.deepEqual(sequence.rnn(X, SHAPE, RNN, null, { nonlinearity: undefined }), plain);
  assert.deepEqual(sequence.rnn(X, SHAPE, RNN, undefined, Object.create({ nonlinearity: 'relu' })), plain);
  const noBias = sequence.lstm(X, SHAPE, LSTM);
  assert.deepEqual(sequence.lstm(X, SHAPE, { ...LSTM, bIh: null, bHh: undefined }), noBias);
  assert.deepEqual(sequence.lstm(X, SHAPE, { ...LSTM, bIh: [0, 0, 0, 0], bHh: [0, 0, 0, 0] }).output, noBias.output);
  assert.deepEqual(sequence.attention([1], [1, 1], [1], [1, 1], [2], [1, 1], {}),
    sequence.attention([1], [1, 1], [1], [1, 1], [2], [1, 1], { causal: false }));
});

test('a SequenceError is the CoreError every family shares, and the module is loaded once', async () => {
  assert.equal(CoreError, PoolingCoreError);
  assert.equal(await loadSequence(), sequence);
  const error = new SequenceError('params', 'a message');
  assert.ok(error instanceof CoreError);
  assert.equal(error.name, 'SequenceError');
});
