// <cross-entropy-widget>'s lesson adapter with the real losses core: a lesson's widget block and
// the fields the build refuses, and the numbers exercises name against PyTorch's
// (tests/e2e/cross-entropy-expected.json, written by tests/e2e/cross-entropy-expected.py),
// including every exercise of the cross-entropy lesson under its playground settings. The
// probabilities come from the gradient (p = gradient + q), so they are checked too.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/cross-entropy-widget/adapter.js';
import { FieldError } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('cross-entropy');
const defaults = adapter.settingsFromAttributes(() => null);
// The losses core's values match PyTorch's within max(1e-6, 1e-5 |expected|); p = gradient + q
// adds one float32 rounding.
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(2e-6, 1e-5 * Math.abs(expected)), `${what}: ${actual}, PyTorch ${expected}`);
};

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'cross-entropy-widget', core);

const settingsOf = (testCase) => ({ ...defaults, logits: testCase.logits, target: testCase.target ?? 0, labelSmoothing: testCase.labelSmoothing ?? 0 });

describe('cross-entropy-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'cross-entropy-widget', logits: [1, 2, 3, 4], target: 3, label_smoothing: 0.2 }, { core });
    assert.deepEqual(settings, { ...defaults, logits: [1, 2, 3, 4], target: 3, labelSmoothing: 0.2 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['logits', '1 2 3 4'], ['target', '3'], ['label-smoothing', '0.2']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ logits: [1, 2] }, 'widget.logits', 'give 3 to 8 logits, not 2');
    await refuses({ target: 3 }, 'widget.target', 'the true class must be one of 0 to 2 (there are 3 logits), not 3');
    await refuses({ label_smoothing: 1.5 }, 'widget.label_smoothing', 'label smoothing must be from 0 to 1, not 1.5');
    await refuses({ label_smoothing: '0,1' }, 'widget.label_smoothing', 'must be a finite number');
    await refuses({ temperature: 2 }, 'widget.temperature', 'widget.temperature is not a known field');
  });

  for (const testCase of cases) {
    it(`gives PyTorch's numbers: ${testCase.name}`, () => {
      const settings = settingsOf(testCase);
      const { expected } = testCase;
      close(adapter.exerciseValue(core, settings, 'loss'), expected.loss, 'loss');
      for (const [spec, list] of [['probability', expected.probabilities], ['target', expected.target], ['gradient', expected.gradient]]) {
        list.forEach((value, k) => close(adapter.exerciseValue(core, settings, `${spec} ${k}`), value, `${spec} ${k}`));
      }
      for (const exercise of testCase.exercises ?? []) {
        close(adapter.exerciseValue(core, settingsOf(exercise.settings), exercise.core), exercise.pytorch, `exercise "${exercise.core}"`);
      }
    });
  }

  it('says what is wrong with an exercise spec it does not know', () => {
    assert.throws(() => adapter.exerciseValue(core, defaults, 'output'), { name: 'FieldError', field: 'core', message: /core must be loss, probability K, target K or gradient K \(K a class, from 0\), got "output"/ });
    assert.throws(() => adapter.exerciseValue(core, defaults, 'gradient 3'), /there are 3 logits, classes 0 to 2/);
  });
});
