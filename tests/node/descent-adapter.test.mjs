// <descent-widget>'s lesson adapter with the real optim core: a lesson's widget block, the
// fields the build refuses (named), and the numbers exercises name against PyTorch's
// (tests/e2e/descent-expected.json, written by tests/e2e/descent-expected.py with torch.optim).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/descent-widget/adapter.js';
import { frameSize } from '../../web/components/descent-widget/frame-size.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases, exercises } = expectedNumbers('descent');
const defaults = adapter.settingsFromAttributes(() => null);
// Float32 steps in the same order as PyTorch's; a long walk may differ in the last bits.
const close = (actual, expected, what) => assert.ok(Math.abs(actual - expected) <= Math.max(1e-5, 1e-4 * Math.abs(expected)), `${what}: ${actual}, PyTorch ${expected}`);

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'descent-widget', core);
const settingsOf = (testCase) => {
  const settings = { ...defaults, ...testCase };
  for (const key of ['name', 'url', 'expected']) delete settings[key];
  return settings;
};

describe('descent-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'descent-widget', lr: 0.07, momentum: 0.5, start: [-4, 2], compare: true }, { core });
    assert.deepEqual(settings, { ...defaults, lr: 0.07, momentum: 0.5, start: [-4, 2], compare: true });
    assert.deepEqual(adapter.lessonAttributes(settings), [['lr', '0.07'], ['momentum', '0.5'], ['start', '-4 2'], ['compare', 'true']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ lr: -0.1 }, 'widget.lr', 'lr must be from 0 to 10, not -0.1');
    await refuses({ momentum: 1 }, 'widget.momentum', 'momentum must be from 0 to below 1, not 1');
    await refuses({ betas: [0.9] }, 'widget.betas', 'give two numbers, beta1 and beta2, not 1');
    await refuses({ betas: [0.9, 1] }, 'widget.betas', 'beta2 must be from 0 to below 1, not 1');
    await refuses({ start: [1, 2, 3] }, 'widget.start', 'give two numbers, x and y, not 3');
    await refuses({ start: [5000, 0] }, 'widget.start', 'x and y must be from -1000 to 1000');
    await refuses({ steps: 201 }, 'widget.steps', 'widget.steps must be');
    await refuses({ optimizer: 'lbfgs' }, 'widget.optimizer', 'must be');
    await refuses({ surface: 'saddle' }, 'widget.surface', 'must be');
    await refuses({ nesterov: true }, 'widget.nesterov', 'widget.nesterov is not a known field');
  });

  for (const testCase of cases) {
    it(`gives PyTorch's numbers for exercises: ${testCase.name}`, () => {
      const settings = settingsOf(testCase);
      const { expected } = testCase;
      const n = settings.steps;
      close(adapter.exerciseValue(core, settings, `x ${n}`), expected.point[0], 'x');
      close(adapter.exerciseValue(core, settings, `y ${n}`), expected.point[1], 'y');
      close(adapter.exerciseValue(core, settings, `value ${n}`), expected.value, 'value');
      close(adapter.exerciseValue(core, settings, `grad_x ${n}`), expected.gradient[0], 'grad_x');
      close(adapter.exerciseValue(core, settings, `grad_y ${n}`), expected.gradient[1], 'grad_y');
      for (const [name, values] of Object.entries(expected.state)) {
        values.forEach((value, i) => close(adapter.exerciseValue(core, settings, `${name}_${'xy'[i]} ${n}`), value, `${name}_${'xy'[i]}`));
      }
      if (expected.plain) {
        close(adapter.exerciseValue(core, settings, `plain_x ${n}`), expected.plain[0], 'plain_x');
        close(adapter.exerciseValue(core, settings, `plain_value ${n}`), expected.plainValue, 'plain_value');
      }
    });
  }

  it('every exercise of the lessons is answered by PyTorch and by the core alike', () => {
    assert.equal(exercises.length, 15);
    for (const exercise of exercises) {
      const settings = settingsOf(cases.find((testCase) => testCase.name === exercise.lesson));
      for (const part of exercise.playground.split('&')) {
        const [name, value] = part.split('=');
        settings[name] = Number(value);
      }
      close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${exercise.core} under ${exercise.playground}`);
    }
  });

  it('says what is wrong with an exercise spec it does not know', () => {
    assert.throws(() => adapter.exerciseValue(core, defaults, 'z 3'), { name: 'FieldError', field: 'core', message: /core must be x N, y N, value N/ });
    assert.throws(() => adapter.exerciseValue(core, defaults, 'x 201'), /got "x 201"/);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'exp_avg_x 3'), /got "exp_avg_x 3"/, 'SGD keeps no exp_avg');
  });

  it('sizes its iframe from the surface and the optimiser', () => {
    assert.ok(frameSize({ surface: 'rosenbrock' }).height > frameSize({ surface: 'ravine' }).height);
    assert.ok(frameSize({ optimizer: 'adam' }).height > frameSize({ optimizer: 'sgd' }).height);
    assert.equal(frameSize({}).width, 640);
  });
});
