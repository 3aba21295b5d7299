// <batchnorm-widget>'s lesson adapter and model with the real layers core: a lesson's widget
// block and the fields the build refuses, the attributes the element reads and refuses, and
// every number the widget shows and exercises name against PyTorch's
// (tests/e2e/batchnorm-expected.json, written by tests/e2e/batchnorm-expected.py).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import * as adapter from '../../web/components/batchnorm-widget/adapter.js';
import { afterTrainingStep, batchNumbers } from '../../web/components/batchnorm-widget/model.js';
import { SHAPE } from '../../web/components/batchnorm-widget/settings.js';
import { AttributeError } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases, defaults: pytorchDefaults } = expectedNumbers('batchnorm');
const defaults = adapter.settingsFromAttributes(() => null);
// Within float32 rounding of PyTorch's own steps: 1e-5 relative or 1e-6 absolute, as the core's
// golden tests hold it; a gradient that is 0 in exact arithmetic is a rounding residue.
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-5, 1e-5 * Math.abs(expected)), `${what}: ${actual}, PyTorch ${expected}`);
};
const allClose = (actual, expected, what) => {
  assert.equal(actual.length, expected.length, `${what}: length`);
  expected.forEach((value, i) => close(actual[i], value, `${what}[${i}]`));
};

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'batchnorm-widget', core);

const attributeError = (attributes) => {
  let message;
  assert.throws(() => adapter.settingsFromAttributes((name) => attributes[name] ?? null), (error) => {
    assert.ok(error instanceof AttributeError, `an AttributeError, got ${error}`);
    message = error.message;
    return true;
  });
  return message;
};

describe('batchnorm-widget settings', () => {
  it('has the defaults the expected numbers were made with', () => {
    const { colorScheme, steps, ...rest } = defaults;
    assert.deepEqual(rest, pytorchDefaults);
    assert.equal(steps, 0);
    assert.equal(colorScheme, 'auto');
  });

  it('refuses bad attributes, quoting them', () => {
    assert.equal(attributeError({ input: '1 2 3' }), 'Attribute input="1 2 3": give 16 numbers (N = 2, C = 2, 2 x 2), not 3.');
    assert.equal(attributeError({ weight: '1 2 3' }), 'Attribute weight="1 2 3": give one weight (gamma) per channel: 2, not 3.');
    assert.equal(attributeError({ bias: '1' }), 'Attribute bias="1": give one bias (beta) per channel: 2, not 1.');
    assert.equal(attributeError({ 'running-var': '1 -1' }), 'Attribute running-var="1 -1": a variance is never negative.');
    assert.equal(attributeError({ momentum: '2' }), 'Attribute momentum="2": momentum must be in [0, 1], got 2.');
    assert.equal(attributeError({ momentum: '0,5' }), 'Attribute momentum="0,5": "0,5" has a decimal comma: write 0.5, with a point.');
    assert.equal(attributeError({ eps: '0' }), 'Attribute eps="0": eps must be in (0, 1], got 0.');
    assert.equal(attributeError({ eps: '5e-324' }), 'Attribute eps="5e-324": eps must be in (0, 1], got 5e-324, which is 0 in float32, the core\'s number type.');
    assert.equal(adapter.settingsFromAttributes((name) => ({ eps: '1e-45' })[name] ?? null).eps, 1e-45, 'the smallest float32 above 0 is taken');
    assert.equal(attributeError({ weight: '1 1e39' }), 'Attribute weight="1 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38).');
    assert.equal(attributeError({ 'grad-output': '1 2' }), 'Attribute grad-output="1 2": give "ones" or 16 numbers, one per output, not 2.');
    assert.equal(attributeError({ training: 'maybe' }), 'Attribute training="maybe": use "true" or "false" (or the attribute with no value, for true).');
    assert.equal(attributeError({ steps: '-1' }), 'Attribute steps="-1": it must be a whole number from 0 to 1000000.');
  });
});

