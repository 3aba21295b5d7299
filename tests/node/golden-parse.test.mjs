// The golden reader reads the committed PyTorch data faithfully: counts, fields, non-finite
// values and signed zeros, and it refuses a damaged file.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadGolden, poolOptions } from './golden.mjs';

const GOLDEN_PATH = fileURLToPath(new URL('../golden/pool/pool2d.golden', import.meta.url));
const cases = loadGolden(GOLDEN_PATH);
const byName = new Map(cases.map((c) => [c.name, c]));

function caseNamed(name) {
  assert.ok(byName.has(name), `golden file has no case ${name}`);
  return byName.get(name);
}

test('reads every case of all four operations', () => {
  assert.ok(cases.length > 50, `only ${cases.length} cases`);
  const ops = new Set(cases.map((c) => c.op));
  assert.deepEqual([...ops].sort(),
    ['adaptive_avg_pool2d', 'adaptive_max_pool2d', 'avg_pool2d', 'max_pool2d']);
});

test('the first case is the lesson example with all its fields', () => {
  const c = cases[0];
  assert.equal(c.name, 'avg_lesson_4x4_k2_s2');
  assert.equal(c.op, 'avg_pool2d');
  assert.deepEqual(c.inputShape, [1, 1, 4, 4]);
  assert.deepEqual(c.kernel, [2, 2]);
  assert.deepEqual(c.stride, [2, 2]);
  assert.deepEqual(c.padding, [0, 0]);
  assert.deepEqual(c.dilation, [1, 1]);
  assert.equal(c.ceilMode, false);
  assert.equal(c.countIncludePad, true);
  assert.equal(c.divisorOverride, 0);
  assert.ok(c.input instanceof Float32Array, 'input is a Float32Array');
  assert.deepEqual([...c.input], Array.from({ length: 16 }, (_, i) => i));
  assert.deepEqual(c.outputShape, [1, 1, 2, 2]);
  assert.deepEqual([...c.output], [2.5, 4.5, 10.5, 12.5]);
  assert.equal(c.indices.length, 0, 'average pooling has no indices');
  assert.deepEqual([...c.gradOutput], [4, 8, 12, 16]);
  assert.deepEqual([...c.gradInput], [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
});

test('nan, inf and -inf parse to NaN, Infinity and -Infinity', () => {
  const avg = caseNamed('avg_inf_and_minus_inf');
  assert.equal(avg.input[0], Infinity, 'input[0]');
  assert.equal(avg.input[2], -Infinity, 'input[2]');
  assert.ok(Number.isNaN(avg.output[2]), `inf + -inf averages to NaN, got ${avg.output[2]}`);

  const max = caseNamed('max_two_nans_last_wins');
  assert.ok(Number.isNaN(max.input[1]) && Number.isNaN(max.input[3]), 'input NaNs');
  assert.ok(Number.isNaN(max.output[0]), 'output NaN');
  assert.deepEqual([...max.indices], [3], 'the last NaN in the window is reported');
});

test('signed zeros and float32 values survive the round trip', () => {
  const zeros = caseNamed('max_tie_negative_zero_first');
  assert.ok(Object.is(zeros.input[0], -0), 'input[0] is -0');
  assert.ok(Object.is(zeros.input[1], 0), 'input[1] is +0');
  assert.ok(Object.is(zeros.output[0], -0), 'output[0] is -0: the first of tied maxima wins');

  // 4/9 and 2/6 are not binary fractions: the text must read back as PyTorch's float32 bits.
  const ones = caseNamed('avg_k3_s2_p1_ceil_past_padding_ones_include_pad');
  assert.equal(ones.output[0], Math.fround(4 / 9), 'output[0]: 4 ones over a 3x3 divisor');
  assert.equal(ones.output[2], Math.fround(2 / 6), 'output[2]: the divisor stops at H + pad');
});

test('fields of max and adaptive cases', () => {
  const dilated = caseNamed('max_k2x3_d2x1_p1');
  assert.equal(dilated.op, 'max_pool2d');
  assert.deepEqual(dilated.dilation, [2, 1]);
  assert.equal(dilated.indices.length, dilated.output.length);
  assert.ok(dilated.indices instanceof Int32Array, 'indices is an Int32Array');
  assert.deepEqual(poolOptions(dilated), {
    kernelSize: [2, 3], stride: [1, 1], padding: [1, 1], ceilMode: false, dilation: [2, 1],
  });

  const divided = caseNamed('avg_divisor_minus_2');
  assert.equal(divided.divisorOverride, -2);
  assert.equal(poolOptions(divided).divisorOverride, -2);
  assert.equal(poolOptions(cases[0]).divisorOverride, null, '0 in the file means none');

  const adaptive = caseNamed('adaptive_max_5x7_to_3x2');
  assert.deepEqual(adaptive.inputShape, [1, 1, 5, 7]);
  assert.deepEqual(adaptive.outputSize, [3, 2]);
  assert.deepEqual(adaptive.outputShape, [1, 1, 3, 2]);
  assert.equal(adaptive.indices.length, 6);

  const rank3 = caseNamed('adaptive_avg_rank3_5x7_to_3x4');
  assert.deepEqual(rank3.inputShape, [2, 5, 7]);
  assert.deepEqual(rank3.outputShape, [2, 3, 4]);
});

test('a damaged file is an error naming the line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'golden-'));
  const text = readFileSync(GOLDEN_PATH, 'utf8');
  const damage = (name, edit) => {
    const path = join(dir, name);
    writeFileSync(path, edit(text));
    return path;
  };
  const extraValue = damage('extra.golden', (t) => t.replace('\noutput 2.5 ', '\noutput 1 2.5 '));
  assert.throws(() => loadGolden(extraValue), /extra\.golden:\d+: case avg_lesson_4x4_k2_s2: output has 5 values/);
  const badNumber = damage('word.golden', (t) => t.replace('\noutput 2.5 ', '\noutput two '));
  assert.throws(() => loadGolden(badNumber), /word\.golden:\d+: not a number: 'two'/);
  const noEnd = damage('noend.golden', (t) => t.replace('\nend\n', '\n'));
  assert.throws(() => loadGolden(noEnd), /has no end/);
  const unknownKey = damage('key.golden', (t) => t.replace('\nceil_mode 0\n', '\nceil 0\n'));
  assert.throws(() => loadGolden(unknownKey), /unknown key 'ceil'/);
});
