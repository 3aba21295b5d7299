// `selected` counts windows as the page names them ("Window 4" is selected="4"): in attributes,
// front matter, links and state. Links say ?window=4; a link written when `selected` counted
// from 0 (?selected=3) still opens the window it showed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SETTINGS } from '../../web/components/pool-widget/adapter.js';
import { defaultPoolSettings } from '../../web/components/shared/pool-settings.js';
import {
  AttributeError, FieldError, SettingsQueryError, SettingsStateError, attributesOf, queryOf, readAttributes,
  readFrontMatter, readQuery, readState,
} from '../../web/components/shared/settings-table.js';

const fromAttributes = (attributes) => readAttributes(SETTINGS, (name) => attributes[name] ?? null);
const fromQuery = (query) => readQuery(SETTINGS, query, fromAttributes({}));

describe('selected', () => {
  it('reads selected="4" as window 4, and "1" as the first window', () => {
    assert.equal(fromAttributes({ selected: '4' }).selected, 4);
    assert.equal(fromAttributes({ selected: '1' }).selected, 1);
    assert.equal(fromAttributes({}).selected, null, 'none by default');
  });

  for (const bad of ['0', '-1', '1.5', 'first']) {
    it(`refuses selected="${bad}", saying windows count from 1`, () => {
      assert.throws(() => fromAttributes({ selected: bad }), (error) => {
        assert.ok(error instanceof AttributeError, `an AttributeError, not ${error}`);
        assert.match(error.message, new RegExp(`selected="${bad}"`), 'it quotes the attribute');
        assert.match(error.message, /window number.*windows count from 1/, error.message);
        return true;
      });
    });
  }

  it('writes the same number back into attributes and links', () => {
    const settings = { ...fromAttributes({}), selected: 4 };
    assert.deepEqual(attributesOf(SETTINGS, settings, { onlyChanged: true }), [['selected', '4']]);
    assert.equal(queryOf(SETTINGS, settings, { onlyChanged: true }), 'window=4');
  });

  it('reads ?window=4 as window 4, and a link\'s 0 is refused', () => {
    assert.equal(fromQuery('window=4').selected, 4);
    assert.throws(() => fromQuery('window=0'), (error) => error instanceof SettingsQueryError && /window must be a window number from 1/.test(error.message));
  });

  it('opens an older link (?selected=3, counted from 0) at the window it showed, window 4', () => {
    assert.equal(fromQuery('selected=3').selected, 4);
    assert.equal(fromQuery('selected=0').selected, 1);
    assert.equal(fromQuery('kernel-size=3&stride=1&selected=12').selected, 13, 'with the attribute names of the oldest links too');
    assert.throws(() => fromQuery('selected=-1'), SettingsQueryError);
  });

  it('reads front matter selected: 4 as window 4, and refuses 0', () => {
    assert.deepEqual(readFrontMatter(SETTINGS, { selected: 4 }, 'widget.'), { selected: 4 });
    assert.throws(() => readFrontMatter(SETTINGS, { selected: 0 }, 'widget.'),
      (error) => error instanceof FieldError && /widget\.selected must be a window number from 1, got 0/.test(error.message));
  });

  it('takes setState({ selected: 4 }) and null, and refuses 0', () => {
    const current = { ...defaultPoolSettings(), selected: null };
    assert.deepEqual(readState(SETTINGS, { selected: 4 }, { current }).partial, { selected: 4 });
    assert.deepEqual(readState(SETTINGS, { selected: null }, { current }).partial, { selected: null });
    assert.throws(() => readState(SETTINGS, { selected: 0 }, { current }), SettingsStateError);
  });
});
