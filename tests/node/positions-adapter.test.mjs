// <positions-widget>'s lesson adapter and model with the real transformer core: the settings
// table and its defaults, the attributes it refuses (quoted), links, a smaller table keeping
// the chosen positions among its rows, a lesson's widget block and the fields the build refuses
// (named), every number the widget shows and exercises name against PyTorch's
// (tests/e2e/positions-expected.json, written by tests/e2e/positions-expected.py), the specs
// refused, and the iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/positions-widget/adapter.js';
import { positionsNumbers } from '../../web/components/positions-widget/model.js';
import { withPositions } from '../../web/components/positions-widget/settings.js';
import { queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('positions');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'positions-widget', core);
const named = (name) => cases.find((testCase) => testCase.name === name);

const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

// The core README's agreement with PyTorch for the table, max(1e-6, 1e-5 |expected|); the
// frequencies are to the bit.
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: the core ${actual}, PyTorch ${expected}`);
};

describe('positions-widget settings', () => {
  it('has one row per setting, with the lesson\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['positions', 'positions', 'positions'], ['d_model', 'dModel', 'd-model'], ['selected', 'selected', 'selected'],
      ['compare', 'compare', 'compare'], ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, ...rest } = defaults;
    assert.deepEqual(rest, named('defaults').expected.settings);
    assert.equal(colorScheme, 'auto');
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ 'd-model': '7' }, 'Attribute d-model="7": d_model must be even, not 7: each clock is a sine and a cosine column.');
    refusesAttributes({ 'd-model': '1' }, 'Attribute d-model="1": it must be a whole number from 2 to 64.');
    refusesAttributes({ 'd-model': '66' }, 'Attribute d-model="66": it must be a whole number from 2 to 64.');
    refusesAttributes({ positions: '0' }, 'Attribute positions="0": it must be a whole number from 1 to 64.');
    refusesAttributes({ positions: '65' }, 'Attribute positions="65": it must be a whole number from 1 to 64.');
    refusesAttributes({ positions: '2.5' }, 'Attribute positions="2.5": it must be a whole number from 1 to 64.');
    refusesAttributes({ selected: '16' }, 'Attribute selected="16": selected must be a position from 0 to 15 (L = 16, counted from 0), not 16.');
    refusesAttributes({ positions: '1', selected: '1' }, 'Attribute selected="1": selected must be a position from 0 to 0 (L = 1, counted from 0), not 1.');
    refusesAttributes({ positions: '4', compare: '4' }, 'Attribute compare="4": compare must be a position from 0 to 3 (L = 4, counted from 0), not 4.');
    refusesAttributes({ compare: '-1' }, 'Attribute compare="-1": it must be a whole number from 0 to 63.');
    refusesAttributes({ selected: 'one' }, 'Attribute selected="one": it must be a whole number from 0 to 63.');
  });

  it('writes a link and reads it back; a link beyond the table is refused in words', () => {
    const settings = { ...defaults, positions: 32, dModel: 16, selected: 20, compare: 3 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'positions=32&d_model=16&selected=20&compare=3');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.throws(() => readQuery(adapter.SETTINGS, 'selected=16', defaults), /selected: selected must be a position from 0 to 15 \(L = 16, counted from 0\), not 16/);
    assert.throws(() => readQuery(adapter.SETTINGS, 'd_model=5', defaults), /d_model: d_model must be even, not 5/);
    assert.throws(() => readQuery(adapter.SETTINGS, 'positions=100', defaults), /positions must be a whole number from 1 to 64/);
  });

  it('keeps the chosen positions among the rows of a smaller table', () => {
    const settings = { ...defaults, selected: 10, compare: 3 };
    assert.deepEqual(withPositions(settings, 8), { ...settings, positions: 8, selected: 7, compare: 3 });
    assert.deepEqual(withPositions(settings, 1), { ...settings, positions: 1, selected: 0, compare: 0 });
    assert.deepEqual(withPositions(settings, 64), { ...settings, positions: 64 });
  });
});

describe('positions-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'positions-widget', positions: 16, d_model: 8, selected: 1, compare: 2 }, { core });
    assert.deepEqual(settings, { ...defaults, compare: 2 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['compare', '2']]);
    const wide = await adapter.readLessonWidget({ element: 'positions-widget', d_model: 64, positions: 64, selected: 63 }, { core });
    assert.deepEqual(adapter.lessonAttributes(wide), [['positions', '64'], ['d-model', '64'], ['selected', '63']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ d_model: 7 }, 'widget.d_model', 'd_model must be even, not 7: each clock is a sine and a cosine column');
    await refuses({ d_model: 128 }, 'widget.d_model', 'must be a whole number from 2 to 64');
    await refuses({ positions: 0 }, 'widget.positions', 'must be a whole number from 1 to 64');
    await refuses({ selected: 16 }, 'widget.selected', 'selected must be a position from 0 to 15 (L = 16, counted from 0), not 16');
    await refuses({ positions: 2, compare: 2 }, 'widget.compare', 'compare must be a position from 0 to 1 (L = 2, counted from 0), not 2');
    await refuses({ compare: 1.5 }, 'widget.compare', 'must be a whole number from 0 to 63');
    await refuses({ dModel: 8 }, 'widget.dModel', 'widget.dModel is not a known field');
  });

  it('refuses exercise specs it does not know, or that name no number', () => {
    const refused = (spec, message) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), { name: 'FieldError', field: 'core', message });
    refused('table 1 0', /core must be value P J \(the table at position P, column J\) or frequency I \(clock I's ω\), each from 0/);
    refused('value 1', /core must be value P J/);
    refused('frequency -1', /core must be value P J/);
    refused('value 16 0', /core names "value 16 0", but the table is positions 16 × d_model 8 \(rows and columns from 0\)/);
    refused('value 0 8', /but the table is positions 16 × d_model 8/);
    refused('frequency 4', /core names "frequency 4", but d_model 8 has clocks 0 to 3/);
  });
});

for (const testCase of cases) {
  describe(`the positional encoding: ${testCase.name}`, () => {
    const settings = { ...defaults, ...testCase.expected.settings };
    const { table, frequencies } = testCase.expected;

    it('every number the widget shows is PyTorch\'s: the frequencies to the bit, the table within the core\'s tolerance', () => {
      const numbers = positionsNumbers(core, settings);
      assert.deepEqual(Array.from(numbers.frequencies), frequencies);
      assert.equal(numbers.table.length, table.length);
      table.forEach((value, i) => close(numbers.table[i], value, `table ${Math.floor(i / settings.dModel)},${i % settings.dModel}`));
    });

    it('exercises name the same numbers, counted from 0', () => {
      const { positions, dModel } = settings;
      for (let p = 0; p < positions; p += Math.max(1, Math.floor(positions / 8))) {
        for (let j = 0; j < dModel; j++) close(adapter.exerciseValue(core, settings, `value ${p} ${j}`), table[p * dModel + j], `value ${p} ${j}`);
      }
      frequencies.forEach((omega, i) => assert.equal(adapter.exerciseValue(core, settings, `frequency ${i}`), omega, `frequency ${i}`));
    });
  });
}

describe('positions-widget exercises', () => {
  it('every exercise of the lessons that names a number is answered by PyTorch and by the core alike', () => {
    for (const lesson of cases.filter((testCase) => testCase.url)) {
      assert.ok(lesson.exercises.length > 0, `${lesson.name} has exercises`);
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${lesson.name}, ${exercise.core}`);
      }
    }
  });
});

