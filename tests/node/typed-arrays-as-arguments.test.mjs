// Typed arrays as every family's JS API takes them (core/common/js/args.js): a shape may be an
// Int32Array (as toShape returns one) or any integer typed array, and gives what the same array of
// numbers gives; a typed array whose buffer was detached (transferred away) is refused with the
// family's CoreError, never read as empty nor left to a TypeError. The Chinese-errors test reads
// its refusals too.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError, loadCore } from 'pooling-course/core';
import { loadActivations } from 'pooling-course/activations';
import { loadLayers } from 'pooling-course/layers';
import { loadLearning } from 'pooling-course/learning';
import { loadLosses } from 'pooling-course/losses';
import { loadOptim } from 'pooling-course/optim';
import { loadRl } from 'pooling-course/rl';
import { loadSequence } from 'pooling-course/sequence';
import { loadTransformer } from 'pooling-course/transformer';

const [pool, activations, layers, learning, losses, optim, rl, sequence, transformer] = await Promise.all([
  loadCore(), loadActivations(), loadLayers(), loadLearning(), loadLosses(), loadOptim(), loadRl(), loadSequence(), loadTransformer(),
]);

/** A typed array of `Type` whose buffer has been transferred away. */
function detached(Type, length = 4) {
  const values = new Type(length);
  structuredClone(values.buffer, { transfer: [values.buffer] });
  assert.equal(values.length, 0, 'detached');
  return values;
}

const lesson = Array.from({ length: 16 }, (_, i) => i);

test('a shape as an Int32Array, or another integer typed array, gives what the array gives, in every family', () => {
  const calls = [
    ['pool', (shape) => pool.avgPool2d(lesson, shape, { kernelSize: 2 }), [1, 4, 4]],
    ['pool backward', (shape) => pool.maxPool2dBackward([1, 2, 3, 4], [0, 2, 8, 10], shape, { kernelSize: 2 }), [1, 4, 4]],
    ['layers', (shape) => layers.softmax([1, 2, 3, 4, 5, 6], shape), [2, 3]],
    ['losses', (shape) => losses.crossEntropy([1, 2, 3, 4], shape, [0, 1]), [2, 2]],
    ['learning', (shape) => learning.linear([1, 2], shape, [1, 2, 3, 4], [2, 2]), [1, 2]],
    ['rl', (shape) => rl.ppo([0, 1, 1, 0], shape, [0, 1], [-1, -1], [1, -1]), [2, 2]],
    ['sequence', (shape) => sequence.attention([1, 0], shape, [1, 0, 0, 1], [2, 2], [1, 2, 3, 4], [2, 2]), [1, 2]],
    ['transformer', (shape) => transformer.encoderLayer([1, 2, 3, 4], shape, transformer.encoderInit(2, 1, 4, 7), { nhead: 1 }), [2, 2]],
  ];
  for (const [family, call, shape] of calls) {
    const expected = call(shape);
    for (const Type of [Int32Array, Uint8Array, Uint16Array]) {
      assert.deepEqual(call(Type.from(shape)), expected, `${family}: a shape as ${Type.name}`);
    }
  }
  const { shape } = pool.avgPool2d(lesson, Int32Array.of(1, 4, 4), { kernelSize: 2 });
  assert.deepEqual(shape, [1, 2, 2], 'the result\'s shape is a plain array still');
});

test('a shape beyond int32 is told the bound it passes', () => {
  assert.throws(() => pool.avgPool2d(lesson, Uint32Array.of(1, 4, 2 ** 31), { kernelSize: 2 }),
    (error) => error.name === 'PoolError' && error.parameter === 'shape' && error.message === 'shape[2] must be at most 2147483647, got 2147483648');
  assert.throws(() => transformer.positionalEncoding(2 ** 31, 4),
    (error) => error.name === 'TransformerError' && error.message === 'length must be at most 2147483647, got 2147483648');
});

test('a detached typed array is refused with the family\'s CoreError, naming the argument', () => {
  const calls = [
    ['PoolError', 'input', (values) => pool.avgPool2d(values, [1, 2, 2], { kernelSize: 2 })],
    ['PoolError', 'indices', (values) => pool.maxPool2dBackward([1], values, [1, 2, 2], { kernelSize: 2 }), Int32Array],
    ['PoolError', 'shape', (values) => pool.avgPool2d([1, 2, 3, 4], values, { kernelSize: 2 }), Int32Array],
    ['ActivationError', 'input', (values) => activations.relu(values)],
    ['ActivationError', 'gradOutput', (values) => activations.tanhBackward(values, [1])],
    ['LayerError', 'shape', (values) => layers.softmax([1, 2], values), Uint8Array],
    ['LossError', 'input', (values) => losses.mseLoss(values, [1, 2, 3, 4])],
    ['OptimError', 'params', (values) => optim.adamStep(values, [1, 2, 3, 4], null, {})],
    ['OptimError', 'state', (values) => optim.adamStep([1], [1], { step: 1, expAvg: values, expAvgSq: [1] }, {})],
    ['LearningError', 'bias', (values) => learning.linear([1], [1, 1], [1], [1, 1], values)],
    ['RlError', 'advantages', (values) => rl.ppo([0, 1], [1, 2], [0], [-1], values)],
    ['SequenceError', 'query', (values) => sequence.attention(values, [1, 2], [1, 0], [1, 2], [1, 2], [1, 2])],
    ['TransformerError', 'input', (values) => transformer.encoderLayer(values, [1, 2], transformer.encoderInit(2, 1, 4, 7), { nhead: 1 })],
  ];
  for (const [name, parameter, call, only] of calls) {
    for (const Type of only ? [only] : [Float32Array, Float64Array]) {
      const values = detached(Type);
      assert.throws(() => call(values), (error) => {
        assert.ok(error instanceof CoreError, `${name} ${Type.name}: a CoreError, got ${error}`);
        assert.equal(error.name, name);
        assert.equal(error.parameter, parameter, `${name} ${Type.name}`);
        assert.match(error.message, new RegExp(`is a detached ${Type.name}: its buffer was transferred away, so it has no values to read$`));
        return true;
      });
    }
  }
  assert.throws(() => pool.avgPool2d(detached(Float32Array), [1, 2, 2], { kernelSize: 2 }),
    { message: 'input is a detached Float32Array: its buffer was transferred away, so it has no values to read' });
  assert.deepEqual([...activations.relu(new Float32Array(0))], [], 'an empty array of a live buffer is still taken');
  assert.deepEqual([...activations.relu(new Float64Array(new ArrayBuffer(0)))], []);
});
