// <loss-widget>'s lesson adapter with the real losses core: a lesson's widget block and the
// fields the build refuses, and the numbers exercises name against PyTorch's
// (tests/e2e/loss-expected.json, written by tests/e2e/loss-expected.py), including every number
// the two loss lessons state in their text (its claims).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/loss-widget/adapter.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases, claims } = expectedNumbers('loss');
const defaults = adapter.settingsFromAttributes(() => null);
// The core computes in PyTorch's float32 order: the same numbers within the core's golden tolerance.
const close = (actual, expected, what) => {
  assert.ok(Math.abs(actual - expected) <= Math.max(1e-6, 1e-5 * Math.abs(expected)), `${what}: ${actual}, PyTorch ${expected}`);
};

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'loss-widget', core);

describe('loss-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'loss-widget', loss: 'huber', delta: 2, compare: true }, { core });
    assert.deepEqual(settings, { ...defaults, loss: 'huber', delta: 2, compare: true });
    assert.deepEqual(adapter.lessonAttributes(settings), [['loss', 'huber'], ['delta', '2'], ['compare', 'true']]);
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ delta: '1,5' }, 'widget.delta', 'widget.delta must be a finite number, got "1,5"');
    await refuses({ loss: 'huber', delta: 0 }, 'widget.delta', 'the losses core rejects it: delta must be positive, got 0');
    await refuses({ predictions: [1, 2, 3, 4, 5, 6, 7, 8, 9], targets: [0, 0, 0, 0, 0, 0, 0, 0, 0] }, 'widget.predictions', 'give 1 to 8 predictions, not 9');
    await refuses({ predictions: [1, 2, 3], targets: [1, 2] }, 'widget.targets', 'give one target per prediction: 3, not 2');
    await refuses({ reduction: 'avg' }, 'widget.reduction', 'widget.reduction');
    await refuses({ range: [2, -2] }, 'widget.range', 'the min (2) must be less than the max (-2)');
    await refuses({ range: [0, 1e-7] }, 'widget.range', 'the axis must span at least 9.537e-7, not 1e-7');
    await refuses({ predictions: [3e38], targets: [-3e38] }, 'widget.predictions', 'the loss of point 1 comes to Infinity: beyond float32');
    await refuses({ weight: 1 }, 'widget.weight', 'widget.weight is not a known field');
  });

  for (const testCase of cases) {
    it(`gives PyTorch's numbers for exercises: ${testCase.name}`, () => {
      const settings = { ...defaults, ...testCase };
      const { expected } = testCase;
      if (expected.loss !== null) close(adapter.exerciseValue(core, settings, 'loss'), expected.loss, 'loss');
      expected.terms.forEach((term, i) => close(adapter.exerciseValue(core, settings, `term ${i + 1}`), term, `term ${i + 1}`));
      expected.gradients.forEach((grad, i) => close(adapter.exerciseValue(core, settings, `grad ${i + 1}`), grad, `grad ${i + 1}`));
    });
  }

  it('gives PyTorch\'s numbers for every number the lessons state', () => {
    for (const claim of claims) {
      const settings = { ...defaults, ...claim.settings };
      close(adapter.exerciseValue(core, settings, claim.what), claim.pytorch, `${claim.where}: ${claim.what}`);
    }
  });

  it('names the other loss\'s numbers with mse or huber', () => {
    const settings = { ...defaults, loss: 'mse', predictions: [1.5, 0.5, 8], targets: [1, 1, 0] };
    close(adapter.exerciseValue(core, settings, 'huber grad 3'), 1 / 3, 'huber grad 3');
    close(adapter.exerciseValue(core, settings, 'mse grad 3'), 16 / 3, 'mse grad 3');
  });

  it('refuses a spec it does not know, a point the widget does not have, and loss with reduction none', () => {
    assert.throws(() => adapter.exerciseValue(core, defaults, 'output'), /core must be loss, term N or grad N/);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'grad 4'), /has 3 points, counted from 1/);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'grad'), /core must be/);
    assert.throws(() => adapter.exerciseValue(core, { ...defaults, reduction: 'none' }, 'loss'), /reduction none/);
  });

  it('sizes an embed frame for its points', () => {
    const small = adapter.EMBED.frameSize({ predictions: [1] });
    const large = adapter.EMBED.frameSize({ predictions: [1, 2, 3, 4, 5, 6, 7, 8] });
    assert.ok(large.height > small.height);
    assert.equal(small.width, 720);
  });
});
