// <rnn-widget>'s lesson adapter and model with the real sequence core: the settings table and
// its defaults, the attributes it refuses (quoted), links, a lesson's widget block and the fields
// the build refuses (named), every number the widget shows and exercises name against
// torch.nn.RNN(1, 1)'s (tests/e2e/rnn-expected.json, written by tests/e2e/rnn-expected.py), the
// specs refused, and the iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/rnn-widget/adapter.js';
import { rnnNumbers } from '../../web/components/rnn-widget/model.js';
import { queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('rnn');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'rnn-widget', core);

// settingsFromAttributes refuses these attributes with an AttributeError of this message.
const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

// The core README's agreement for recurrences: max(1e-6, 1e-5 |expected|). Through ReLU every
// operation is exact or rounds as PyTorch's does, so those cases are held to the bit.
const agreement = (settings) => (actual, expected, what) => {
  if (settings.nonlinearity === 'relu') assert.equal(actual, expected, `${what}: the core ${actual}, PyTorch ${expected}`);
  else assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: the core ${actual}, PyTorch ${expected}`);
};

const SCALARS = { grad_w_hh: 'gradWHh', grad_w_ih: 'gradWIh', grad_bias: 'gradBias', grad_h0: 'gradH0' };

describe('rnn-widget settings', () => {
  it('has one row per setting, with the lesson\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['input', 'input', 'input'], ['w_ih', 'wIh', 'w-ih'], ['w_hh', 'wHh', 'w-hh'], ['bias', 'bias', 'bias'], ['h0', 'h0', 'h0'],
      ['nonlinearity', 'nonlinearity', 'nonlinearity'], ['selected', 'selected', 'selected'], ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, selected, ...rest } = defaults;
    assert.deepEqual(rest, cases.find((testCase) => testCase.name === 'defaults').expected.settings);
    assert.equal(selected, 0);
    assert.equal(colorScheme, 'auto');
  });

  it('refuses bad attributes, quoting them', () => {
    const thirteen = Array.from({ length: 13 }, (_, i) => i).join(' ');
    refusesAttributes({ input: thirteen }, `Attribute input="${thirteen}": give 1 to 12 inputs, one per step, not 13.`);
    refusesAttributes({ input: 'NaN 1' }, 'Attribute input="NaN 1": every value must be a finite number.');
    refusesAttributes({ input: '1 1e39' }, 'Attribute input="1 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38).');
    refusesAttributes({ input: '1 x' }, 'Attribute input="1 x": "x" is not a number.');
    refusesAttributes({ 'w-hh': '101' }, 'Attribute w-hh="101": w_hh must be from -100 to 100, not 101.');
    refusesAttributes({ 'w-ih': '-100.5' }, 'Attribute w-ih="-100.5": w_ih must be from -100 to 100, not -100.5.');
    refusesAttributes({ bias: '1e3' }, 'Attribute bias="1e3": bias must be from -100 to 100, not 1000.');
    refusesAttributes({ h0: '1,5' }, 'Attribute h0="1,5": "1,5" has a decimal comma: write 1.5, with a point.');
    refusesAttributes({ nonlinearity: 'sigmoid' }, 'Attribute nonlinearity="sigmoid": use "tanh" or "relu".');
    refusesAttributes({ selected: '9' }, 'Attribute selected="9": selected must be 0 (no step) or a step from 1 to 8, not 9.');
    refusesAttributes({ input: '1 2', selected: '3' }, 'Attribute selected="3": selected must be 0 (no step) or a step from 1 to 2, not 3.');
    refusesAttributes({ selected: '13' }, 'Attribute selected="13": it must be a whole number from 0 to 12.');
    refusesAttributes({ selected: '1.5' }, 'Attribute selected="1.5": it must be a whole number from 0 to 12.');
  });

  it('takes the limits themselves: 12 steps, ±100', () => {
    const settings = adapter.settingsFromAttributes((name) => ({ input: '1 2 3 4 5 6 7 8 9 10 11 12', 'w-hh': '-100', bias: '100', selected: '12' })[name] ?? null);
    assert.equal(settings.input.length, 12);
    assert.equal(settings.wHh, -100);
    assert.equal(settings.selected, 12);
  });

  it('writes a link and reads it back', () => {
    const settings = { ...defaults, input: [1, -0.5], wHh: 1.5, nonlinearity: 'relu', selected: 2 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'input=1,-0.5&w_hh=1.5&nonlinearity=relu&selected=2');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.throws(() => readQuery(adapter.SETTINGS, 'selected=9', defaults), /selected must be 0 \(no step\) or a step from 1 to 8, not 9/);
    assert.throws(() => readQuery(adapter.SETTINGS, 'w_hh=200', defaults), /w_hh must be from -100 to 100, not 200/);
  });
});

describe('rnn-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'rnn-widget', input: [1, 0, 0], w_hh: 1.5, nonlinearity: 'relu', selected: 3 }, { core });
    assert.deepEqual(settings, { ...defaults, input: [1, 0, 0], wHh: 1.5, nonlinearity: 'relu', selected: 3 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['input', '1 0 0'], ['w-hh', '1.5'], ['nonlinearity', 'relu'], ['selected', '3']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ input: [] }, 'widget.input', 'give 1 to 12 inputs, one per step, not 0');
    await refuses({ input: [1, 'two'] }, 'widget.input', 'must be a finite number');
    await refuses({ w_hh: 101 }, 'widget.w_hh', 'w_hh must be from -100 to 100, not 101');
    await refuses({ h0: -200 }, 'widget.h0', 'h0 must be from -100 to 100, not -200');
    await refuses({ nonlinearity: 'sigmoid' }, 'widget.nonlinearity', 'must be "tanh" or "relu"');
    await refuses({ selected: 9 }, 'widget.selected', 'selected must be 0 (no step) or a step from 1 to 8, not 9');
    await refuses({ wHh: 1 }, 'widget.wHh', 'widget.wHh is not a known field');
  });

  it('refuses exercise specs it does not know, or that name no number', () => {
    const refused = (spec, message) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), { name: 'FieldError', field: 'core', message });
    const forms = /core must be hidden T or grad T \(a step T from 1\), grad_w_hh, grad_w_ih, grad_bias or grad_h0/;
    refused('state 1', forms);
    refused('hidden', forms);
    refused('hidden x', forms);
    refused('grad 1 2', forms);
    refused('grad_w_hh 1', forms);
    refused('hidden 0', /core names step 0 in "hidden 0", but the sequence has steps 1 to 8/);
    refused('grad 9', /core names step 9 in "grad 9", but the sequence has steps 1 to 8/);
  });
});

for (const testCase of cases) {
  describe(`torch.nn.RNN(1, 1)'s numbers: ${testCase.name}`, () => {
    const { expected } = testCase;
    const settings = { ...defaults, ...expected.settings };
    const agrees = agreement(settings);

    it('every number the widget shows is PyTorch\'s, within the core\'s agreement', () => {
      const shown = rnnNumbers(core, settings);
      for (const key of ['states', 'gradHidden']) {
        assert.equal(shown[key].length, settings.input.length, `${key}: one per step`);
        expected[key].forEach((value, i) => agrees(shown[key][i], value, `${key} ${i + 1}`));
      }
      for (const key of Object.values(SCALARS)) agrees(shown[key], expected[key], key);
    });

    it('exercises name the same numbers', () => {
      expected.states.forEach((value, i) => agrees(adapter.exerciseValue(core, settings, `hidden ${i + 1}`), value, `hidden ${i + 1}`));
      expected.gradHidden.forEach((value, i) => agrees(adapter.exerciseValue(core, settings, `grad ${i + 1}`), value, `grad ${i + 1}`));
      for (const [spec, key] of Object.entries(SCALARS)) agrees(adapter.exerciseValue(core, settings, spec), expected[key], spec);
    });
  });
}

