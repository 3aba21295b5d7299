// <lstm-widget>'s lesson adapter and model with the real sequence core: the settings table and
// its defaults, the attributes it refuses (quoted), links, a lesson's widget block and the
// fields the build refuses (named), every number the widget shows and exercises name against
// torch.nn.LSTM(1, 1) and autograd (tests/e2e/lstm-expected.json, written by
// tests/e2e/lstm-expected.py), the specs refused, and the iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/lstm-widget/adapter.js';
import { hasRecurrence, lstmNumbers, lstmParams } from '../../web/components/lstm-widget/model.js';
import { queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('lstm');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'lstm-widget', core);
const GATES = ['input', 'forget', 'cell', 'output'];

// settingsFromAttributes refuses these attributes with an AttributeError of this message.
const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

// The core README's agreement for recurrences: max(1e-6, 1e-5 |expected|).
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: the core ${actual}, expected ${expected}`);
};

describe('lstm-widget settings', () => {
  it('has one row per setting, with PyTorch\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['input', 'input', 'input'], ['input_gate', 'inputGate', 'input-gate'], ['forget_gate', 'forgetGate', 'forget-gate'],
      ['cell_gate', 'cellGate', 'cell-gate'], ['output_gate', 'outputGate', 'output-gate'], ['selected', 'selected', 'selected'],
      ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, ...rest } = defaults;
    assert.deepEqual(rest, cases.find((testCase) => testCase.name === 'defaults').expected.settings);
    assert.equal(colorScheme, 'auto');
  });

  it('gives the core nn.LSTM\'s rows i, f, g, o, with bias_hh at 0', () => {
    assert.deepEqual(lstmParams(defaults), { wIh: [10, 0, 2, 0], wHh: [0, 0, 0, 0], bIh: [-5, 5, 0, 5], bHh: [0, 0, 0, 0] });
    assert.equal(hasRecurrence(defaults), false);
    assert.equal(hasRecurrence({ ...defaults, outputGate: [0, 0.5, 5] }), true);
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ input: '1 2 3 4 5 6 7 8 9 10 11 12 13' }, 'Attribute input="1 2 3 4 5 6 7 8 9 10 11 12 13": give 1 to 12 numbers, not 13.');
    refusesAttributes({ input: '1 NaN' }, 'Attribute input="1 NaN": every value must be a finite number.');
    refusesAttributes({ input: '1 1e39' }, 'Attribute input="1 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38).');
    refusesAttributes({ 'forget-gate': '0 5' }, 'Attribute forget-gate="0 5": give 3 numbers (w_x, w_h and b), not 2.');
    refusesAttributes({ 'input-gate': '10 0 -5 1' }, 'Attribute input-gate="10 0 -5 1": give 3 numbers (w_x, w_h and b), not 4.');
    refusesAttributes({ 'forget-gate': '0 0 101' }, 'Attribute forget-gate="0 0 101": each number must be from -100 to 100, not 101.');
    refusesAttributes({ 'output-gate': '-100.5 0 0' }, 'Attribute output-gate="-100.5 0 0": each number must be from -100 to 100, not -100.5.');
    refusesAttributes({ 'cell-gate': '1 x 0' }, 'Attribute cell-gate="1 x 0": "x" is not a number.');
    refusesAttributes({ selected: '7' }, 'Attribute selected="7": selected names step 7, but the input has 6 steps (0 selects none).');
    refusesAttributes({ input: '1 0', selected: '3' }, 'Attribute selected="3": selected names step 3, but the input has 2 steps (0 selects none).');
    refusesAttributes({ selected: '13' }, 'Attribute selected="13": it must be a whole number from 0 to 12.');
    refusesAttributes({ selected: '-1' }, 'Attribute selected="-1": it must be a whole number from 0 to 12.');
    refusesAttributes({ selected: '1.5' }, 'Attribute selected="1.5": it must be a whole number from 0 to 12.');
  });

  it('holds a typed selection to the steps there are, as the attribute', () => {
    const selected = adapter.SETTINGS.find((row) => row.key === 'selected');
    const reason = (settings) => {
      let said = null;
      selected.check(settings, (text) => { said ??= text; });
      return said;
    };
    assert.equal(reason({ ...defaults, selected: 6 }), null);
    assert.equal(reason({ ...defaults, selected: 0 }), null);
    assert.equal(reason({ ...defaults, selected: 7 }), 'selected names step 7, but the input has 6 steps (0 selects none).');
    assert.equal(reason({ ...defaults, selected: 2.5 }), 'it must be a whole number from 0 to 12.');
  });

  it('writes a link and reads it back', () => {
    const settings = { ...defaults, input: [1, -0.5, 0], forgetGate: [0, 0, 0], outputGate: [0, 2, 1], selected: 2 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'input=1,-0.5,0&forget_gate=0,0,0&output_gate=0,2,1&selected=2');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.throws(() => readQuery(adapter.SETTINGS, 'selected=7', defaults), /selected: selected names step 7, but the input has 6 steps/);
    assert.throws(() => readQuery(adapter.SETTINGS, 'forget_gate=0,0', defaults), /forget_gate: give 3 numbers \(w_x, w_h and b\), not 2/);
  });
});

describe('lstm-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'lstm-widget', input: [1, 0, 0], forget_gate: [0, 0, 0], selected: 2 }, { core });
    assert.deepEqual(settings, { ...defaults, input: [1, 0, 0], forgetGate: [0, 0, 0], selected: 2 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['input', '1 0 0'], ['forget-gate', '0 0 0'], ['selected', '2']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ input: [] }, 'widget.input', 'give 1 to 12 numbers, not 0');
    await refuses({ input: [1, 'two'] }, 'widget.input', 'must be a finite number');
    await refuses({ forget_gate: [0, 5] }, 'widget.forget_gate', 'give 3 numbers (w_x, w_h and b), not 2');
    await refuses({ cell_gate: [0, 0, 1000] }, 'widget.cell_gate', 'each number must be from -100 to 100, not 1000');
    await refuses({ selected: 7 }, 'widget.selected', 'selected names step 7, but the input has 6 steps');
    await refuses({ selected: 13 }, 'widget.selected', 'must be a whole number from 0 to 12');
    await refuses({ forgetGate: [0, 0, 5] }, 'widget.forgetGate', 'widget.forgetGate is not a known field');
  });

  it('refuses exercise specs it does not know, or that name no step of the input', () => {
    const refused = (spec, message) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), { name: 'FieldError', field: 'core', message });
    refused('cells 1', /core must be gate NAME T \(NAME input, forget, cell, output\), cell T, hidden T, grad_cell T or grad_hidden T/);
    refused('gate 1', /core must be gate NAME T/);
    refused('gate memory 1', /core must be gate NAME T/);
    refused('cell 1 2', /core must be gate NAME T/);
    refused('hidden x', /core must be gate NAME T/);
    refused('cell 0', /core names step 0 in "cell 0", but the input has steps 1 to 6/);
    refused('gate forget 7', /core names step 7 in "gate forget 7", but the input has steps 1 to 6/);
  });
});

const valuesOf = (array) => Array.from(array);

for (const testCase of cases) {
  describe(`nn.LSTM's numbers: ${testCase.name}`, () => {
    const { settings: given, ...expected } = testCase.expected;
    const settings = { ...defaults, ...given };
    const rows = [
      ...GATES.map((gate) => [`gate ${gate}`, (numbers) => numbers.gates[gate], expected.gates[gate]]),
      ['cell', (numbers) => numbers.cells, expected.cells],
      ['hidden', (numbers) => numbers.hidden, expected.hidden],
      ['grad_cell', (numbers) => numbers.gradCells, expected.gradCells],
      ['grad_hidden', (numbers) => numbers.gradHidden, expected.gradHidden],
    ];

    it('every number the widget shows is PyTorch\'s, within the core\'s tolerance', () => {
      const numbers = lstmNumbers(core, settings);
      for (const [what, read, values] of rows) {
        const shown = valuesOf(read(numbers));
        assert.equal(shown.length, settings.input.length, `${what}: one number per step`);
        values.forEach((value, i) => close(shown[i], value, `${what} at step ${i + 1}`));
      }
    });

    it('exercises name the same numbers, at every step', () => {
      for (const [what, , values] of rows) {
        values.forEach((value, i) => close(adapter.exerciseValue(core, settings, `${what} ${i + 1}`), value, `${what} ${i + 1}`));
      }
    });
  });
}

