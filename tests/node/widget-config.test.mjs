// <pool-widget>'s attribute reader (web/components/pool-widget/attributes.js) on its own: the
// values it takes and the mistakes it names, without a browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AttributeError, readConfig } from '../../web/components/pool-widget/attributes.js';

const read = (attributes) => readConfig((name) => (name in attributes ? attributes[name] : null));

test('divisor-override takes a whole number, and names anything else', () => {
  assert.equal(read({}).divisorOverride, null);
  assert.equal(read({ 'divisor-override': '3' }).divisorOverride, 3);
  assert.equal(read({ 'divisor-override': '-2' }).divisorOverride, -2);
  for (const [text, words] of [['2.5', '"2.5" is not a whole number.'], ['half', '"half" is not a number.']]) {
    assert.throws(() => read({ 'divisor-override': text }), (error) => {
      assert.ok(error instanceof AttributeError);
      assert.match(error.message, new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      return true;
    });
  }
});
