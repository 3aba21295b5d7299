// <linear-widget>'s lesson adapter and model with the real learning core: the settings table
// and its defaults, the attributes it refuses (quoted), a lesson's widget block and the fields
// the build refuses (named), every number the widget shows and exercises name against
// PyTorch's (tests/e2e/linear-expected.json, written by tests/e2e/linear-expected.py), and the
// iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/linear-widget/adapter.js';
import { linearNumbers, termsOf } from '../../web/components/linear-widget/model.js';
import { parseSelection } from '../../web/components/linear-widget/settings.js';
import { attributesOf, queryOf, querySettingsOver, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('linear');
const pytorchDefaults = cases.find((testCase) => testCase.name === 'defaults').expected.settings;
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'linear-widget', core);

// settingsFromAttributes refuses these attributes with an AttributeError of this message.
const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

describe('linear-widget settings', () => {
  it('has one row per setting, with PyTorch\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['batch', 'batch', 'batch'], ['in_features', 'inFeatures', 'in-features'], ['out_features', 'outFeatures', 'out-features'],
      ['input', 'input', 'input'], ['weight', 'weight', 'weight'], ['bias', 'bias', 'bias'], ['grad_output', 'gradOutput', 'grad-output'],
      ['selected', 'selected', 'selected'], ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with; "ones" comes as its 1s', () => {
    const { selected, colorScheme, gradOutput, ...rest } = defaults;
    const { gradOutput: pytorchGrad, ...pytorchRest } = pytorchDefaults;
    assert.deepEqual(rest, pytorchRest);
    assert.equal(pytorchGrad, 'ones');
    assert.deepEqual(gradOutput, [1, 1, 1, 1]);
    assert.equal(selected, 'output 1,1');
    assert.equal(colorScheme, 'auto');
  });

  it('fits the default lists to other sizes, taking their numbers over again in order', () => {
    const settings = adapter.settingsFromAttributes((name) => ({ batch: '1', 'out-features': '3' })[name] ?? null);
    assert.deepEqual(settings.input, [1, 2, -1]);
    assert.deepEqual(settings.weight, [0.5, -1, 2, 1, 0.25, -0.5, 0.5, -1, 2]);
    assert.deepEqual(settings.bias, [0.5, -1, 0.5]);
    assert.deepEqual(settings.gradOutput, [1, 1, 1]);
  });

  it('reads bias="null" as no bias', () => {
    assert.equal(adapter.settingsFromAttributes((name) => (name === 'bias' ? 'null' : null)).bias, null);
    assert.equal(adapter.settingsFromAttributes((name) => (name === 'bias' ? ' none ' : null)).bias, null);
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ input: '1 2' }, 'Attribute input="1 2": give 6 numbers (batch 2 × in_features 3), not 2.');
    refusesAttributes({ weight: '1 2 3' }, 'Attribute weight="1 2 3": give 6 numbers (out_features 2 × in_features 3), not 3.');
    refusesAttributes({ bias: '1' }, 'Attribute bias="1": give 2 numbers (one per output feature) or null, not 1.');
    refusesAttributes({ 'grad-output': '1 2' }, 'Attribute grad-output="1 2": give "ones" or 4 numbers (batch 2 × out_features 2), not 2.');
    refusesAttributes({ batch: '0' }, 'Attribute batch="0": it must be a whole number from 1 to 4.');
    refusesAttributes({ 'in-features': '5' }, 'Attribute in-features="5": it must be a whole number from 1 to 4.');
    refusesAttributes({ 'out-features': '2.5' }, 'Attribute out-features="2.5": it must be a whole number from 1 to 4.');
    refusesAttributes({ input: '1 2 x 4 5 6' }, 'Attribute input="1 2 x 4 5 6": "x" is not a number.');
    refusesAttributes({ weight: '1 2 3 4 5 1e39' }, 'Attribute weight="1 2 3 4 5 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38).');
    refusesAttributes({ selected: 'output' }, 'Attribute selected="output": use output R,C, grad_input R,C, grad_weight R,C or grad_bias C (rows and columns from 1).');
    refusesAttributes({ selected: 'output 0,1' }, 'Attribute selected="output 0,1": output is 2 × 2, so "output 0,1" names no cell of it (rows and columns from 1).');
    refusesAttributes({ selected: 'grad_input 1,4' }, 'Attribute selected="grad_input 1,4": grad_input is 2 × 3, so "grad_input 1,4" names no cell of it (rows and columns from 1).');
    refusesAttributes({ bias: 'null', selected: 'grad_bias 1' }, 'Attribute selected="grad_bias 1": the layer has no bias (bias is null), so there is no grad_bias.');
  });

  it('writes a link and reads it back, no bias as bias=none', () => {
    const settings = { ...defaults, bias: null, selected: 'grad_weight 1,2', gradOutput: [1, -2, -0.5, 3] };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'bias=none&grad_output=1,-2,-0.5,3&selected=grad_weight%201,2', 'the space escaped, as a link needs it');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.deepEqual(readQuery(adapter.SETTINGS, query.replace('%20', ' '), defaults), settings, 'a raw space reads too');
    assert.deepEqual(readQuery(adapter.SETTINGS, 'bias=1,2', defaults).bias, [1, 2]);
    assert.equal(querySettingsOver(adapter.SETTINGS, 'selected=output 1,2', { bias: 'null' }).bias, null, 'a link over a page\'s bias="null" (applyQuery, the iframe route)');
    assert.deepEqual(attributesOf(adapter.SETTINGS, { ...defaults, bias: null }, { onlyChanged: true }), [['bias', 'null']], 'and the tag it writes keeps it');
    assert.throws(() => readQuery(adapter.SETTINGS, 'bias=1,x', defaults), /bias: "x" is not a number/);
  });
});

