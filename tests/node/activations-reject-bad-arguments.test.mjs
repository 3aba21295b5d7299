// Every bad argument to an activation throws an ActivationError (and so a CoreError) naming the
// parameter and its value, and the module answers correctly afterwards. Options are read once,
// from own properties only.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ActivationError, CoreError, loadActivations } from 'pooling-course/activations';
import { CoreError as PoolingCoreError } from 'pooling-course/core';

import { rejectsWith } from './rejects.mjs';

const activations = await loadActivations();

function assertStillWorks() {
  assert.deepEqual([...activations.relu([-1, 0, 2])], [0, 0, 2]);
  assert.deepEqual([...activations.eluBackward([1, 1], [-0, 3], { alpha: 2 })], [2, 1]);
}

const assertActivationError = rejectsWith(ActivationError, assertStillWorks);

const cases = [
  ['an unknown approximation', () => activations.gelu([1], { approximate: 'exact' }),
    'approximate', 'approximate must be \'none\' or \'tanh\', got "exact"'],
  ['a null approximation', () => activations.geluBackward([1], [1], { approximate: null }),
    'approximate', 'approximate must be \'none\' or \'tanh\', got null'],
  ['an infinite alpha', () => activations.elu([1], { alpha: Infinity }),
    'alpha', 'alpha must be a finite number, got inf'],
  ['a NaN alpha in backward', () => activations.eluBackward([1], [1], { alpha: NaN }),
    'alpha', 'alpha must be a finite number, got nan'],
  ['a negative infinite beta', () => activations.swish([1], { beta: -Infinity }),
    'beta', 'beta must be a finite number, got -inf'],
  ['a beta beyond float32', () => activations.swishBackward([1], [1], { beta: 1e39 }),
    'beta', "beta 1e+39 is beyond float32's largest finite value"],
  ['a string beta', () => activations.swish([1], { beta: '2' }),
    'beta', 'beta must be a number, got "2"'],
  ['an option of another activation', () => activations.swish([1], { alpha: 1 }),
    'alpha', 'swish has no option alpha (got 1); its options are beta'],
  ['a misspelt option', () => activations.gelu([1], { approximation: 'tanh' }),
    'approximation', 'gelu has no option approximation (got "tanh"); its options are approximate'],
  ['an option to an activation without options', () => activations.relu([1], { alpha: 1 }),
    'alpha', 'relu has no option alpha (got 1); it takes no options'],
  ['an unknown option to a backward, which names the backward', () => activations.geluBackward([1], [1], { x: 1 }),
    'x', 'geluBackward has no option x (got 1); its options are approximate'],
  ['an option to a backward without options', () => activations.reluBackward([1], [1], { alpha: 1 }),
    'alpha', 'reluBackward has no option alpha (got 1); it takes no options'],
  ['backward options that are not an object', () => activations.eluBackward([1], [1], 2),
    'options', 'options of eluBackward must be an object, got 2'],
  ['options that are not an object', () => activations.elu([1], 2),
    'options', 'options of elu must be an object, got 2'],
  ['a gradOutput of another length', () => activations.tanhBackward([1, 2, 3], [1, 2, 3, 4]),
    'gradOutput', 'gradOutput has 3 values but input has 4'],
  ['an input that is not an array', () => activations.sigmoid('0 1 2'),
    'input', 'input must be a Float32Array or an array of numbers, got "0 1 2"'],
  ['an input with a string in it', () => activations.tanh([0, 1, 'two']),
    'input', 'input[2] must be a number, got "two"'],
  ['an input with a hole in it', () => activations.relu([0, , 2]), // eslint-disable-line no-sparse-arrays
    'input', 'input[1] must be a number, got undefined'],
  ['a gradOutput that is not an array', () => activations.reluBackward(null, [1]),
    'gradOutput', 'gradOutput must be a Float32Array or an array of numbers, got null'],
];

for (const [what, call, parameter, message] of cases) {
  test(`${what} is an ActivationError naming ${parameter}`, () => {
    assertActivationError(call, parameter, message);
  });
}

test('ActivationError is the CoreError that the pooling family throws too', () => {
  assert.equal(CoreError, PoolingCoreError);
});

test('inherited options are not options', () => {
  const inherited = Object.create({ alpha: Infinity, beta: 'x', approximate: 'bad' });
  assert.deepEqual([...activations.elu([-0, 1], inherited)], [0, 1]);
  assert.deepEqual([...activations.gelu([0], inherited)], [0]);
  const own = Object.create({ alpha: Infinity });
  own.alpha = 2;
  assert.deepEqual([...activations.eluBackward([1], [0], own)], [2]);
});

test('a getter option is read once', () => {
  let reads = 0;
  const options = { get beta() { reads += 1; return reads === 1 ? 2 : Infinity; } };
  const y = activations.swish([1], options);
  assert.equal(reads, 1);
  assert.ok(Math.abs(y[0] - 1 / (1 + Math.exp(-2))) < 1e-6);
  reads = 0;
  activations.swishBackward([1], [1], options);
  assert.equal(reads, 1);
});

test('an undefined option takes its default, and undefined options are no options', () => {
  assert.deepEqual(activations.elu([-1], { alpha: undefined }), activations.elu([-1]));
  assert.deepEqual(activations.gelu([1], undefined), activations.gelu([1], { approximate: 'none' }));
});
