// What the lesson-adapter tests of the settings widgets share: a check that the build refuses
// a lesson's widget block, naming the field at fault and saying why.
import assert from 'node:assert/strict';

import { FieldError } from '../../web/components/shared/settings-table.js';

/**
 * `refuses(raw, field, words)` for an element's adapter: reading the lesson block `raw` (with
 * the core `core()` gives, loaded by the test's `before`) fails with a FieldError for `field`
 * whose message includes `words`.
 */
export function refusalCheck(adapter, element, core) {
  return async (raw, field, words) => {
    await assert.rejects(adapter.readLessonWidget({ element, ...raw }, { core: core() }), (error) => {
      assert.ok(error instanceof FieldError, `a FieldError, got ${error}`);
      assert.equal(error.field, field);
      assert.ok(error.message.includes(words), `"${error.message}" says ${words}`);
      return true;
    });
  };
}
