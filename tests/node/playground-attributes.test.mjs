// A lesson's playground settings (front matter, as loadCourse normalises them) become the
// attributes <pool-playground> documents: PyTorch's options in kebab-case, sizes as "2" or
// "2 3", options of the other operation left out, and sync-url on every lesson page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { playgroundAttributes } from '../../web/site/widget-attributes.js';

const average = {
  element: 'pool-playground',
  op: 'avg',
  input: { height: 2, width: 3, values: [1, -2.5, 3, 4, 5, 6] },
  kernelSize: [2, 3],
  stride: [1, 1],
  padding: [1, 0],
  dilation: [1, 1],
  ceilMode: true,
  countIncludePad: false,
  divisorOverride: 2,
  gradOutput: 'ones',
};

test('maps an average playground, ceil_mode as a boolean attribute', () => {
  assert.deepEqual(playgroundAttributes(average), {
    op: 'avg',
    'input-height': '2',
    'input-width': '3',
    input: '1 -2.5 3 4 5 6',
    'kernel-size': '2 3',
    stride: '1',
    padding: '1 0',
    'grad-output': 'ones',
    'sync-url': '',
    'ceil-mode': '',
    'count-include-pad': 'false',
    'divisor-override': '2',
  });
});

test('maps a max playground with dilation and no average-only options', () => {
  const max = { ...average, op: 'max', dilation: [2, 1], ceilMode: false, gradOutput: [1, 2], examples: ['tutorial-max'] };
  const attributes = playgroundAttributes(max);
  assert.equal(attributes.dilation, '2 1');
  assert.equal(attributes['grad-output'], '1 2');
  assert.equal(attributes.examples, 'tutorial-max');
  for (const name of ['ceil-mode', 'count-include-pad', 'divisor-override']) assert.ok(!(name in attributes), name);
});

test('an empty list of examples offers none', () => {
  assert.equal(playgroundAttributes({ ...average, examples: [] }).examples, 'none');
});

// ceil-mode is read the way <pool-widget> reads it: HTML-style, and a typo is an error.
test('ceil-mode is on when present or "true", off when absent or "false", and an error otherwise', async () => {
  const { settingsFromAttributes, AttributeError } = await import('../../web/components/pool-playground/attributes.js');
  const host = (attributes) => ({
    hasAttribute: (name) => name in attributes,
    getAttribute: (name) => (name in attributes ? attributes[name] : null),
  });
  assert.equal(settingsFromAttributes(host({ 'ceil-mode': '' })).ceilMode, true);
  assert.equal(settingsFromAttributes(host({ 'ceil-mode': 'true' })).ceilMode, true);
  assert.equal(settingsFromAttributes(host({ 'ceil-mode': 'false' })).ceilMode, false);
  assert.equal(settingsFromAttributes(host({})).ceilMode, false);
  assert.throws(() => settingsFromAttributes(host({ 'ceil-mode': 'maybe' })), (error) =>
    error instanceof AttributeError && /ceil-mode must be present, "true" or "false", not "maybe"/.test(error.message));
});
