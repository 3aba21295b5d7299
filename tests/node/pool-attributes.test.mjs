// The pooling elements' attributes, as their adapters read and write them through the one
// settings table: what a lesson's settings become on the page, what the elements take, and the
// mistakes they name, without a browser.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import * as playground from '../../web/components/pool-playground/adapter.js';
import * as widget from '../../web/components/pool-widget/adapter.js';
import { checkSelectedWindow } from '../../web/components/pool-widget/settings.js';
import { AttributeError, readAttributes } from '../../web/components/shared/settings-table.js';

const reader = (attributes) => (name) => (name in attributes ? attributes[name] : null);
const read = (adapter, attributes) => adapter.settingsFromAttributes(reader(attributes));
const throwsNaming = (fn, words) => assert.throws(fn, (error) => {
  assert.ok(error instanceof AttributeError, `an AttributeError, got ${error}`);
  assert.ok(error.message.includes(words), `${error.message} says ${words}`);
  return true;
});

const lessonSettings = {
  ...read(widget, {}),
  op: 'max',
  inputHeight: 2,
  inputWidth: 3,
  input: [1, -2.5, 3, 4, 5, 6],
  kernelSize: [2, 3],
  stride: [1, 1],
  padding: [0, 1],
  gradOutput: [0.5, 1, 2],
  view: 'backward',
};

describe('a lesson\'s settings on the page', () => {
  it('become <pool-widget> attributes in kebab-case, sizes as "2" or "2 3", numbers spaced', () => {
    assert.deepEqual(Object.fromEntries(widget.lessonAttributes(lessonSettings)), {
      op: 'max',
      'input-height': '2',
      'input-width': '3',
      input: '1 -2.5 3 4 5 6',
      'kernel-size': '2 3',
      stride: '1',
      padding: '0 1',
      'grad-output': '0.5 1 2',
      view: 'backward',
    });
  });

  it('read back to the same settings, for both elements', () => {
    const attributes = Object.fromEntries(widget.lessonAttributes(lessonSettings));
    assert.deepEqual(read(widget, attributes), lessonSettings);
    const average = {
      ...read(playground, {}),
      inputHeight: 3, inputWidth: 3, input: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      stride: [1, 1], padding: [1, 1], ceilMode: true, countIncludePad: false, divisorOverride: 2, examples: [],
    };
    const written = Object.fromEntries(playground.lessonAttributes(average));
    assert.equal(written['sync-url'], '', 'a lesson\'s playground keeps its settings in the address');
    assert.equal(written.examples, 'none', 'an empty list of examples offers none');
    assert.deepEqual(read(playground, written), { ...average, syncUrl: true });
    assert.deepEqual(readAttributes(playground.POOLING, reader(written)).padding, [1, 1], 'the pooling rows alone read the same');
  });

  it('leave out what holds its default: a stride equal to the kernel, 0..n-1, all-ones gradients', () => {
    const settings = { ...read(widget, {}), kernelSize: [3, 3], stride: [3, 3], gradOutput: [1, 1, 1, 1] };
    assert.deepEqual(widget.lessonAttributes(settings), [['kernel-size', '3']]);
  });
});

describe('attributes the elements take', () => {
  it('ceil-mode is on when present or "true", off when absent or "false"', () => {
    assert.equal(read(playground, { 'ceil-mode': '' }).ceilMode, true);
    assert.equal(read(playground, { 'ceil-mode': 'true' }).ceilMode, true);
    assert.equal(read(playground, { 'ceil-mode': 'false' }).ceilMode, false);
    assert.equal(read(playground, {}).ceilMode, false);
    throwsNaming(() => read(playground, { 'ceil-mode': 'maybe' }), 'Attribute ceil-mode="maybe": use "true" or "false"');
  });

  it('divisor-override takes a whole number, and names anything else', () => {
    assert.equal(read(widget, {}).divisorOverride, null);
    assert.equal(read(widget, { 'divisor-override': '3' }).divisorOverride, 3);
    assert.equal(read(widget, { 'divisor-override': '-2' }).divisorOverride, -2);
    throwsNaming(() => read(widget, { 'divisor-override': '2.5' }), '"2.5" is not a whole number.');
    throwsNaming(() => read(widget, { 'divisor-override': 'half' }), '"half" is not a number.');
  });

  it('the playground draws pictures up to 16 a side; the widget reads any size', () => {
    throwsNaming(() => read(playground, { 'input-height': '17' }), 'a whole number from 1 to 16');
    assert.equal(read(widget, { 'input-height': '17', input: Array(68).fill(0).join(' ') }).inputHeight, 17);
  });

  it('each element reads its own settings by the same names', () => {
    const names = (adapter) => adapter.SETTINGS.map((row) => row.attribute);
    for (const name of ['op', 'input-height', 'input-width', 'input', 'kernel-size', 'stride', 'padding', 'dilation',
      'ceil-mode', 'count-include-pad', 'divisor-override', 'grad-output', 'color-scheme']) {
      assert.ok(names(widget).includes(name) && names(playground).includes(name), name);
    }
    throwsNaming(() => read(widget, { hide: 'everything' }), '"everything" is not a part of the widget');
    throwsNaming(() => read(playground, { examples: 'no-such' }), 'has "no-such", which is not an example in presets.json');
  });
});

