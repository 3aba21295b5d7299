// What the pooling elements take from code and what they share: setState()'s argument is read
// into settings through the table (one number is a size for both sides) or refused with an
// error naming the key and the value; and only settings that read back go into a link.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { POOLING } from '../../web/components/pool-playground/adapter.js';
import { POOL_SETTINGS, SELECTED_ROW, defaultPoolSettings as defaultSettings } from '../../web/components/shared/pool-settings.js';
import {
  SettingsStateError, readQuery, readState, shareableQuery as shareable,
} from '../../web/components/shared/settings-table.js';

// What <pool-playground> reads: pictures up to 16 a side.
const STATE = [...POOLING, SELECTED_ROW];
const readPartialSettings = (given, current) => readState(STATE, given, { current, aliases: { height: 'inputHeight', width: 'inputWidth' } });
const settingsFromQuery = (query) => readQuery(POOL_SETTINGS, query, defaultSettings());
const shareableQuery = (settings) => shareable(POOL_SETTINGS, settings);

const refusal = (key, valueText) => (error) => {
  assert.ok(error instanceof SettingsStateError, `a SettingsStateError, not ${error}`);
  assert.equal(error.key, key, `the error names the key: ${error.message}`);
  assert.ok(error.message.includes(valueText), `the message shows the value ${valueText}: ${error.message}`);
  return true;
};

describe('readState', () => {
  it('reads one number as a size for both sides, and [n] as well', () => {
    const { partial } = readPartialSettings({ kernelSize: 3, stride: [1], padding: [1, 0] }, defaultSettings());
    assert.deepEqual(partial, { kernelSize: [3, 3], stride: [1, 1], padding: [1, 0] });
  });

  it('passes every key of getState() through unchanged', () => {
    const state = { ...defaultSettings(), op: 'max', divisorOverride: 3, gradOutput: [1, 2, 3, 4], selected: 2 };
    assert.deepEqual(readPartialSettings(state, defaultSettings()), { partial: state, ignored: [] });
  });

  it('leaves sizes the core will judge (0, negative) to the core', () => {
    const { partial } = readPartialSettings({ kernelSize: 0, padding: [-1, 2] }, defaultSettings());
    assert.deepEqual(partial, { kernelSize: [0, 0], padding: [-1, 2] });
  });

  it('lists the keys it does not know instead of storing them', () => {
    assert.deepEqual(readPartialSettings({ colour: 'red', op: 'max' }, defaultSettings()),
      { partial: { op: 'max' }, ignored: ['colour'] });
  });

  const malformed = [
    ['kernelSize', 'x', '"x"'],
    ['kernelSize', 2.5, '2.5'],
    ['stride', [1, 2, 3], '[1, 2, 3]'],
    ['padding', [NaN, 0], '[NaN, 0]'],
    ['dilation', [], '[]'],
    ['op', 'min', '"min"'],
    ['inputHeight', 17, '17'],
    ['inputHeight', 0, '0'],
    ['inputWidth', 1.5, '1.5'],
    ['input', [1, 'two'], '[1, "two"]'],
    ['ceilMode', 'yes', '"yes"'],
    ['countIncludePad', 1, '1'],
    ['divisorOverride', 1.5, '1.5'],
    ['gradOutput', 'twos', '"twos"'],
    ['gradOutput', [1, Infinity], '[1, Infinity]'],
    ['selected', -1, '-1'],
    ['selected', 0, '0'],
  ];
  for (const [key, value, valueText] of malformed) {
    it(`refuses ${key}: ${valueText}, naming both`, () => {
      assert.throws(() => readPartialSettings({ [key]: value }, defaultSettings()), refusal(key, valueText));
    });
  }

  it('refuses an input that does not fill the grid it will be shown in', () => {
    assert.throws(() => readPartialSettings({ input: [1, 2, 3] }, defaultSettings()), refusal('input', '[1, 2, 3]'));
    const { partial } = readPartialSettings({ inputHeight: 1, inputWidth: 3, input: [1, 2, 3] }, defaultSettings());
    assert.deepEqual(partial.input, [1, 2, 3], 'the new height and width are the grid it fills');
    const older = readPartialSettings({ height: 1, width: 3, input: [1, 2, 3] }, defaultSettings()).partial;
    assert.deepEqual(older, partial, 'height and width, the older names, still read');
  });

  for (const notAnObject of [null, 3, 'kernelSize=3', [1, 2]]) {
    it(`refuses ${JSON.stringify(notAnObject)} as a whole`, () => {
      assert.throws(() => readPartialSettings(notAnObject, defaultSettings()), SettingsStateError);
    });
  }
});

describe('shareableQuery', () => {
  it('gives the query of settings that read back to the same settings', () => {
    const settings = { ...defaultSettings(), kernelSize: [2, 3], divisorOverride: 5 };
    const query = shareableQuery(settings);
    assert.notEqual(query, null);
    assert.deepEqual(settingsFromQuery(query), settings);
  });

  const halfTyped = [
    ['a cleared kernel height', { kernelSize: [NaN, 2] }],
    ['a cleared stride width', { stride: [2, NaN] }],
    ['a fraction for divisor_override', { divisorOverride: 2.5 }],
  ];
  for (const [what, change] of halfTyped) {
    it(`gives null for ${what}, so the link keeps the last settings that read back`, () => {
      assert.equal(shareableQuery({ ...defaultSettings(), ...change }), null);
    });
  }
});
