// What getState reports of attributes that do not read: every key, null where its attribute
// cannot be read or where its value would have to be worked out from one that cannot, so nothing
// is made up from a setting that was not read. The elements build their state on these readers
// (the browser specs check the elements, and their `error`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { settingsFromAttributes as linearFromAttributes } from '../../web/components/linear-widget/settings.js';
import { SETTINGS as POOL_WIDGET } from '../../web/components/pool-widget/settings.js';
import { readAttributes } from '../../web/components/shared/settings-table.js';

const reader = (attributes) => (name) => (name in attributes ? attributes[name] : null);
const LENIENT = { unreadable: null };
const keysOf = (table) => table.map((row) => row.key);

describe('readAttributes with { unreadable: null }', () => {
  it('reads what reads as the strict reader does', () => {
    const attributes = { op: 'max', 'kernel-size': '3', padding: '1', input: '1 2 3 4', 'input-height': '2', 'input-width': '2' };
    assert.deepEqual(readAttributes(POOL_WIDGET, reader(attributes), LENIENT), readAttributes(POOL_WIDGET, reader(attributes)));
  });

  it('has every key, null for an attribute that does not read', () => {
    const settings = readAttributes(POOL_WIDGET, reader({ 'kernel-size': 'two', view: 'sideways' }), LENIENT);
    assert.deepEqual(Object.keys(settings), keysOf(POOL_WIDGET));
    assert.equal(settings.kernelSize, null);
    assert.equal(settings.view, null);
    assert.equal(settings.op, 'avg', 'a setting left out is its default');
    assert.deepEqual(settings.padding, [0, 0]);
  });

  it('makes no value up from a setting it could not read', () => {
    // stride's default is the kernel size; the default input counts the picture's cells.
    const settings = readAttributes(POOL_WIDGET, reader({ 'kernel-size': 'two', 'input-height': 'tall' }), LENIENT);
    assert.equal(settings.stride, null, 'no stride made from an unread kernel size');
    assert.equal(settings.input, null, 'no picture made from an unread height');
    assert.equal(settings.inputWidth, 4, 'a setting beside them reads');
  });

  it('leaves null a given value whose check needs an unread setting, and keeps one whose check does not', () => {
    const settings = readAttributes(POOL_WIDGET, reader({ 'input-height': 'tall', input: '1 2 3 4', 'kernel-size': '3' }), LENIENT);
    assert.equal(settings.input, null, 'how many numbers the picture needs is not known');
    assert.deepEqual(settings.kernelSize, [3, 3]);
    assert.deepEqual(settings.stride, [3, 3], 'stride follows the kernel size that did read');
  });

  it('reads a value that breaks its own check as null', () => {
    // 3 numbers for a 4 x 4 picture: the input reads, its check refuses it.
    const settings = readAttributes(POOL_WIDGET, reader({ input: '1 2 3' }), LENIENT);
    assert.equal(settings.input, null);
    assert.equal(settings.inputHeight, 4);
  });

  it('still throws what is not an attribute\'s fault', () => {
    const broken = [{ key: 'a', attribute: 'a', kind: 'count', min: 1, fallback: () => { throw new TypeError('a bug'); } }];
    assert.throws(() => readAttributes(broken, reader({}), LENIENT), TypeError);
  });
});

describe('linear-widget\'s reader with { unreadable: null }', () => {
  it('leaves null what needs a size that does not read, and nothing else', () => {
    // The batch is in the input's count and the upstream gradient's, not in the weight's or the
    // bias's; a grad_weight cell is named by out_features and in_features alone.
    const settings = linearFromAttributes(reader({ batch: 'two', weight: '1 2 3 4 5 6', selected: 'grad_weight 2,3' }), LENIENT);
    assert.equal(settings.batch, null);
    assert.equal(settings.input, null);
    assert.equal(settings.gradOutput, null);
    assert.deepEqual(settings.weight, [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(settings.bias, [0.5, -1]);
    assert.equal(settings.selected, 'grad_weight 2,3');
    const unsized = linearFromAttributes(reader({ 'in-features': 'three', selected: 'grad_input 1,3' }), LENIENT);
    assert.equal(unsized.selected, null, 'a grad_input cell needs in_features');
    assert.deepEqual(unsized.gradOutput, [1, 1, 1, 1], 'the upstream gradient does not');
  });

  it('leaves a selection null that names no cell, where the strict reader throws', () => {
    const attributes = { bias: 'null', selected: 'grad_bias 1' };
    assert.throws(() => linearFromAttributes(reader(attributes)), /there is no grad_bias/);
    const settings = linearFromAttributes(reader(attributes), LENIENT);
    assert.equal(settings.selected, null);
    assert.equal(settings.bias, null, 'no bias, as given');
    assert.deepEqual(settings.gradOutput, [1, 1, 1, 1], '"ones" is its 1s, the sizes being known');
  });
});
