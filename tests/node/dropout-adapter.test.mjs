// <dropout-widget>'s lesson adapter with the real layers core: a lesson's widget block, the
// fields the build refuses (named), and the numbers exercises name against PyTorch's
// (tests/e2e/dropout-expected.json, written by tests/e2e/dropout-expected.py, whose masks come
// from an independent Python SplitMix64).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/dropout-widget/adapter.js';
import { frameSize } from '../../web/components/dropout-widget/frame-size.js';
import { FieldError } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases, exercises } = expectedNumbers('dropout');
const defaults = adapter.settingsFromAttributes(() => null);
// Float32 products, and a mean summed in double by both: equal to the last bits.
const close = (actual, expected, what) => assert.ok(Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected)), `${what}: ${actual}, PyTorch ${expected}`);

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'dropout-widget', core);

describe('dropout-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'dropout-widget', p: 0.25, seed: 9, mode: 'eval' }, { core });
    assert.deepEqual(settings, { ...defaults, p: 0.25, seed: 9, mode: 'eval' });
    assert.deepEqual(adapter.lessonAttributes(settings), [['p', '0.25'], ['seed', '9'], ['mode', 'eval']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ p: 1.5 }, 'widget.p', 'p must be from 0 to 1, not 1.5');
    await refuses({ p: '1,5' }, 'widget.p', 'must be a finite number, got "1,5"');
    await refuses({ seed: -1 }, 'widget.seed', 'widget.seed must be a whole number from 0 to 4294967295');
    await refuses({ seed: 2 ** 32 }, 'widget.seed', 'from 0 to 4294967295');
    await refuses({ input: new Array(13).fill(1) }, 'widget.input', 'give 1 to 12 numbers, not 13');
    await refuses({ input: [1, 2], grad_output: [1] }, 'widget.grad_output', 'give 2 numbers, one per input, or ones, not 1');
    await refuses({ mode: 'test' }, 'widget.mode', 'must be "train" or "eval"');
    await refuses({ training: false }, 'widget.training', 'widget.training is not a known field');
  });

  for (const testCase of cases) {
    it(`gives PyTorch's numbers for exercises: ${testCase.name}`, () => {
      const settings = { ...defaults, ...testCase };
      for (const key of ['name', 'url', 'expected']) delete settings[key];
      const { expected } = testCase;
      expected.output.forEach((value, i) => close(adapter.exerciseValue(core, settings, `output ${i + 1}`), value, `output ${i + 1}`));
      expected.gradInput.forEach((value, i) => close(adapter.exerciseValue(core, settings, `grad_input ${i + 1}`), value, `grad_input ${i + 1}`));
      expected.mean.forEach((value, i) => close(adapter.exerciseValue(core, settings, `mean ${i + 1}`), value, `mean ${i + 1}`));
      if (settings.mode === 'train') {
        expected.mask.forEach((value, i) => assert.equal(adapter.exerciseValue(core, settings, `mask ${i + 1}`), value, `mask ${i + 1}`));
        assert.equal(adapter.exerciseValue(core, settings, 'kept'), expected.kept);
      }
      close(adapter.exerciseValue(core, settings, 'scale'), expected.scale, 'scale');
    });
  }

  it('every exercise of the lesson is answered by PyTorch and by the core alike', () => {
    assert.equal(exercises.length, 6);
    for (const exercise of exercises) {
      const lesson = cases.find((testCase) => testCase.name === exercise.lesson);
      const settings = { ...defaults, ...lesson };
      for (const key of ['name', 'url', 'expected']) delete settings[key];
      for (const part of exercise.playground.split('&')) {
        const [name, value] = part.split('=');
        settings[name] = name === 'mode' ? value : Number(value);
      }
      close(adapter.exerciseValue(core, settings, exercise.core), exercise.pytorch, `${exercise.core} under ${exercise.playground}`);
    }
  });

  it('says what is wrong with an exercise spec it does not know', () => {
    assert.throws(() => adapter.exerciseValue(core, defaults, 'gradient'), { name: 'FieldError', field: 'core', message: /core must be output N, grad_input N, mask N \(N from 1\), kept, scale or mean N, got "gradient"/ });
    assert.throws(() => adapter.exerciseValue(core, defaults, 'output 9'), /the input has 8, counted from 1/);
  });

  it('sizes its iframe from the number of inputs', () => {
    assert.ok(frameSize({ input: new Array(12).fill(0) }).height > frameSize({ input: [1] }).height);
    assert.equal(frameSize({}).width, 640);
  });
});
