// <lamb-widget>'s lesson adapter and model with the real learning core: the settings table and
// its defaults, the attributes it refuses (quoted), links, a lesson's widget block and the
// fields the build refuses (named), every number the widget shows and exercises name against
// LAMB's as tests/golden/learning/generate.py defines it (tests/e2e/lamb-expected.json, written
// by tests/e2e/lamb-expected.py), the specs refused, and the iframe's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/lamb-widget/adapter.js';
import { lambNumbers } from '../../web/components/lamb-widget/model.js';
import { checkRow, queryOf, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('lamb');
const defaults = adapter.settingsFromAttributes(() => null);
const core = await adapter.loadCore();
const refuses = refusalCheck(adapter, 'lamb-widget', core);

// settingsFromAttributes refuses these attributes with an AttributeError of this message.
const refusesAttributes = (attributes, message) => {
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), { name: 'AttributeError', message });
};

// The core README's agreement for LAMB: moments and update to the bit; the trust ratio and the
// parameter within max(1e-6, 1e-5 |expected|) (the norm may differ from PyTorch's by an ulp).
// Over several steps that holds for the moments, which the gradient alone makes; with weight
// decay the update takes in the parameter, so it is held to the parameter's tolerance.
const exactKeys = (settings) => (settings.weightDecay === 0 ? ['expAvg', 'expAvgSq', 'update'] : ['expAvg', 'expAvgSq']);
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: the core ${actual}, expected ${expected}`);
};

describe('lamb-widget settings', () => {
  it('has one row per setting, with PyTorch\'s names and kebab-case attributes', () => {
    assert.deepEqual(adapter.SETTINGS.map((row) => [row.name, row.key, row.attribute]), [
      ['param1', 'param1', 'param1'], ['grad1', 'grad1', 'grad1'], ['param2', 'param2', 'param2'], ['grad2', 'grad2', 'grad2'],
      ['lr', 'lr', 'lr'], ['betas', 'betas', 'betas'], ['eps', 'eps', 'eps'], ['weight_decay', 'weightDecay', 'weight-decay'],
      ['steps', 'steps', 'steps'], ['color_scheme', 'colorScheme', 'color-scheme'],
    ]);
  });

  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, ...rest } = defaults;
    assert.deepEqual(rest, cases.find((testCase) => testCase.name === 'defaults').expected.settings);
    assert.equal(colorScheme, 'auto');
  });

  it('fits a gradient left out to its parameter, taking the default\'s numbers over again', () => {
    const settings = adapter.settingsFromAttributes((name) => ({ param1: '1 2 3', param2: '5' })[name] ?? null);
    assert.deepEqual(settings.grad1, [0.5, -0.5, 0.5]);
    assert.deepEqual(settings.grad2, [0.5]);
  });

  it('refuses bad attributes, quoting them', () => {
    refusesAttributes({ grad1: '1 2 3' }, 'Attribute grad1="1 2 3": give one gradient per parameter value: 2, not 3.');
    refusesAttributes({ param2: '1 2 3', grad2: '1 2' }, 'Attribute grad2="1 2": give one gradient per parameter value: 3, not 2.');
    refusesAttributes({ param1: '1 2 3 4 5 6 7 8 9' }, 'Attribute param1="1 2 3 4 5 6 7 8 9": give 1 to 8 numbers, not 9.');
    refusesAttributes({ param1: 'NaN 1' }, 'Attribute param1="NaN 1": every value must be a finite number.');
    refusesAttributes({ grad2: '1 1e39' }, 'Attribute grad2="1 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38).');
    refusesAttributes({ param1: '1 x' }, 'Attribute param1="1 x": "x" is not a number.');
    refusesAttributes({ lr: '11' }, 'Attribute lr="11": lr must be from 0 to 10, not 11.');
    refusesAttributes({ lr: '-0.1' }, 'Attribute lr="-0.1": lr must be from 0 to 10, not -0.1.');
    refusesAttributes({ betas: '0.9' }, 'Attribute betas="0.9": give two numbers, beta1 and beta2, not 1.');
    refusesAttributes({ betas: '0.9 1' }, 'Attribute betas="0.9 1": beta2 must be from 0 to below 1, not 1.');
    refusesAttributes({ eps: '2' }, 'Attribute eps="2": eps must be from 0 to 1, not 2.');
    refusesAttributes({ 'weight-decay': '10.5' }, 'Attribute weight-decay="10.5": weight_decay must be from 0 to 10, not 10.5.');
    refusesAttributes({ steps: '0' }, 'Attribute steps="0": it must be a whole number from 1 to 100.');
    refusesAttributes({ steps: '101' }, 'Attribute steps="101": it must be a whole number from 1 to 100.');
  });

  it('holds a typed number of steps to 1 to 100, as the attribute', () => {
    const steps = adapter.SETTINGS.find((row) => row.key === 'steps');
    for (const value of [0, 101, 2.5]) {
      assert.throws(() => checkRow(steps, { steps: value }, (reason) => { throw new Error(reason); }), { message: 'it must be a whole number from 1 to 100.' }, String(value));
    }
    checkRow(steps, { steps: 100 }, () => assert.fail('100 steps are allowed'));
  });

  it('writes a link and reads it back', () => {
    const settings = { ...defaults, param2: [0, 0.5, -1], grad2: [1, 2, 3], weightDecay: 0.1, steps: 20 };
    const query = queryOf(adapter.SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'param2=0,0.5,-1&grad2=1,2,3&weight_decay=0.1&steps=20');
    assert.deepEqual(readQuery(adapter.SETTINGS, query, defaults), settings);
    assert.throws(() => readQuery(adapter.SETTINGS, 'steps=0', defaults), /steps must be a whole number from 1 to 100/);
  });
});

describe('lamb-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'lamb-widget', param1: [1, 2, 3], weight_decay: 0.01, steps: 10 }, { core });
    assert.deepEqual(settings, { ...defaults, param1: [1, 2, 3], grad1: [0.5, -0.5, 0.5], weightDecay: 0.01, steps: 10 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['param1', '1 2 3'], ['weight-decay', '0.01'], ['steps', '10']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ grad1: [1, 2, 3] }, 'widget.grad1', 'give one gradient per parameter value: 2, not 3');
    await refuses({ param2: [] }, 'widget.param2', 'give 1 to 8 numbers, not 0');
    await refuses({ param1: [1, 'two'] }, 'widget.param1', 'must be a finite number');
    await refuses({ lr: 20 }, 'widget.lr', 'lr must be from 0 to 10, not 20');
    await refuses({ betas: [0.9, 1] }, 'widget.betas', 'beta2 must be from 0 to below 1, not 1');
    await refuses({ weight_decay: -1 }, 'widget.weight_decay', 'weight_decay must be from 0 to 10, not -1');
    await refuses({ steps: 0 }, 'widget.steps', 'must be a whole number from 1 to 100');
    await refuses({ steps: 101 }, 'widget.steps', 'must be a whole number from 1 to 100');
    await refuses({ weightDecay: 0.1 }, 'widget.weightDecay', 'widget.weightDecay is not a known field');
  });

  it('refuses exercise specs it does not know, or that name no number', () => {
    const refused = (spec, message) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), { name: 'FieldError', field: 'core', message });
    refused('ratio 1 1', /core must be trust_ratio L N, or param, update, exp_avg or exp_avg_sq L I N/);
    refused('param 1 1', /core must be trust_ratio L N/);
    refused('trust_ratio 1 1 1', /core must be trust_ratio L N/);
    refused('trust_ratio 1 x', /core must be trust_ratio L N/);
    refused('trust_ratio 3 1', /core names layer 3 in "trust_ratio 3 1", but the layers are 1 and 2/);
    refused('trust_ratio 1 0', /core names step 0 in "trust_ratio 1 0", but the steps are 1 to 100/);
    refused('exp_avg 2 1 101', /but the steps are 1 to 100/);
    refused('update 1 3 1', /core names value 3 of layer 1 in "update 1 3 1", but layer 1 has 2 values \(from 1\)/);
    refused('param 2 0 1', /core names value 0 of layer 2/);
  });
});

const valuesOf = (array) => Array.from(array);

for (const testCase of cases) {
  describe(`LAMB's numbers: ${testCase.name}`, () => {
    const { settings: given, layers: expected } = testCase.expected;
    const settings = { ...defaults, ...given };

    it('every number the widget shows is LAMB\'s: moments and update to the bit, ratio and parameter within the core\'s tolerance', () => {
      const layers = lambNumbers(core, settings);
      expected.forEach((layer, i) => {
        const shown = layers[i];
        const what = `layer ${i + 1}`;
        for (const key of exactKeys(settings)) assert.deepEqual(valuesOf(shown[key]), layer[key], `${what} ${key}`);
        layer.update.forEach((value, j) => close(shown.update[j], value, `${what} update ${j + 1}`));
        close(shown.trustRatio, layer.trustRatio, `${what} trust ratio`);
        layer.param.forEach((value, j) => close(shown.param[j], value, `${what} param ${j + 1}`));
        layer.before.forEach((value, j) => close(shown.before[j], value, `${what} before ${j + 1}`));
        assert.equal(shown.history.length, settings.steps, `${what}: a row per step`);
        layer.history.forEach((step, k) => {
          close(shown.history[k].trustRatio, step.trustRatio, `${what} step ${k + 1}'s ratio`);
          step.param.forEach((value, j) => close(shown.history[k].param[j], value, `${what} step ${k + 1}'s param ${j + 1}`));
        });
      });
    });

    it('exercises name the same numbers, after the last step and an earlier one', () => {
      const steps = [settings.steps, Math.ceil(settings.steps / 2)];
      expected.forEach((layer, i) => {
        const l = i + 1;
        close(adapter.exerciseValue(core, settings, `trust_ratio ${l} ${steps[0]}`), layer.trustRatio, `trust_ratio ${l} ${steps[0]}`);
        close(adapter.exerciseValue(core, settings, `trust_ratio ${l} ${steps[1]}`), layer.history[steps[1] - 1].trustRatio, `trust_ratio ${l} ${steps[1]}`);
        layer.param.forEach((value, j) => {
          close(adapter.exerciseValue(core, settings, `param ${l} ${j + 1} ${steps[0]}`), value, `param ${l} ${j + 1} ${steps[0]}`);
          close(adapter.exerciseValue(core, settings, `param ${l} ${j + 1} ${steps[1]}`), layer.history[steps[1] - 1].param[j], `param ${l} ${j + 1} ${steps[1]}`);
          for (const [spec, key] of [['update', 'update'], ['exp_avg', 'expAvg'], ['exp_avg_sq', 'expAvgSq']]) {
            const value = adapter.exerciseValue(core, settings, `${spec} ${l} ${j + 1} ${steps[0]}`);
            if (exactKeys(settings).includes(key)) assert.equal(value, layer[key][j], `${spec} ${l} ${j + 1} ${steps[0]}`);
            else close(value, layer[key][j], `${spec} ${l} ${j + 1} ${steps[0]}`);
          }
        });
      });
    });
  });
}

