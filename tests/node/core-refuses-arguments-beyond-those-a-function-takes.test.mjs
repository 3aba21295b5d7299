// Every function of every family's JS API refuses a call with more arguments than it takes
// (core/common/js/api.js refusingExtraArguments), as an option a function does not take is
// refused: an argument dropped without a word would leave the caller believing it was used.
// The error is the family's, naming the function and how many arguments it takes; an undefined
// argument past them counts as left out, as an undefined option does.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ActivationError, loadActivations } from 'pooling-course/activations';
import { loadCore, PoolError } from 'pooling-course/core';
import { LayerError, loadLayers } from 'pooling-course/layers';
import { LearningError, loadLearning } from 'pooling-course/learning';
import { LossError, loadLosses } from 'pooling-course/losses';
import { OptimError, loadOptim } from 'pooling-course/optim';
import { RlError, loadRl } from 'pooling-course/rl';
import { SequenceError, loadSequence } from 'pooling-course/sequence';
import { TransformerError, loadTransformer } from 'pooling-course/transformer';

import { rejectsWith } from './rejects.mjs';

// How many arguments each function takes, as its index.d.ts declares them.
const FAMILIES = {
  pool: {
    load: loadCore,
    ErrorClass: PoolError,
    takes: {
      avgPool2d: 3, avgPool2dBackward: 3, maxPool2d: 3, maxPool2dBackward: 4, adaptiveAvgPool2d: 3,
      adaptiveAvgPool2dBackward: 3, adaptiveMaxPool2d: 3, adaptiveMaxPool2dBackward: 4, pool2dOutputShape: 2,
      kernelName: 3, memoryStats: 0,
    },
  },
  activations: {
    load: loadActivations,
    ErrorClass: ActivationError,
    takes: {
      relu: 2, reluBackward: 3, sigmoid: 2, sigmoidBackward: 3, tanh: 2, tanhBackward: 3,
      gelu: 2, geluBackward: 3, swish: 2, swishBackward: 3, elu: 2, eluBackward: 3,
    },
  },
  layers: {
    load: loadLayers,
    ErrorClass: LayerError,
    takes: {
      softmax: 3, softmaxBackward: 4, logSoftmax: 3, logSoftmaxBackward: 4, embedding: 4, embeddingBackward: 4,
      dropout: 3, dropoutBackward: 3, dropoutMask: 2, batchNorm2d: 3, batchNorm2dBackward: 4, layerNorm: 3,
      layerNormBackward: 4,
    },
  },
  losses: {
    load: loadLosses,
    ErrorClass: LossError,
    takes: { mseLoss: 3, mseLossBackward: 4, huberLoss: 3, huberLossBackward: 4, crossEntropy: 4, crossEntropyBackward: 5 },
  },
  optim: {
    load: loadOptim,
    ErrorClass: OptimError,
    takes: { sgdStep: 4, rmspropStep: 4, adamStep: 4, surface: 2, surfaceGrid: 2, descend: 5 },
  },
  learning: {
    load: loadLearning,
    ErrorClass: LearningError,
    takes: { linear: 5, linearBackward: 6, xorInit: 2, xorTrain: 4, xorForward: 3, lambStep: 4 },
  },
  sequence: {
    load: loadSequence,
    ErrorClass: SequenceError,
    takes: { rnn: 5, rnnBackward: 7, lstm: 4, lstmBackward: 7, attention: 7, attentionBackward: 8 },
  },
  transformer: {
    load: loadTransformer,
    ErrorClass: TransformerError,
    takes: { positionalEncoding: 2, encoderLayer: 4, encoderLayerBackward: 5, parameterCount: 3, encoderInit: 4 },
  },
  rl: {
    load: loadRl,
    ErrorClass: RlError,
    takes: { ppo: 6, ppoBackward: 7, ppoTrain: 6 },
  },
};

const apis = Object.fromEntries(await Promise.all(
  Object.entries(FAMILIES).map(async ([family, { load }]) => [family, await load()])));