describe('rnn-widget exercises', () => {
  it('every exercise of the lessons that names a number is answered by PyTorch and by the core alike', () => {
    const lessons = cases.filter((testCase) => testCase.url);
    assert.ok(lessons.length > 0, 'a lesson with the widget');
    for (const lesson of lessons) {
      assert.ok(lesson.exercises.length > 0, `${lesson.name} has exercises the build checks`);
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        agreement(settings)(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${lesson.name}, ${exercise.core}`);
      }
    }
  });
});

describe('rnn-widget embedding', () => {
  it('sizes its iframe from its width and whether a step is worked out, taller on a phone', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'rnn-widget-change');
    // At least the frame's page as measured in Chromium, with no step worked out and with one.
    const measured = [
      [720, 0, 1126], [640, 0, 1147], [500, 0, 1244], [420, 0, 1336], [358, 0, 1432], [320, 0, 1572],
      [720, 8, 1176], [640, 8, 1220], [500, 8, 1341], [420, 8, 1432], [358, 8, 1528], [320, 8, 1689],
    ];
    for (const [width, selected, height] of measured) {
      const size = frameSize({ ...defaults, selected }, { width });
      assert.ok(size.height >= height, `${width} px wide, selected ${selected}: ${size.height} px for ${height}`);
      assert.ok(size.height <= height + 140, `${width} px wide, selected ${selected}: ${size.height} px leaves no more than a margin over ${height}`);
    }
    assert.deepEqual(frameSize(defaults), { width: 720, height: 1150 });
  });
});
