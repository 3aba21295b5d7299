// Every element of the course checks an exercise's link with its core as it checks the
// lesson's widget block (the adapter's checkSettings, web/content/exercises.mjs): a playground
// the widget would refuse on the page fails the build instead, with a core line or without.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ELEMENT_TAGS, loadAdapter } from '../../web/components/registry.js';

test('every element\'s adapter has checkSettings, and it takes the element\'s default settings', async () => {
  for (const tag of ELEMENT_TAGS) {
    const adapter = await loadAdapter(tag);
    assert.equal(typeof adapter.checkSettings, 'function', `${tag}: checkSettings`);
    const defaults = adapter.settingsFromAttributes(() => null);
    const checked = await adapter.checkSettings(defaults, { core: await adapter.loadCore() });
    assert.deepEqual(checked, defaults, `${tag}: the defaults pass as they are`);
  }
});
