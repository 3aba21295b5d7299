// <attention-widget>'s lesson adapter and model with the real sequence core: the settings table
// and its defaults, a list fitted to other sizes, the attributes it refuses (quoted), links, a
// size changed with the numbers kept in place, a lesson's widget block and the fields the build
// refuses (named), every number the widget shows and exercises name against PyTorch's
// (tests/e2e/attention-expected.json, written by tests/e2e/attention-expected.py), the specs
// refused, and the iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/attention-widget/adapter.js';
import { attentionNumbers } from '../../web/components/attention-widget/model.js';
import { withSize } from '../../web/components/attention-widget/settings.js';
import { queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('attention');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'attention-widget', core);
const named = (name) => cases.find((testCase) => testCase.name === name);

const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

// The core README's agreement with PyTorch for attention: max(1e-6, 1e-5 |expected|); a masked
// score (null in the JSON) is −Infinity.
const close = (actual, expected, what) => {
  if (expected === null) {
    assert.equal(actual, -Infinity, `${what}: masked`);
    return;
  }
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: the core ${actual}, PyTorch ${expected}`);
};

describe('attention-widget settings', () => {
  it('has one row per setting, with PyTorch\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['queries', 'queries', 'queries'], ['keys', 'keys', 'keys'], ['dim', 'dim', 'dim'], ['value_dim', 'valueDim', 'value-dim'],
      ['query', 'query', 'query'], ['key', 'key', 'key'], ['value', 'value', 'value'], ['causal', 'causal', 'causal'],
      ['selected', 'selected', 'selected'], ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, ...rest } = defaults;
    assert.deepEqual(rest, named('defaults').expected.settings);
    assert.equal(colorScheme, 'auto');
  });

  it('fits a list left out to the sizes, taking the default\'s numbers over again', () => {
    const settings = adapter.settingsFromAttributes((name) => ({ queries: '4', dim: '3', 'value-dim': '1' })[name] ?? null);
    assert.deepEqual(settings.query, [1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1]);
    assert.deepEqual(settings.key, [1, 0, 0, 1, 1, 1, 1, 0, 0]);
    assert.deepEqual(settings.value, [1, 0, 0]);
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ key: '1 2 3' }, 'Attribute key="1 2 3": give 6 numbers (keys 3 × dim 2), not 3.');
    refusesAttributes({ queries: '2', query: '1 2 3 4 5 6' }, 'Attribute query="1 2 3 4 5 6": give 4 numbers (queries 2 × dim 2), not 6.');
    refusesAttributes({ 'value-dim': '1', value: '1 2' }, 'Attribute value="1 2": give 3 numbers (keys 3 × value_dim 1), not 2.');
    refusesAttributes({ queries: '7' }, 'Attribute queries="7": it must be a whole number from 1 to 6.');
    refusesAttributes({ keys: '0' }, 'Attribute keys="0": it must be a whole number from 1 to 6.');
    refusesAttributes({ dim: '5' }, 'Attribute dim="5": it must be a whole number from 1 to 4.');
    refusesAttributes({ 'value-dim': '1.5' }, 'Attribute value-dim="1.5": it must be a whole number from 1 to 4.');
    refusesAttributes({ query: '1 0 0 1 1 1001' }, 'Attribute query="1 0 0 1 1 1001": every number must be from -1000 to 1000, not 1001.');
    refusesAttributes({ value: '1 0 0 1 -1e39 0' }, 'Attribute value="1 0 0 1 -1e39 0": -1e39 is beyond the largest number the core computes with (float32, about 3.4e38).');
    refusesAttributes({ key: '1 0 0 NaN 1 1' }, 'Attribute key="1 0 0 NaN 1 1": every value must be a finite number.');
    refusesAttributes({ key: '1 0 0 x 1 1' }, 'Attribute key="1 0 0 x 1 1": "x" is not a number.');
    refusesAttributes({ causal: 'yes' }, 'Attribute causal="yes": use "true" or "false" (or the attribute with no value, for true).');
    refusesAttributes({ selected: '4' }, 'Attribute selected="4": there are 3 queries, so selected must be from 1 to 3, not 4.');
    refusesAttributes({ selected: '0' }, 'Attribute selected="0": it must be a whole number from 1 to 6.');
  });

  it('writes a link and reads it back; a size in a link refits the lists that follow it', () => {
    const settings = { ...defaults, keys: 2, key: [1, 2, 3, 4], value: [0.5, -1, 2, 0], causal: true, selected: 2 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'keys=2&key=1,2,3,4&value=0.5,-1,2,0&causal=true&selected=2');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.deepEqual(readQuery(adapter.SETTINGS, 'queries=4', defaults).query, [1, 0, 0, 1, 1, 1, 1, 0]);
    assert.throws(() => readQuery(adapter.SETTINGS, 'selected=5', defaults), /selected: there are 3 queries, so selected must be from 1 to 3, not 5/);
    assert.throws(() => readQuery(adapter.SETTINGS, 'dim=9', defaults), /dim must be a whole number from 1 to 4/);
  });

  it('changes a size keeping each number in its place, new places from the default, the selection among the queries', () => {
    const settings = { ...defaults, query: [1, 2, 3, 4, 5, 6], selected: 3 };
    const wider = withSize(settings, 'dim', 3);
    assert.deepEqual(wider.query, [1, 2, 0, 3, 4, 1, 5, 6, 0], 'a new column from the default fitted to 3 × 3');
    assert.deepEqual(wider.key, [1, 0, 0, 0, 1, 1, 1, 1, 0]);
    assert.equal(wider.value, settings.value, 'V does not depend on d');
    const fewer = withSize(settings, 'queries', 2);
    assert.deepEqual(fewer.query, [1, 2, 3, 4]);
    assert.equal(fewer.selected, 2);
    assert.deepEqual(withSize(defaults, 'keys', 4).value, [1, 0, 0, 1, 0.5, 0.5, 1, 0]);
    assert.deepEqual(withSize(defaults, 'valueDim', 1).value, [1, 0, 0.5]);
  });
});

describe('attention-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'attention-widget', keys: 2, key: [1, 2, 3, 4], causal: true }, { core });
    assert.deepEqual(settings, { ...defaults, keys: 2, key: [1, 2, 3, 4], value: [1, 0, 0, 1], causal: true });
    assert.deepEqual(adapter.lessonAttributes(settings), [['keys', '2'], ['key', '1 2 3 4'], ['causal', 'true']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ key: [1, 2, 3] }, 'widget.key', 'give 6 numbers (keys 3 × dim 2), not 3');
    await refuses({ queries: 7 }, 'widget.queries', 'must be a whole number from 1 to 6');
    await refuses({ value_dim: 0 }, 'widget.value_dim', 'must be a whole number from 1 to 4');
    await refuses({ query: [1, 'two', 0, 1, 1, 1] }, 'widget.query', 'must be a finite number');
    await refuses({ value: [1, 0, 0, 1, 0.5, -2000] }, 'widget.value', 'every number must be from -1000 to 1000, not -2000');
    await refuses({ causal: 'yes' }, 'widget.causal', 'must be true or false');
    await refuses({ selected: 4 }, 'widget.selected', 'there are 3 queries, so selected must be from 1 to 3, not 4');
    await refuses({ valueDim: 2 }, 'widget.valueDim', 'widget.valueDim is not a known field');
  });

  it('refuses exercise specs it does not know, or that name no number', () => {
    const refused = (spec, message) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), { name: 'FieldError', field: 'core', message });
    refused('weights 1 1', /core must be score I J, weight I J \(query I, key J\) or output I K/);
    refused('weight 1', /core must be score I J/);
    refused('weight 1,1', /core must be score I J/);
    refused('score 4 1', /core names "score 4 1", but score is queries 3 × keys 3 \(rows and columns from 1\)/);
    refused('weight 1 0', /but weight is queries 3 × keys 3/);
    refused('output 1 3', /but output is queries 3 × value_dim 2/);
  });
});

for (const testCase of cases) {
  describe(`attention's numbers: ${testCase.name}`, () => {
    const settings = { ...defaults, ...testCase.expected.settings };
    const expected = testCase.expected;

    it('every number the widget shows is PyTorch\'s, within the core\'s tolerance', () => {
      const numbers = attentionNumbers(core, settings);
      for (const key of ['scores', 'weights', 'output']) {
        assert.equal(numbers[key].length, expected[key].length, `${key}: one per cell`);
        expected[key].forEach((value, i) => close(numbers[key][i], value, `${key} ${i}`));
      }
    });

    it('exercises name the same numbers', () => {
      const { queries, keys, valueDim } = settings;
      for (let i = 1; i <= queries; i++) {
        for (let j = 1; j <= keys; j++) {
          close(adapter.exerciseValue(core, settings, `score ${i} ${j}`), expected.scores[(i - 1) * keys + j - 1], `score ${i} ${j}`);
          close(adapter.exerciseValue(core, settings, `weight ${i} ${j}`), expected.weights[(i - 1) * keys + j - 1], `weight ${i} ${j}`);
        }
        for (let k = 1; k <= valueDim; k++) close(adapter.exerciseValue(core, settings, `output ${i} ${k}`), expected.output[(i - 1) * valueDim + k - 1], `output ${i} ${k}`);
      }
    });
  });
}