describe('batchnorm-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'batchnorm-widget', weight: [2, 1], training: false }, { core });
    assert.deepEqual(settings, { ...defaults, weight: [2, 1], training: false });
    assert.deepEqual(adapter.lessonAttributes(settings), [['weight', '2 1'], ['training', 'false']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ momentum: '0.1' }, 'widget.momentum', 'widget.momentum must be a finite number, got "0.1"');
    await refuses({ momentum: 1.5 }, 'widget.momentum', 'momentum must be in [0, 1], got 1.5');
    await refuses({ input: [1, 2] }, 'widget.input', 'give 16 numbers');
    await refuses({ weight: [1, 2, 3] }, 'widget.weight', 'give one weight (gamma) per channel: 2, not 3');
    await refuses({ running_var: [-1, 1] }, 'widget.running_var', 'a variance is never negative');
    await refuses({ gamma: [1, 1] }, 'widget.gamma', 'widget.gamma is not a known field');
  });

  it('names the numbers exercises may ask for, and refuses a spec it does not know', () => {
    assert.equal(adapter.exerciseValue(core, defaults, 'mean 2'), 1000);
    assert.equal(adapter.exerciseValue(core, defaults, 'input 2,2,1,1'), 1010);
    assert.equal(adapter.exerciseValue(core, defaults, 'running_var 1'), 1);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'mean 3'), /the batch has 2 channels/);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'output 1,1,3,1'), /the batch is 2 x 2 x 2 x 2/);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'median 1'), /core must be mean, variance/);
  });
});

for (const testCase of cases) {
  describe(`PyTorch's numbers: ${testCase.name}`, () => {
    const given = Object.fromEntries(Object.entries(testCase).filter(([key]) => key in defaults));
    let settings;
    before(() => {
      settings = { ...defaults, ...given };
      for (let i = 0; i < (testCase.press ?? 0); i++) settings = { ...settings, ...afterTrainingStep(core, settings) };
    });

    it('training steps leave the running statistics PyTorch leaves, and count themselves', () => {
      allClose(settings.runningMean, testCase.expected.runningMean, 'runningMean');
      allClose(settings.runningVar, testCase.expected.runningVar, 'runningVar');
      assert.equal(settings.steps, testCase.press ?? 0);
    });

    it('every number the widget shows is PyTorch\'s', () => {
      const numbers = batchNumbers(core, settings);
      for (const key of ['mean', 'variance', 'unbiasedVariance', 'normalised', 'output', 'nextRunningMean', 'nextRunningVar', 'gradWeight', 'gradBias']) {
        allClose(Array.from(numbers[key]), testCase.expected[key], key);
      }
      // gradInput sums to a rounding residue where it is 0 in exact arithmetic.
      testCase.expected.gradInput.forEach((value, i) => {
        assert.ok(Math.abs(numbers.gradInput[i] - value) <= Math.max(1e-5, 1e-4 * Math.abs(value)), `gradInput[${i}]: ${numbers.gradInput[i]}, PyTorch ${value}`);
      });
      if (!settings.training) {
        allClose(Array.from(numbers.nextRunningMean), settings.runningMean, 'evaluation leaves runningMean');
        allClose(Array.from(numbers.nextRunningVar), settings.runningVar, 'evaluation leaves runningVar');
      }
    });

    it('takes no shortcut that changes a bit: x̂ and a training step as the core gives them on their own', () => {
      const numbers = batchNumbers(core, settings);
      const { input, runningMean, runningVar, training, momentum, eps } = settings;
      assert.deepEqual(numbers.normalised, core.batchNorm2d(input, SHAPE, { runningMean, runningVar, training, momentum, eps }).output);
      assert.deepEqual(afterTrainingStep(core, settings, numbers), afterTrainingStep(core, settings));
    });

    it('exercises name the same numbers', () => {
      close(adapter.exerciseValue(core, settings, 'variance 2'), testCase.expected.variance[1], 'variance 2');
      close(adapter.exerciseValue(core, settings, 'next_running_mean 1'), testCase.expected.nextRunningMean[0], 'next_running_mean 1');
      close(adapter.exerciseValue(core, settings, 'output 2,1,2,1'), testCase.expected.output[10], 'output 2,1,2,1');
      close(adapter.exerciseValue(core, settings, 'grad_weight 2'), testCase.expected.gradWeight[1], 'grad_weight 2');
    });
  });
}
