// A bad argument to the pooling API is a PoolError and, through it, a CoreError (the base
// class every family's errors share): either catch names it, with its parameter and value.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CoreError, loadCore, PoolError } from 'pooling-course/core';

const core = await loadCore();
const lesson = Array.from({ length: 16 }, (_, i) => i);

function assertCaughtAsBoth(call, parameter, message) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof CoreError, `a CoreError, got ${error}`);
    assert.ok(error instanceof PoolError, `a PoolError, got ${error}`);
    assert.ok(error instanceof Error, 'an Error');
    assert.equal(error.name, 'PoolError', 'the subclass keeps its name');
    assert.equal(error.parameter, parameter);
    assert.equal(error.message, message);
    return true;
  });
}

test('a value the C++ core rejects is a CoreError and a PoolError naming the parameter and value', () => {
  assertCaughtAsBoth(() => core.avgPool2d(lesson, [1, 4, 4], { kernelSize: 2, padding: 3 }),
    'padding', 'padding 3 is more than half of kernelSize 2');
});

test('a value of the wrong type, caught in JS, is a CoreError and a PoolError too', () => {
  assertCaughtAsBoth(() => core.maxPool2d([0, 'one'], [1, 1, 2], { kernelSize: 1 }),
    'input', 'input[1] must be a number, got "one"');
  assertCaughtAsBoth(() => core.avgPool2d(lesson, [1, 4, 4], { kernelSize: 2, ceilMode: 'yes' }),
    'ceilMode', 'ceilMode must be true or false, got "yes"');
});

test('a CoreError made directly carries its parameter and message', () => {
  const error = new CoreError('stride', 'stride must be positive, got 0');
  assert.ok(error instanceof Error);
  assert.ok(!(error instanceof PoolError), 'the base class is not the pooling subclass');
  assert.equal(error.name, 'CoreError');
  assert.equal(error.parameter, 'stride');
  assert.equal(error.message, 'stride must be positive, got 0');
});

test('after the errors the module still answers', () => {
  assert.deepEqual([...core.avgPool2d(lesson, [1, 4, 4], { kernelSize: 2 }).data], [2.5, 4.5, 10.5, 12.5]);
});