describe('lstm-widget exercises', () => {
  it('every exercise of the lessons that names a number is answered by PyTorch and by the core alike', () => {
    const lessons = cases.filter((testCase) => testCase.url);
    assert.ok(lessons.length > 0, 'a lesson shows the widget');
    for (const lesson of lessons) {
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${lesson.name}, ${exercise.core}`);
      }
    }
  });
});

describe('lstm-widget embedding', () => {
  it('sizes its iframe, taller on a phone and with a step written out', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'lstm-widget-change');
    // At least the frame's page as measured in Chromium (the widget and the frame's title line).
    const measured = [
      [720, 0, 1219], [720, 3, 1421], [640, 0, 1219], [640, 3, 1444], [600, 0, 1240], [600, 3, 1488], [500, 0, 1334],
      [500, 3, 1628], [420, 0, 1334], [420, 3, 1675], [358, 0, 1417], [358, 3, 1781], [320, 0, 1508], [320, 3, 1895],
    ];
    for (const [width, selected, height] of measured) {
      const size = frameSize({ ...defaults, selected }, { width });
      assert.ok(size.height >= height, `${width} px wide, selected ${selected}: ${size.height} px for ${height}`);
      assert.ok(size.height <= height + 160, `${width} px wide, selected ${selected}: ${size.height} px leaves no more than a margin over ${height}`);
    }
    assert.deepEqual(frameSize(defaults), { width: 720, height: 1240 });
  });
});