describe('a selected window', () => {
  it('is one the output has: beyond it is refused in words, naming how many there are', () => {
    assert.doesNotThrow(() => checkSelectedWindow(4, 4));
    assert.doesNotThrow(() => checkSelectedWindow(null, 4));
    throwsNaming(() => checkSelectedWindow(99, 4), 'Attribute selected="99": the output has 4 windows, so selected must be from 1 to 4, not 99.');
  });
});

describe('an option of the other kind of pooling', () => {
  it('is refused by <pool-widget>, which shows one kind and has no control for it, unless it holds its fallback', () => {
    throwsNaming(() => read(widget, { dilation: '2' }), 'Attribute dilation="2": average pooling takes no dilation (only max pooling does): leave it out, or set op="max".');
    throwsNaming(() => read(widget, { op: 'max', 'divisor-override': '3' }), 'Attribute divisor-override="3": max pooling takes no divisor_override (only average pooling does): leave it out, or set op="avg".');
    throwsNaming(() => read(widget, { op: 'max', 'count-include-pad': 'false' }), 'max pooling takes no count_include_pad');
    assert.deepEqual(read(widget, { dilation: '1 1' }).dilation, [1, 1], 'dilation 1 changes nothing in average pooling');
    assert.equal(read(widget, { op: 'max', 'count-include-pad': '' }).countIncludePad, true);
    assert.deepEqual(read(widget, { op: 'max', dilation: '2' }).dilation, [2, 2], 'max pooling\'s own');
  });

  it('is refused in a link to <pool-widget> as well, and kept by the playground, whose learner switches the kind', async () => {
    const { readQuery } = await import('../../web/components/shared/settings-table.js');
    const fromLink = (adapter, query) => readQuery(adapter.SETTINGS, query, read(adapter, {}));
    assert.throws(() => fromLink(widget, 'op=avg&dilation=2'), /dilation: average pooling takes no dilation/);
    assert.deepEqual(fromLink(playground, 'op=avg&dilation=2').dilation, [2, 2]);
    assert.deepEqual(read(playground, { dilation: '2' }).dilation, [2, 2]);
  });
});

describe('numbers a learner types', () => {
  it('refuses a decimal comma, a word and a number float32 cannot hold, saying which', async () => {
    const { numberProblem } = await import('../../web/components/shared/settings-table.js');
    assert.equal(numberProblem('1.5'), null);
    assert.equal(numberProblem('-3e38'), null, 'float32 holds 3e38');
    assert.equal(numberProblem('1,5'), '"1,5" has a decimal comma: write 1.5, with a point');
    assert.equal(numberProblem('two'), '"two" is not a number');
    assert.equal(numberProblem('1e40'), '1e40 is beyond the largest number the core computes with (float32, about 3.4e38)');
    assert.equal(numberProblem(' '), 'type a number, such as 2.5');
  });

  it('tells text on its way to a number from text that is no number', async () => {
    const { isUnfinishedNumber } = await import('../../web/components/shared/settings-table.js');
    for (const text of ['', ' ', '-', '+', '.', '-.', '1e', '-2.5e-', '.5E+']) assert.equal(isUnfinishedNumber(text), true, `"${text}" is on its way`);
    for (const text of ['none', 'e', '1,', '--', '1.2.', '2.5x', '-e']) assert.equal(isUnfinishedNumber(text), false, `"${text}" is no number`);
  });

  it('an attribute or a link holding 1e40 is refused the same way', () => {
    throwsNaming(() => read(widget, { input: '0 1 2 1e40 4 5 6 7 8 9 10 11 12 13 14 15' }), '1e40 is beyond the largest number the core computes with');
  });
});
