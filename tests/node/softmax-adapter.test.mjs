// <softmax-widget>'s lesson adapter with the real layers core: a lesson's widget block and the
// fields the build refuses, and the numbers exercises name against PyTorch's
// (tests/e2e/softmax-expected.json, written by tests/e2e/softmax-expected.py), including every
// exercise of the softmax lesson under its playground settings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/softmax-widget/adapter.js';
import { FieldError } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('softmax');
const defaults = adapter.settingsFromAttributes(() => null);
// The layers core's values match PyTorch's within max(1e-6, 1e-5 |expected|) (core/layers/README.md).
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: ${actual}, PyTorch ${expected}`);
};

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'softmax-widget', core);

const settingsOf = (testCase) => ({ ...defaults, scores: testCase.scores, temperature: testCase.temperature ?? 1, gradClass: testCase.gradClass ?? 0 });

describe('softmax-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'softmax-widget', scores: [1000, 1001, 3], temperature: 0.5, grad_class: 2 }, { core });
    assert.deepEqual(settings, { ...defaults, scores: [1000, 1001, 3], temperature: 0.5, gradClass: 2 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['scores', '1000 1001 3'], ['temperature', '0.5'], ['grad-class', '2']]);
    assert.deepEqual(adapter.lessonAttributes(defaults), []);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ temperature: '1,5' }, 'widget.temperature', 'widget.temperature must be a finite number, got "1,5"');
    await refuses({ temperature: 0 }, 'widget.temperature', 'the temperature must be from 0.01 to 100, not 0');
    await refuses({ scores: [1, 2] }, 'widget.scores', 'give 3 to 8 scores, not 2');
    await refuses({ scores: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'widget.scores', 'give 3 to 8 scores, not 9');
    await refuses({ grad_class: 3 }, 'widget.grad_class', 'the class must be one of 0 to 2 (there are 3 scores), not 3');
    await refuses({ grad_class: -1 }, 'widget.grad_class', 'widget.grad_class must be a whole number from 0 to 7');
    await refuses({ scores: [3e38, 1, 0], temperature: 0.01 }, 'widget.scores', 'score 3e+38 divided by the temperature 0.01 is beyond float32');
    await refuses({ logits: [1, 2, 3] }, 'widget.logits', 'widget.logits is not a known field');
  });

  for (const testCase of cases) {
    it(`gives PyTorch's numbers: ${testCase.name}`, () => {
      const settings = settingsOf(testCase);
      const { expected } = testCase;
      expected.probabilities.forEach((value, k) => close(adapter.exerciseValue(core, settings, `probability ${k}`), value, `probability ${k}`));
      expected.shifted.forEach((value, k) => close(adapter.exerciseValue(core, settings, `shifted ${k}`), value, `shifted ${k}`));
      expected.gradient.forEach((value, k) => close(adapter.exerciseValue(core, settings, `gradient ${k}`), value, `gradient ${k}`));
      for (const exercise of testCase.exercises ?? []) {
        close(adapter.exerciseValue(core, settingsOf(exercise.settings), exercise.core), exercise.pytorch, `exercise "${exercise.core}"`);
      }
    });
  }

  it('gives 0.2689 and 0.7311 for the scores 1000 and 1001, the largest subtracted first', () => {
    const { expected, ...testCase } = cases.find((candidate) => candidate.name === '1000 and 1001');
    const settings = settingsOf(testCase);
    assert.deepEqual([0, 1].map((k) => adapter.exerciseValue(core, settings, `shifted ${k}`)), [-1, 0]);
    assert.deepEqual([0, 1].map((k) => Number(adapter.exerciseValue(core, settings, `probability ${k}`).toFixed(4))), [0.2689, 0.7311]);
    close(adapter.exerciseValue(core, settings, 'probability 1'), expected.probabilities[1], 'probability 1');
  });

  it('says what is wrong with an exercise spec it does not know', () => {
    assert.throws(() => adapter.exerciseValue(core, defaults, 'output'), { name: 'FieldError', field: 'core', message: /core must be probability K, shifted K or gradient K \(K a class, from 0\), got "output"/ });
    assert.throws(() => adapter.exerciseValue(core, defaults, 'probability 3'), /there are 3 scores, classes 0 to 2/);
  });

  it('sizes its iframe for more scores taller', () => {
    const three = adapter.EMBED.frameSize(defaults);
    const eight = adapter.EMBED.frameSize({ scores: new Array(8).fill(0) });
    assert.ok(eight.height > three.height && three.width === 640, JSON.stringify({ three, eight }));
  });
});