for (const [family, { ErrorClass, takes }] of Object.entries(FAMILIES)) {
  const api = apis[family];
  const rejects = rejectsWith(ErrorClass, () => assert.ok(Object.isFrozen(api)));

  test(`${family}: every function refuses one argument more than it takes, naming itself and how many it takes`, () => {
    assert.deepEqual(Object.keys(api).sort(), Object.keys(takes).sort(), 'the table lists every function');
    for (const [name, count] of Object.entries(takes)) {
      assert.equal(api[name].length, count, `${name}.length`);
      assert.equal(api[name].name, name);
      const args = [...Array(count).fill(null), { extra: true }];
      rejects(() => api[name](...args), 'arguments', `${name} takes at most ${count} arguments, got ${count + 1}`);
    }
  });
}

test('the calls the audit found ignored are refused', () => {
  const { pool, sequence, optim, transformer, layers } = apis;
  rejectsWith(PoolError, () => {})(() => pool.avgPool2d([1, 2, 3, 4], [1, 2, 2], { kernelSize: 2 }, { ceilMode: true }),
    'arguments', 'avgPool2d takes at most 3 arguments, got 4');
  const params = { wIh: [1, 1, 1, 1], wHh: [1, 1, 1, 1], bIh: null, bHh: null };
  rejectsWith(SequenceError, () => {})(() => sequence.lstm([1], [1, 1], params, null, { nonlinearity: 'relu' }),
    'arguments', 'lstm takes at most 4 arguments, got 5');
  rejectsWith(OptimError, () => {})(() => optim.surface('bowl', [1, 2], { scale: 2 }),
    'arguments', 'surface takes at most 2 arguments, got 3');
  rejectsWith(TransformerError, () => {})(() => transformer.positionalEncoding(2, 2, { base: 100 }),
    'arguments', 'positionalEncoding takes at most 2 arguments, got 3');
  rejectsWith(LayerError, () => {})(() => layers.dropoutMask(3, {}, { seed: 5 }),
    'arguments', 'dropoutMask takes at most 2 arguments, got 3');
  rejectsWith(ActivationError, () => {})(() => apis.activations.relu([1], undefined, 0),
    'arguments', 'relu takes at most 2 arguments, got 3');
});

test('a refused call reads none of its arguments', () => {
  let reads = 0;
  const options = { get kernelSize() { reads++; return 2; } };
  rejectsWith(PoolError, () => {})(() => apis.pool.avgPool2d([1, 2, 3, 4], [1, 2, 2], options, 0),
    'arguments', 'avgPool2d takes at most 3 arguments, got 4');
  assert.equal(reads, 0, 'the options getter ran before the refusal');
});

test('undefined arguments past those a function takes count as left out', () => {
  const { pool, activations, losses, optim, transformer, sequence } = apis;
  assert.deepEqual([...pool.avgPool2d([1, 2, 3, 4], [1, 2, 2], { kernelSize: 2 }, undefined).data], [2.5]);
  assert.deepEqual([...activations.relu([-1, 2], undefined, undefined)], [0, 2]);
  assert.equal(losses.mseLoss([3, 1], [1, 1], undefined, undefined, undefined), 2);
  assert.equal(optim.surface('bowl', [0, 0], undefined).value, optim.surface('bowl', [0, 0]).value);
  assert.deepEqual(transformer.positionalEncoding(2, 2, undefined), transformer.positionalEncoding(2, 2));
  const params = { wIh: [1, 1, 1, 1], wHh: [1, 1, 1, 1] };
  assert.deepEqual(sequence.lstm([1], [1, 1], params, undefined, undefined), sequence.lstm([1], [1, 1], params));
});

test('a function that takes one argument more is not refused: the count is each function\'s own', () => {
  const { learning, rl } = apis;
  // linear's bias is its fifth argument, ppoBackward's gradLoss its first (undefined: 1).
  assert.deepEqual([...learning.linear([1, 2], [1, 2], [3, 4], [1, 2], [10])], [21]);
  const batch = [[0, 0], [1, 2], [0], [Math.log(0.5)], [1]];
  assert.deepEqual(rl.ppoBackward(undefined, ...batch), rl.ppoBackward(1, ...batch));
});
