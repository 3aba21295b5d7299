// <encoder-widget>'s lesson adapter and model with the real transformer core: the settings
// table and its defaults, an input fitted to other sizes, the attributes it refuses (quoted),
// links, a size changed with the numbers kept in place and the heads still dividing d_model, a
// lesson's widget block and the fields the build refuses (named), every number the widget shows
// and exercises name against PyTorch's (tests/e2e/encoder-expected.json, written by
// tests/e2e/encoder-expected.py), the specs refused, and the iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/encoder-widget/adapter.js';
import { encoderNumbers, stagesOf } from '../../web/components/encoder-widget/model.js';
import { withSize } from '../../web/components/encoder-widget/settings.js';
import { queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('encoder');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'encoder-widget', core);
const named = (name) => cases.find((testCase) => testCase.name === name);

const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

// The core README's agreement with PyTorch for the encoder layer: max(1e-6, 1e-5 |expected|).
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: the core ${actual}, PyTorch ${expected}`);
};

const GRIDS = ['output', 'attentionWeights', 'attentionOutput', 'residual1', 'norm1', 'norm2', 'hidden', 'feedForward', 'residual2'];

describe('encoder-widget settings', () => {
  it('has one row per setting, with PyTorch\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['tokens', 'tokens', 'tokens'], ['d_model', 'dModel', 'd-model'], ['nhead', 'nhead', 'nhead'],
      ['dim_feedforward', 'dimFeedforward', 'dim-feedforward'], ['input', 'input', 'input'], ['seed', 'seed', 'seed'],
      ['norm_first', 'normFirst', 'norm-first'], ['activation', 'activation', 'activation'], ['selected', 'selected', 'selected'],
      ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, ...rest } = defaults;
    assert.deepEqual(rest, named('defaults').expected.settings);
    assert.equal(colorScheme, 'auto');
  });

  it('fits an input left out to the sizes, taking the default\'s numbers over again', () => {
    const settings = adapter.settingsFromAttributes((name) => ({ tokens: '2', 'd-model': '5', nhead: '1' })[name] ?? null);
    assert.deepEqual(settings.input, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ input: '1 2 3' }, 'Attribute input="1 2 3": give 12 numbers (tokens 3 × d_model 4), not 3.');
    refusesAttributes({ tokens: '7' }, 'Attribute tokens="7": it must be a whole number from 1 to 6.');
    refusesAttributes({ 'd-model': '1' }, 'Attribute d-model="1": it must be a whole number from 2 to 8.');
    refusesAttributes({ 'd-model': '9' }, 'Attribute d-model="9": it must be a whole number from 2 to 8.');
    refusesAttributes({ nhead: '3' }, 'Attribute nhead="3": nhead must be 1, 2 or 4, not 3.');
    refusesAttributes({ 'd-model': '6', nhead: '4' }, 'Attribute nhead="4": nhead 4 must divide d_model 6: each head takes d_model / nhead features.');
    refusesAttributes({ 'dim-feedforward': '33' }, 'Attribute dim-feedforward="33": it must be a whole number from 1 to 32.');
    refusesAttributes({ seed: '1000000000' }, 'Attribute seed="1000000000": it must be a whole number from 0 to 999999999.');
    refusesAttributes({ input: '1 0 0 0 0 1 0 0 0 0 1 101' }, 'Attribute input="1 0 0 0 0 1 0 0 0 0 1 101": every number must be from -100 to 100, not 101.');
    refusesAttributes({ input: '1 0 0 0 0 1 0 0 0 0 1 NaN' }, 'Attribute input="1 0 0 0 0 1 0 0 0 0 1 NaN": every value must be a finite number.');
    refusesAttributes({ activation: 'tanh' }, 'Attribute activation="tanh": use "relu" or "gelu".');
    refusesAttributes({ 'norm-first': 'yes' }, 'Attribute norm-first="yes": use "true" or "false" (or the attribute with no value, for true).');
    refusesAttributes({ selected: '4' }, 'Attribute selected="4": there are 3 tokens, so selected must be from 1 to 3, not 4.');
  });

  it('writes a link and reads it back; a size in a link refits the input that follows it', () => {
    const settings = { ...defaults, tokens: 2, input: [1, 2, 3, 4, 5, 6, 7, 8], normFirst: true, activation: 'gelu', seed: 3, selected: 2 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'tokens=2&input=1,2,3,4,5,6,7,8&seed=3&norm_first=true&activation=gelu&selected=2');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.deepEqual(readQuery(adapter.SETTINGS, 'tokens=4', defaults).input, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0]);
    assert.throws(() => readQuery(adapter.SETTINGS, 'nhead=4&d_model=6', defaults), /nhead 4 must divide d_model 6/);
  });

  it('changes a size keeping each number in its place, the heads dividing d_model, the selection among the tokens', () => {
    const settings = { ...defaults, input: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], selected: 3, nhead: 4 };
    const narrower = withSize(settings, 'dModel', 3);
    assert.deepEqual(narrower.input, [1, 2, 3, 5, 6, 7, 9, 10, 11]);
    assert.equal(narrower.nhead, 1, 'neither 4 nor 2 divides 3');
    assert.equal(withSize(settings, 'dModel', 6).nhead, 2);
    assert.equal(withSize({ ...defaults, nhead: 2 }, 'dModel', 8).nhead, 2, 'the heads never grow');
    const fewer = withSize(settings, 'tokens', 2);
    assert.deepEqual(fewer.input, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal(fewer.selected, 2);
    assert.deepEqual(withSize(defaults, 'tokens', 4).input.slice(12), [1, 0, 0, 0]);
  });

  it('orders the stages as PyTorch\'s forward runs them, for either norm order', () => {
    assert.deepEqual(stagesOf(defaults), ['attentionOutput', 'residual1', 'norm1', 'hidden', 'feedForward', 'residual2', 'norm2']);
    assert.deepEqual(stagesOf({ normFirst: true }), ['norm1', 'attentionOutput', 'residual1', 'norm2', 'hidden', 'feedForward', 'residual2']);
  });
});

describe('encoder-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'encoder-widget', tokens: 2, norm_first: true, seed: 5 }, { core });
    assert.deepEqual(settings, { ...defaults, tokens: 2, input: [1, 0, 0, 0, 0, 1, 0, 0], normFirst: true, seed: 5 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['tokens', '2'], ['seed', '5'], ['norm-first', 'true']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ input: [1, 2, 3] }, 'widget.input', 'give 12 numbers (tokens 3 × d_model 4), not 3');
    await refuses({ tokens: 7 }, 'widget.tokens', 'must be a whole number from 1 to 6');
    await refuses({ nhead: 3 }, 'widget.nhead', 'nhead must be 1, 2 or 4, not 3');
    await refuses({ d_model: 6, nhead: 4 }, 'widget.nhead', 'nhead 4 must divide d_model 6');
    await refuses({ dim_feedforward: 0 }, 'widget.dim_feedforward', 'must be a whole number from 1 to 32');
    await refuses({ activation: 'tanh' }, 'widget.activation', 'must be "relu" or "gelu"');
    await refuses({ selected: 4 }, 'widget.selected', 'there are 3 tokens, so selected must be from 1 to 3, not 4');
    await refuses({ dModel: 4 }, 'widget.dModel', 'widget.dModel is not a known field');
  });

  it('refuses exercise specs it does not know, or that name no number', () => {
    const refused = (spec, message) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), { name: 'FieldError', field: 'core', message });
    refused('outputs 1 1', /core must be output T J, norm1 T J, residual1 T J, hidden T J/);
    refused('output 1', /core must be output T J/);
    refused('output 4 1', /core names "output 4 1", but output is tokens 3 × 4 \(rows and columns from 1\)/);
    refused('hidden 1 9', /but hidden is tokens 3 × 8/);
    refused('attention 3 1 1', /but attention is nhead 2 × tokens 3 × tokens 3/);
    refused('count ffn 512 8 2048', /core must be/);
    refused('count total 512 x 2048', /D, H and F must be whole numbers/);
    refused('count attention 512 1 2048', /the widget shows the counts of its own block \(4, 2, 8\) and of TransformerEncoderLayer\(512, 8, 2048\) only/);
  });
});

for (const testCase of cases) {
  describe(`the encoder's numbers: ${testCase.name}`, () => {
    const settings = { ...defaults, ...testCase.expected.settings };
    const { expected } = testCase;

    it('every number the widget shows is PyTorch\'s, within the core\'s tolerance', () => {
      const numbers = encoderNumbers(core, settings);
      for (const key of GRIDS) {
        assert.equal(numbers[key].length, expected[key].length, `${key}: one per cell`);
        expected[key].forEach((value, i) => close(numbers[key][i], value, `${key} ${i}`));
      }
      assert.deepEqual(numbers.count, expected.count);
      assert.deepEqual(numbers.pytorchCount, expected.pytorchCount);
    });

    it('exercises name the same numbers', () => {
      const { tokens: L, dModel: d, dimFeedforward: ff, nhead } = settings;
      for (let t = 1; t <= L; t++) {
        for (let j = 1; j <= d; j++) {
          for (const [spec, key] of [['output', 'output'], ['norm1', 'norm1'], ['residual1', 'residual1']]) {
            close(adapter.exerciseValue(core, settings, `${spec} ${t} ${j}`), expected[key][(t - 1) * d + j - 1], `${spec} ${t} ${j}`);
          }
        }
        for (let j = 1; j <= ff; j++) close(adapter.exerciseValue(core, settings, `hidden ${t} ${j}`), expected.hidden[(t - 1) * ff + j - 1], `hidden ${t} ${j}`);
        for (let h = 1; h <= nhead; h++) {
          for (let s = 1; s <= L; s++) {
            close(adapter.exerciseValue(core, settings, `attention ${h} ${t} ${s}`), expected.attentionWeights[((h - 1) * L + t - 1) * L + s - 1], `attention ${h} ${t} ${s}`);
          }
        }
      }
      assert.equal(adapter.exerciseValue(core, settings, `count total ${d} ${nhead} ${ff}`), expected.count.total);
    });
  });
}

describe('encoder-widget exercises', () => {
  it('every exercise of the lessons that names a number is answered by PyTorch and by the core alike', () => {
    const lessons = cases.filter((testCase) => testCase.url);
    assert.ok(lessons.length >= 1, 'lesson 9.2 has the widget');
    for (const lesson of lessons) {
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${lesson.name}, ${exercise.core}`);
      }
    }
    assert.equal(adapter.exerciseValue(core, defaults, 'count feed_forward 512 8 2048'), 2099712);
    assert.equal(adapter.exerciseValue(core, defaults, 'count attention 512 8 2048'), 1050624);
  });
});

describe('encoder-widget embedding', () => {
  it('sizes its iframe from the sizes, taller on a phone', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'encoder-widget-change');
    const small = frameSize({ ...defaults, tokens: 1, nhead: 1 });
    const large = frameSize({ ...defaults, tokens: 6, nhead: 4 });
    assert.ok(large.height > small.height);
    assert.ok(frameSize(defaults, { width: 390 }).height > frameSize(defaults).height);
    assert.equal(frameSize(defaults).width, 720);
  });
});