describe('linear-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'linear-widget', batch: 1, input: [3, -1, 0.5], selected: 'grad_weight 2,1' }, { core });
    assert.deepEqual(settings, { ...defaults, batch: 1, input: [3, -1, 0.5], gradOutput: 'ones', selected: 'grad_weight 2,1' });
    assert.deepEqual(adapter.lessonAttributes(settings), [['batch', '1'], ['input', '3 -1 0.5'], ['selected', 'grad_weight 2,1']]);
  });

  it('reads bias: null as nn.Linear(bias=False), and writes it as bias="null"', async () => {
    const settings = await adapter.readLessonWidget({ element: 'linear-widget', bias: null, grad_output: [1, 0, 0, 1] }, { core });
    assert.equal(settings.bias, null);
    assert.deepEqual(adapter.lessonAttributes(settings), [['bias', 'null'], ['grad-output', '1 0 0 1']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ batch: 5 }, 'widget.batch', 'widget.batch must be a whole number from 1 to 4');
    await refuses({ in_features: 0 }, 'widget.in_features', 'must be a whole number from 1 to 4');
    await refuses({ input: [1, 2] }, 'widget.input', 'give 6 numbers (batch 2 × in_features 3), not 2');
    await refuses({ out_features: 3, weight: [1, 2, 3, 4, 5, 6] }, 'widget.weight', 'give 9 numbers (out_features 3 × in_features 3), not 6');
    await refuses({ selected: 'grad_bias 3' }, 'widget.selected', 'grad_bias is 1 × 2, so "grad_bias 3" names no cell of it');
    await refuses({ weight: [1, 'two'] }, 'widget.weight', 'must be a finite number');
    await refuses({ bias: [1, 2, 3] }, 'widget.bias', 'give 2 numbers (one per output feature) or null, not 3');
    await refuses({ bias: 'none' }, 'widget.bias', 'must be a list of finite numbers or null');
    await refuses({ grad_output: [1] }, 'widget.grad_output', 'give "ones" or 4 numbers');
    await refuses({ selected: 'y 1,1' }, 'widget.selected', 'must be');
    await refuses({ bias: null, selected: 'grad_bias 1' }, 'widget.selected', 'the layer has no bias');
    await refuses({ in_features: 3, hidden: 4 }, 'widget.hidden', 'widget.hidden is not a known field');
  });

  it('names the numbers exercises may ask for, and refuses a spec it does not know', () => {
    assert.equal(adapter.exerciseValue(core, defaults, 'output 1,1'), -3);
    assert.equal(adapter.exerciseValue(core, defaults, 'grad_weight 1,2'), 0);
    assert.equal(adapter.exerciseValue(core, defaults, 'grad_bias 2'), 2);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'output 3,1'), { name: 'FieldError', field: 'core', message: /core names "output 3,1", but output is 2 × 2/ });
    assert.throws(() => adapter.exerciseValue(core, { ...defaults, bias: null }, 'grad_bias 1'), /the layer has no bias/);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'y 1,1'), /core must be output R,C, grad_input R,C, grad_weight R,C or grad_bias C/);
  });
});

