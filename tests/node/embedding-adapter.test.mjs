// <embedding-widget>'s lesson adapter with the real layers core: a lesson's widget block and
// the fields the build refuses, the numbers exercises name against PyTorch's
// (tests/e2e/embedding-expected.json, written by tests/e2e/embedding-expected.py), and the
// specs it refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/embedding-widget/adapter.js';
import { gradOutputFor, VOCABULARY } from '../../web/components/embedding-widget/settings.js';
import { FieldError, readQuery } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases, exercises } = expectedNumbers('embedding');
const defaults = adapter.settingsFromAttributes(() => null);

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'embedding-widget', core);

describe('embedding-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'embedding-widget', indices: [2, 2, 0], padding_idx: 0 }, { core });
    assert.deepEqual(settings, { ...defaults, indices: [2, 2, 0], paddingIdx: 0 });
    assert.deepEqual(adapter.lessonAttributes(settings), [['indices', '2 2 0'], ['padding-idx', '0']]);
    assert.deepEqual(defaults.gradOutput, 'ones');
    assert.equal(defaults.paddingIdx, null, 'no padding word: PyTorch default');
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ indices: [1, 6] }, 'widget.indices', 'each index must be a whole number from 0 to 5, not 6');
    await refuses({ indices: [1.5] }, 'widget.indices', 'not 1.5');
    await refuses({ indices: [] }, 'widget.indices', 'give 1 to 12 words, not 0');
    await refuses({ indices: new Array(13).fill(1) }, 'widget.indices', 'give 1 to 12 words, not 13');
    await refuses({ weight: [1, 2, 3] }, 'widget.weight', 'give 24 numbers (6 words × 4), not 3');
    await refuses({ weight: new Array(24).fill(1e39) }, 'widget.weight', 'is beyond the largest number');
    await refuses({ padding_idx: 6 }, 'widget.padding_idx', 'none or a whole number from 0 to 5');
    await refuses({ padding_idx: 'pad' }, 'widget.padding_idx', 'must be a whole number or null');
    await refuses({ grad_output: [1, 2] }, 'widget.grad_output', 'give 24 numbers (6 positions × 4), or ones, not 2');
    await refuses({ vocabulary: ['a'] }, 'widget.vocabulary', 'widget.vocabulary is not a known field');
  });

  it('a list upstream gradient follows the sentence: cut, or filled with 1', () => {
    assert.equal(gradOutputFor('ones', 3), 'ones');
    assert.deepEqual(gradOutputFor([1, 2, 3, 4, 5, 6, 7, 8], 1), [1, 2, 3, 4]);
    assert.deepEqual(gradOutputFor([2, 2, 2, 2], 2), [2, 2, 2, 2, 1, 1, 1, 1]);
  });

  for (const testCase of cases) {
    it(`gives PyTorch's numbers for exercises: ${testCase.name}`, () => {
      const settings = { ...defaults, ...testCase };
      delete settings.name;
      delete settings.url;
      delete settings.expected;
      const { output, gradWeight } = testCase.expected;
      output.forEach((value, i) => {
        assert.equal(adapter.exerciseValue(core, settings, `output ${Math.floor(i / 4) + 1},${(i % 4) + 1}`), Math.fround(value), `output ${i}`);
      });
      gradWeight.forEach((value, i) => {
        assert.equal(adapter.exerciseValue(core, settings, `grad_weight ${VOCABULARY[Math.floor(i / 4)]},${(i % 4) + 1}`), Math.fround(value), `grad ${i}`);
      });
    });
  }

  it('answers every exercise of the lessons as PyTorch does', () => {
    assert.ok(exercises.length >= 5, 'the lesson\'s exercises are in the expected numbers');
    for (const exercise of exercises) {
      const lesson = cases.find((candidate) => candidate.name === exercise.lesson);
      const base = { ...defaults, ...Object.fromEntries(Object.entries(lesson).filter(([key]) => key in defaults)) };
      const settings = readQuery(adapter.SETTINGS, exercise.playground, base);
      assert.equal(adapter.exerciseValue(core, settings, exercise.core), Math.fround(exercise.pytorch), `${exercise.lesson} exercise ${exercise.exercise}`);
    }
  });

  it('refuses an exercise spec it does not know, saying what it knows', () => {
    const bad = (spec, words) => assert.throws(() => adapter.exerciseValue(core, defaults, spec), (error) => error instanceof FieldError && error.message.includes(words));
    bad('output', 'core must be output P,D');
    bad('output 7,1', 'the sentence has 6 positions');
    bad('output 1,5', 'each row holds 4');
    bad('grad_weight dog,1', '"dog"');
  });

  it('says how large an iframe shows it', () => {
    const { width, height } = adapter.EMBED.frameSize(defaults);
    assert.equal(width, 720);
    assert.ok(height >= 800 && height <= 2400, `height ${height}`);
  });
});