describe('positions-widget embedding', () => {
  it('sizes its iframe from the sizes, taller on a phone, a margin over the page as measured', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'positions-widget-change');
    // The frame's page as measured in Chromium (the widget and the frame's title line).
    const [one, largest, tall, wide] = [{ positions: 1, dModel: 2 }, { positions: 64, dModel: 64 }, { positions: 32, dModel: 16 }, { positions: 8, dModel: 32 }];
    const measured = [
      [720, {}, 1348], [720, one, 804], [720, largest, 3775], [720, tall, 1735], [720, wide, 1983],
      [560, {}, 1446], [560, one, 901], [560, largest, 4145], [560, tall, 1969], [560, wide, 2217],
      [358, {}, 1575], [358, one, 1030], [358, largest, 4530], [358, tall, 2097], [358, wide, 2466],
    ];
    for (const [width, sizes, height] of measured) {
      const size = frameSize({ ...defaults, ...sizes }, { width });
      const what = `${width} px wide, ${JSON.stringify(sizes)}`;
      assert.ok(size.height >= height, `${what}: ${size.height} px for ${height}`);
      assert.ok(size.height <= height + 350, `${what}: ${size.height} px leaves no more than a margin over ${height}`);
    }
    assert.deepEqual(frameSize(defaults), { width: 720, height: 1380 });
  });
});
