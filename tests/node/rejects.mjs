// The one check every family's bad-argument tests make: the call throws the family's error
// class (a CoreError, and so an Error), named after its class, with exactly the parameter and
// message expected; then the module still answers correctly, since a refused call must leave
// the WASM module as it found it.
import assert from 'node:assert/strict';

import { CoreError } from 'pooling-course/core';

/**
 * An assertion `(call, parameter, message) => void` for a family whose errors are `ErrorClass`;
 * `stillWorks()` runs after each refusal and asserts that the module answers correctly.
 */
export function rejectsWith(ErrorClass, stillWorks) {
  return (call, parameter, message) => {
    assert.throws(call, (error) => {
      assert.ok(error instanceof ErrorClass, `a ${ErrorClass.name}, got ${error}`);
      assert.ok(error instanceof CoreError, 'the one CoreError every family shares');
      assert.ok(error instanceof Error, 'an Error');
      assert.equal(error.name, ErrorClass.name);
      assert.equal(error.parameter, parameter);
      assert.equal(error.message, message);
      return true;
    });
    stillWorks();
  };
}