describe('lamb-widget exercises', () => {
  it('every exercise of the lessons that names a number is answered by the golden LAMB and by the core alike', () => {
    for (const lesson of cases.filter((testCase) => testCase.url)) {
      for (const exercise of lesson.exercises) {
        const settings = { ...defaults, ...lesson.expected.settings, ...exercise.settings };
        close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${lesson.name}, ${exercise.core}`);
      }
    }
  });
});

describe('lamb-widget embedding', () => {
  it('sizes its iframe from the layers and the steps, taller on a phone', () => {
    const { frameSize } = adapter.EMBED;
    assert.equal(adapter.EMBED.changeEvent, 'lamb-widget-change');
    // At least the frame's page as measured in Chromium (the widget and the frame's title line),
    // at 1 step and at 100 (the step-by-step box full), side by side and stacked.
    const measured = [
      [720, 1, 1018], [720, 5, 1130], [720, 100, 1156], [640, 1, 1038], [600, 1, 1546], [600, 100, 1821],
      [500, 1, 1625], [420, 1, 1757], [358, 1, 1913], [358, 5, 2136], [358, 100, 2188], [320, 1, 2030],
    ];
    for (const [width, steps, height] of measured) {
      const size = frameSize({ ...defaults, steps }, { width });
      assert.ok(size.height >= height, `${width} px wide, ${steps} steps: ${size.height} px for ${height}`);
      assert.ok(size.height <= height + 140, `${width} px wide, ${steps} steps: ${size.height} px leaves no more than a margin over ${height}`);
    }
    assert.deepEqual(frameSize(defaults), { width: 720, height: 1060 });
  });
});
