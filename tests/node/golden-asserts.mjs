// What the families' match-pytorch tests assert of a golden case's values: the same float32s to
// the bit, or within the golden tolerance. A failure names what it checked and the first index
// that differs.
import assert from 'node:assert/strict';

import { firstMismatch } from './activations-golden.mjs';

/** The same float32 values, -0 told from +0 (any NaN equals any NaN). */
export function assertBits(expected, actual, what) {
  assert.ok(actual instanceof Float32Array, `${what}: a Float32Array`);
  assert.equal(actual.length, expected.length, `${what}: length`);
  const i = expected.findIndex((e, k) => !Object.is(e, actual[k]));
  assert.equal(i, -1, `${what}: at index ${i}, got ${actual[i]}, expected ${expected[i]}`);
}

/**
 * `actual` within max(abs, 1e-5 |expected|) of case `c`'s values under `key`, abs being the
 * case's own `tolerance` where its golden file gives one (twice PyTorch's own float32 distance
 * from float64), else 1e-6.
 */
export function assertNear(c, key, actual) {
  const where = `${c.name} (line ${c.line}): ${key}`;
  assert.ok(actual instanceof Float32Array, `${where}: a Float32Array`);
  const abs = c.numbers.tolerance?.[0] ?? 1e-6;
  const i = firstMismatch(c.values[key], actual, abs);
  assert.equal(i, -1, `${where}: at index ${i}, got ${actual[i]}, expected ${c.values[key][i]}`);
}
