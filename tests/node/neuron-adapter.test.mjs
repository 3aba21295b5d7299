// <neuron-widget>'s lesson adapter with the real activations core: a lesson's widget block and
// the fields the build refuses, and the numbers exercises name against PyTorch's
// (tests/e2e/neuron-expected.json, written by tests/e2e/neuron-expected.py).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/neuron-widget/adapter.js';
import { FieldError } from '../../web/components/shared/settings-table.js';
import { expectedNumbers, refusalCheck } from './lesson-adapter-checks.mjs';

const { cases } = expectedNumbers('neuron');
const defaults = adapter.settingsFromAttributes(() => null);
// The core computes in PyTorch's float32 order, and the widget sums as PyTorch does: the same
// float32 numbers, give or take the last bit where a transcendental function rounds its own way.
const close = (actual, expected, what) => {
  const lastBits = Math.abs(expected) * 2 ** -22;
  assert.ok(Math.abs(actual - expected) <= lastBits, `${what}: ${actual}, PyTorch ${expected}`);
};

const core = await adapter.loadCore();

const refuses = refusalCheck(adapter, 'neuron-widget', core);

describe('neuron-widget lessons', () => {
  it('reads a lesson block into every setting, and writes back only the ones it changed', async () => {
    const settings = await adapter.readLessonWidget({ element: 'neuron-widget', activation: 'gelu', approximate: 'tanh', compare: 'relu' }, { core });
    assert.deepEqual(settings, { ...defaults, activation: 'gelu', approximate: 'tanh', compare: 'relu' });
    assert.deepEqual(adapter.lessonAttributes(settings), [['activation', 'gelu'], ['approximate', 'tanh'], ['compare', 'relu']]);
  });

  it('refuses an option of another activation, naming the field', async () => {
    await refuses({ beta: 2 }, 'widget.beta', 'widget.beta is for Swish only, and this widget has activation: relu');
    await refuses({ activation: 'swish', alpha: 2 }, 'widget.alpha', 'for ELU only');
    await refuses({ activation: 'elu', approximate: 'tanh' }, 'widget.approximate', 'for GELU only');
  });

  it('refuses bad values and broken rules, naming the field', async () => {
    await refuses({ bias: '1,5' }, 'widget.bias', 'widget.bias must be a finite number, got "1,5"');
    await refuses({ inputs: [1, 2, 3, 4] }, 'widget.inputs', 'give 2 or 3 inputs, not 4');
    await refuses({ inputs: [1, 2, 3] , weights: [1, 2] }, 'widget.weights', 'give one weight per input: 3, not 2');
    await refuses({ range: [2, -2] }, 'widget.range', 'the min (2) must be less than the max (-2)');
    await refuses({ range: [0, 101] }, 'widget.range', 'at most 100');
    await refuses({ inputs: [3e38, 3e38], weights: [2, 2] }, 'widget.inputs', 'the weighted sum w·x + b comes to Infinity: beyond float32');
    await refuses({ slope: 1 }, 'widget.slope', 'widget.slope is not a known field');
  });

  for (const testCase of cases) {
    it(`gives PyTorch's numbers for exercises: ${testCase.name}`, () => {
      const settings = { ...defaults, ...testCase };
      delete settings.name;
      delete settings.expected;
      const { expected } = testCase;
      for (const spec of ['sum', 'output', 'derivative']) close(adapter.exerciseValue(core, settings, spec), expected[spec], spec);
      close(adapter.exerciseValue(core, settings, 'grad_bias'), expected.gradBias, 'grad_bias');
      expected.gradWeights.forEach((value, i) => close(adapter.exerciseValue(core, settings, `grad_weight ${i + 1}`), value, `grad_weight ${i + 1}`));
      expected.gradInputs.forEach((value, i) => close(adapter.exerciseValue(core, settings, `grad_input ${i + 1}`), value, `grad_input ${i + 1}`));
    });
  }

  it('says what is wrong with an exercise spec it does not know', () => {
    assert.throws(() => adapter.exerciseValue(core, defaults, 'gradient'), { name: "FieldError", field: "core", message: /core must be sum, output, derivative, grad_bias, grad_weight N or grad_input N \(N from 1\), got "gradient"/ });
    assert.throws(() => adapter.exerciseValue(core, defaults, 'grad_weight 3'), /the neuron has 2 weights, counted from 1/);
    assert.throws(() => adapter.exerciseValue(core, defaults, 'grad_input 0'), /the neuron has 2 inputs, counted from 1/);
  });
});
