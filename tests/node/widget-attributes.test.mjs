// The lesson page turns front-matter widget settings into <pool-widget> attributes; this pins
// that mapping to the attribute contract (names, "2" vs "2 3" sizes, space-separated numbers).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { widgetAttributes } from '../../web/site/widget-attributes.js';

const settings = {
  element: 'pool-widget',
  op: 'max',
  input: { height: 2, width: 3, values: [1, -2.5, 3, 4, 5, 6] },
  kernelSize: [2, 3],
  stride: [1, 1],
  padding: [0, 1],
  gradOutput: [0.5],
};

test('maps every setting to its attribute', () => {
  assert.deepEqual(widgetAttributes(settings), {
    op: 'max',
    'input-height': '2',
    'input-width': '3',
    input: '1 -2.5 3 4 5 6',
    'kernel-size': '2 3',
    stride: '1',
    padding: '0 1',
    'grad-output': '0.5',
  });
});

test('passes a view through only when the lesson sets one', () => {
  assert.equal(widgetAttributes({ ...settings, view: 'backward' }).view, 'backward');
  assert.ok(!('view' in widgetAttributes(settings)), 'no view attribute by default');
});
