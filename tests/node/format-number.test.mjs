// How the widgets write numbers (web/components/shared/format-number.js): the strings the
// e2e specs match on, and a float32 too large for plain digits written as briefly as gives it back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cellNumber, formatNumber, formatSetting, readableNumber, readableSetting, shortestFloat32,
} from '../../web/components/shared/format-number.js';

test('whole numbers as they are, others to 4 decimals (4 significant digits below 1)', () => {
  assert.deepEqual([2.5, 1 / 3, 12.345678, -1, 0, -0, 0.000123456, 1e20].map(formatNumber),
    ['2.5', '0.3333', '12.3457', '-1', '0', '0', '0.0001235', '100000000000000000000']);
  assert.deepEqual([NaN, Infinity, -Infinity].map(formatNumber), ['NaN', 'Infinity', '-Infinity']);
  assert.equal(readableNumber(-2.5), '−2.5');
  assert.equal(readableNumber(-2.929e-7), '−2.929e−7', 'a line breaks after a hyphen, never after a minus sign');
  assert.equal(readableSetting(1e-8), '1e−8');
});

test('a float32 too large for plain digits is written with the fewest digits that give it back', () => {
  assert.equal(formatNumber(Math.fround(3.4e38)), '3.4e+38', 'not 3.3999999521443642e+38');
  assert.equal(formatNumber(-Math.fround(3.4e38)), '-3.4e+38');
  assert.equal(formatNumber(Math.fround(3.4028234663852886e38)), '3.4028235e+38', 'float32 max needs 8 digits');
  assert.equal(formatNumber(Math.fround(1e30)), '1e+30');
  assert.equal(formatNumber(3e38), '3e+38', 'a double that is no float32 is written as JavaScript writes it');
  assert.equal(formatSetting(Math.fround(3.4e38)), '3.4e+38');
});

test('shortestFloat32 gives each float32 back with the fewest digits', () => {
  assert.equal(shortestFloat32(Math.fround(0.1)), 0.1);
  assert.equal(shortestFloat32(Math.fround(16777218)), 16777218);
  assert.equal(shortestFloat32(Math.fround(3.4e38)), 3.4e38);
  // A float32 that needs all 9 digits: 8 give the float32 next to it.
  assert.equal(shortestFloat32(Math.fround(10.0001545)), 10.0001545);
  assert.notEqual(Math.fround(10.000154), Math.fround(10.0001545));
});

test('a cell writes a whole float32 of a billion or more as a power of ten, and every other number as formatNumber', () => {
  assert.deepEqual([Math.fround(2.5e19), -Math.fround(1e20), Math.fround(1234567890)].map(cellNumber), ['2.5e+19', '-1e+20', '1.234568e+9']);
  for (const value of [999999936, 16777216, 2.5, -0.00001234, -12345.6777, 0, Math.fround(3.4e38), 1e20]) {
    assert.equal(cellNumber(value), formatNumber(value), String(value));
  }
});