describe('attention-widget exercises', () => {
  it('every exercise of the lessons that names a number is answered by PyTorch and by the core alike', () => {
    for (const lesson of cases.filter((testCase) => testCase.url)) {
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${lesson.name}, ${exercise.core}`);
      }
    }
  });
});

describe('attention-widget embedding', () => {
  it('sizes its iframe from the sizes, taller on a phone, a margin over the page as measured', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'attention-widget-change');
    // The frame's page as measured in Chromium (the widget and the frame's title line).
    const measured = [
      [720, {}, 1158], [720, { queries: 6, keys: 6, dim: 4, valueDim: 4 }, 1947], [720, { queries: 1, keys: 1, dim: 1, valueDim: 1 }, 890],
      [720, { queries: 2, keys: 6 }, 1536], [720, { queries: 6, keys: 2, valueDim: 4 }, 1821], [720, { keys: 6, dim: 4, valueDim: 4, causal: true }, 1651],
      [560, {}, 1426], [560, { queries: 6, keys: 6, dim: 4, valueDim: 4 }, 2424], [560, { queries: 6, keys: 2, valueDim: 4 }, 1888],
      [358, {}, 2114], [358, { queries: 6, keys: 6, dim: 4, valueDim: 4 }, 3530], [358, { queries: 1, keys: 1, dim: 1, valueDim: 1 }, 1429],
      [358, { queries: 2, keys: 6 }, 2516], [358, { queries: 6, keys: 2, valueDim: 4 }, 2662], [358, { keys: 6, dim: 4, valueDim: 4, causal: true }, 2907],
    ];
    for (const [width, sizes, height] of measured) {
      const size = frameSize({ ...defaults, ...sizes }, { width });
      const what = `${width} px wide, ${JSON.stringify(sizes)}`;
      assert.ok(size.height >= height, `${what}: ${size.height} px for ${height}`);
      assert.ok(size.height <= height + 350, `${what}: ${size.height} px leaves no more than a margin over ${height}`);
    }
    assert.deepEqual(frameSize(defaults), { width: 720, height: 1220 });
  });
});