const SPECS = { output: 'output', gradInput: 'grad_input', gradWeight: 'grad_weight', gradBias: 'grad_bias' };

for (const testCase of cases) {
  describe(`PyTorch's numbers: ${testCase.name}`, () => {
    const { settings: given, ...expected } = testCase.expected;
    const settings = { ...defaults, ...given, selected: 'output 1,1' };

    it('every number the widget shows is PyTorch\'s, to the bit', () => {
      const numbers = linearNumbers(core, settings);
      for (const key of Object.keys(SPECS)) {
        if (expected[key] === null) assert.equal(numbers[key], null, `${key}: none without a bias`);
        else assert.deepEqual(Array.from(numbers[key]), expected[key], key);
      }
    });

    it('exercises name the same numbers, each cell of each grid', () => {
      for (const [key, spec] of Object.entries(SPECS)) {
        if (expected[key] === null) continue;
        const columns = { output: given.outFeatures, gradInput: given.inFeatures, gradWeight: given.inFeatures, gradBias: given.outFeatures }[key];
        expected[key].forEach((value, i) => {
          const place = key === 'gradBias' ? `${i + 1}` : `${Math.floor(i / columns) + 1},${(i % columns) + 1}`;
          assert.equal(adapter.exerciseValue(core, settings, `${spec} ${place}`), value, `${spec} ${place}`);
        });
      }
    });

    it('a sum\'s terms are the numbers that enter the cell', () => {
      const { terms } = termsOf(settings, parseSelection('grad_weight 1,1'));
      assert.equal(terms.length, given.batch, 'one term per sample');
      const { terms: outputTerms } = termsOf(settings, parseSelection('output 1,1'));
      assert.equal(outputTerms.length, given.inFeatures + (given.bias === null ? 0 : 1), 'one per input feature, and the bias');
    });
  });
}

describe('linear-widget exercises', () => {
  it('every exercise of the lessons that names a cell is answered by PyTorch and by the core alike', () => {
    for (const lesson of cases.filter((testCase) => testCase.url)) {
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        const value = adapter.exerciseValue(core, settings, exercise.core);
        assert.ok(Math.abs(value - exercise.pytorch) <= 1e-6 * Math.max(1, Math.abs(exercise.pytorch)), `${lesson.name}, ${exercise.core}: the core ${value}, PyTorch ${exercise.pytorch}`);
      }
    }
  });
});

describe('linear-widget embedding', () => {
  it('sizes its iframe from the layer, taller on a phone and for a larger layer', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'linear-widget-change');
    assert.deepEqual(frameSize(defaults), { width: 720, height: 670 });
    // At least the content measured in Chromium (the widget plus the frame's title line).
    assert.ok(frameSize(defaults, { width: 358 }).height >= 1183 + 24);
    const largest = { ...defaults, batch: 4, inFeatures: 4, outFeatures: 4 };
    assert.ok(frameSize(largest).height >= 1175 + 24);
    assert.ok(frameSize(largest, { width: 358 }).height >= 2167 + 24);
    assert.ok(frameSize({ batch: 1, inFeatures: 1, outFeatures: 1 }, { width: 358 }).height >= 795 + 24);
  });
});
