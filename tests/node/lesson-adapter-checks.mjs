// What the lesson-adapter tests of the settings widgets share: PyTorch's numbers for a widget,
// and a check that the build refuses a lesson's widget block, naming the field at fault and
// saying why.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { FieldError } from '../../web/components/shared/settings-table.js';

/** The numbers tests/e2e/<stem>-expected.py wrote with PyTorch (tests/e2e/<stem>-expected.json). */
export function expectedNumbers(stem) {
  return JSON.parse(readFileSync(new URL(`../e2e/${stem}-expected.json`, import.meta.url), 'utf8'));
}

/**
 * `refuses(raw, field, words)` for an element's adapter: reading the lesson block `raw` with
 * `core` fails with a FieldError for `field` whose message includes `words`.
 */
export function refusalCheck(adapter, element, core) {
  return async (raw, field, words) => {
    await assert.rejects(adapter.readLessonWidget({ element, ...raw }, { core }), (error) => {
      assert.ok(error instanceof FieldError, `a FieldError, got ${error}`);
      assert.equal(error.field, field);
      assert.ok(error.message.includes(words), `"${error.message}" says ${words}`);
      return true;
    });
  };
}
