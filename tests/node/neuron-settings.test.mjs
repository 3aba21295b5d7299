// <neuron-widget>'s settings table, without a browser: the defaults, what its attributes,
// links and state take, and the mistakes they name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as adapter from '../../web/components/neuron-widget/adapter.js';
import {
  AttributeError, attributesOf, followAxisRange, queryOf, readQuery, readState, SettingsQueryError, SettingsStateError,
} from '../../web/components/shared/settings-table.js';
import { MAX_SPAN } from '../../web/components/neuron-widget/settings.js';

const { SETTINGS } = adapter;
const read = (attributes) => adapter.settingsFromAttributes((name) => (name in attributes ? attributes[name] : null));
const throwsNaming = (attributes, words) => assert.throws(() => read(attributes), (error) => {
  assert.ok(error instanceof AttributeError, `an AttributeError, got ${error}`);
  assert.ok(error.message.includes(words), `"${error.message}" says ${words}`);
  return true;
});

describe('neuron-widget settings', () => {
  it('a bare element is a ReLU neuron with inputs [1, -2], weights [0.5, 0.25] and bias 0', () => {
    assert.deepEqual(read({}), {
      activation: 'relu', inputs: [1, -2], weights: [0.5, 0.25], bias: 0, approximate: 'none', beta: 1, alpha: 1,
      gradOutput: 1, range: [-5, 5], compare: 'none', colorScheme: 'auto',
    });
  });

  it('three inputs get three default weights', () => {
    assert.deepEqual(read({ inputs: '1 2 3' }).weights, [0.5, 0.25, -0.5]);
  });

  it('names the snake_case settings in links and kebab attributes, camelCase in state', () => {
    const row = SETTINGS.find((candidate) => candidate.key === 'gradOutput');
    assert.deepEqual([row.name, row.attribute], ['grad_output', 'grad-output']);
    assert.deepEqual(SETTINGS.map((candidate) => candidate.name), [
      'activation', 'inputs', 'weights', 'bias', 'approximate', 'beta', 'alpha', 'grad_output', 'range', 'compare', 'color_scheme',
    ]);
  });

  it('refuses "1,5" for one number with a message, never reading it as 15', () => {
    throwsNaming({ bias: '1,5' }, 'Attribute bias="1,5": "1,5" has a decimal comma: write 1.5, with a point.');
    throwsNaming({ 'grad-output': 'one' }, 'Attribute grad-output="one": "one" is not a number');
  });

  it('refuses "1,5" among numbers apart by spaces, never reading it as two numbers; commas alone separate', () => {
    throwsNaming({ inputs: '1,5 2' }, 'Attribute inputs="1,5 2": "1,5" has a decimal comma: write 1.5, with a point.');
    assert.deepEqual(read({ inputs: '1,5,2' }).inputs, [1, 5, 2]);
    assert.deepEqual(read({ inputs: '1, 5' }).inputs, [1, 5]);
  });

  it('names each broken rule, quoting the attribute', () => {
    throwsNaming({ inputs: '1' }, 'Attribute inputs="1": give 2 or 3 inputs, not 1');
    throwsNaming({ inputs: '1 2 3 4' }, 'give 2 or 3 inputs, not 4');
    throwsNaming({ inputs: '1 NaN' }, 'every value must be a finite number');
    throwsNaming({ inputs: '1 1e39' }, 'Attribute inputs="1 1e39": 1e39 is beyond the largest number the core computes with (float32, about 3.4e38)');
    throwsNaming({ weights: '1 2 3' }, 'Attribute weights="1 2 3": give one weight per input: 2, not 3');
    throwsNaming({ range: '5 -5' }, 'Attribute range="5 -5": the min (5) must be less than the max (-5)');
    throwsNaming({ range: '3 3' }, 'the min (3) must be less than the max (3)');
    throwsNaming({ range: '-60 60' }, 'the axis may span at most 100, not 120');
    // Eight steps of float32: 8 × 2^-23 at 1, 8 × 2^-13 near 2000.
    throwsNaming({ range: '1 1.000000000001' }, 'the axis must span at least 9.537e-7, not 1e-12: float32 holds too few numbers in between');
    throwsNaming({ range: '-2000 -1999.9995' }, 'the axis must span at least 0.0009766, not 0.0005');
    assert.deepEqual(read({ range: '16777210 16777230' }).range, [16777210, 16777230], 'near 2^24, 20 is ten of float32\'s steps');
    throwsNaming({ range: '1' }, 'give two numbers');
    throwsNaming({ activation: 'softmax' }, 'use "relu" or "sigmoid" or "tanh" or "gelu" or "swish" or "elu"');
    throwsNaming({ compare: 'step' }, 'Attribute compare="step"');
    throwsNaming({ approximate: 'fast' }, 'use "none" or "tanh"');
  });

  it('writes only what differs from the defaults, and reads it back from a link', () => {
    const settings = { ...read({}), activation: 'swish', beta: 2.5, inputs: [1, 2, 3], weights: [0.5, -1, 0.25], range: [-2, 8] };
    assert.deepEqual(attributesOf(SETTINGS, settings, { onlyChanged: true }), [
      ['activation', 'swish'], ['inputs', '1 2 3'], ['weights', '0.5 -1 0.25'], ['beta', '2.5'], ['range', '-2 8'],
    ]);
    const query = queryOf(SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'activation=swish&inputs=1,2,3&weights=0.5,-1,0.25&beta=2.5&range=-2,8');
    assert.deepEqual(readQuery(SETTINGS, query, read({})), settings);
    assert.throws(() => readQuery(SETTINGS, 'bias=1,5', read({})), /bias must be a number, not "1,5"/);
  });

  it('writes a large number\'s exponent without "+", which a link would read as a space, and reads it back', () => {
    const settings = { ...read({}), inputs: [1e30, -2e21], bias: 3e38 };
    const query = queryOf(SETTINGS, settings, { onlyChanged: true });
    assert.equal(query, 'inputs=1e30,-2e21&bias=3e38');
    assert.deepEqual(readQuery(SETTINGS, new URLSearchParams(query).toString(), read({})), settings, 'through URLSearchParams, as a browser reads it');
    assert.deepEqual(attributesOf(SETTINGS, settings, { onlyChanged: true }), [['inputs', '1e30 -2e21'], ['bias', '3e38']]);
  });

  it('reads numbers in decimal only: "0x10" and "0b1" are not numbers, "Infinity" is spelt out', () => {
    throwsNaming({ inputs: '0x10 1' }, '"0x10" is not a number.');
    throwsNaming({ inputs: '0b1 1' }, '"0b1" is not a number.');
    throwsNaming({ inputs: '1e400 1' }, '1e400 is beyond the largest number the core computes with');
    assert.deepEqual(read({ inputs: '1. +2', weights: '.5 1E-3' }).inputs, [1, 2]);
    throwsNaming({ inputs: '-infinity 1' }, 'every value must be a finite number');
  });

  it('quotes a long value shortened, so a pasted page of text is not copied into the message', () => {
    const long = '1'.repeat(100000);
    assert.throws(() => read({ inputs: `${long}x 1` }), (error) => error.message.length < 200 && /"1{21}\.\.\." is not a number\.$/.test(error.message));
    assert.throws(() => read({ bias: `${long}x` }), (error) => error.message.length < 200);
  });

  it('a link with a third input gives the default weights a third too; weights of its own no longer fitting are refused, naming them', () => {
    assert.deepEqual(readQuery(SETTINGS, 'activation=swish&beta=4&inputs=1,2,0.5', read({})).weights, [0.5, 0.25, -0.5]);
    assert.throws(() => readQuery(SETTINGS, 'inputs=1,2,0.5', read({ weights: '1 2' })), (error) => {
      assert.ok(error instanceof SettingsQueryError);
      assert.equal(error.message, 'weights: give one weight per input: 3, not 2');
      return true;
    });
  });

  it('setState takes the state keys and refuses a value it cannot store, naming the key', () => {
    assert.deepEqual(readState(SETTINGS, { gradOutput: -2, activation: 'elu' }).partial, { gradOutput: -2, activation: 'elu' });
    assert.throws(() => readState(SETTINGS, { bias: '1' }), (error) => error instanceof SettingsStateError && error.key === 'bias');
    assert.throws(() => readState(SETTINGS, { range: [5, 1] }, { current: read({}) }), /range: the min \(5\) must be less than the max \(1\)/);
  });

  it('sizes an iframe for the phone and the desktop', () => {
    const desktop = adapter.EMBED.frameSize(read({}));
    const phone = adapter.EMBED.frameSize(read({ inputs: '1 2 3' }), { width: 390 });
    assert.equal(desktop.width, 720);
    assert.equal(phone.width, 390);
    assert.ok(phone.height > desktop.height, `a phone stacks the plot under the neuron: ${phone.height} > ${desktop.height}`);
  });

  describe('an x range typed one edge at a time (followAxisRange)', () => {
    const follow = followAxisRange(MAX_SPAN);
    const from = { bias: 0, range: [-5, 5] };
    const typed = (range) => follow({ ...from, range }, 'range', from).range;

    it('keeps the other edge where the typed one leaves a range it may draw', () => {
      assert.deepEqual(typed([2, 5]), [2, 5]);
      assert.deepEqual(typed([-5, 95]), [-5, 95]);
    });

    it('moves the other edge along, keeping the span of 10, where it would pass it or span more than 100', () => {
      assert.deepEqual(typed([200, 5]), [200, 210]);
      assert.deepEqual(typed([5, 5]), [5, 15]);
      assert.deepEqual(typed([-5, -10]), [-20, -10]);
      assert.deepEqual(typed([-5, 96]), [86, 96]);
      assert.deepEqual(typed([-500, 5]), [-500, -490]);
    });

    it('leaves other keys alone, and to the check an edge where the span is lost beside it', () => {
      assert.deepEqual(follow({ ...from, bias: 3 }, 'bias', from), { ...from, bias: 3 });
      assert.deepEqual(typed([Infinity, 5]), [Infinity, 5]);
      assert.deepEqual(typed([-5, 3e38]), [-5, 3e38]);
    });
  });
});
