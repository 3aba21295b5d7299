// The built WASM module, through the public JS API, against PyTorch's golden data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadCore } from 'pooling-course/core';
import { loadGolden, poolOptions } from './golden.mjs';

const cases = loadGolden(fileURLToPath(new URL('../golden/pool/pool2d.golden', import.meta.url)));
const core = await loadCore();

// Same bits, except that any NaN equals any NaN (Object.is tells -0 from +0).
function assertSameFloats(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    const same = Number.isNaN(expected[i]) ? Number.isNaN(actual[i]) : Object.is(actual[i], expected[i]);
    assert.ok(same, `${what}[${i}]: got ${actual[i]}, expected ${expected[i]}`);
  }
}

function assertClose(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i];
    const ok = Number.isFinite(e) ? Math.abs(actual[i] - e) <= Math.max(1e-6, 1e-6 * Math.abs(e)) : Object.is(actual[i], e);
    assert.ok(ok, `${what}[${i}]: got ${actual[i]}, expected ${e}`);
  }
}

function run(c) {
  const options = poolOptions(c);
  switch (c.op) {
    case 'avg_pool2d':
      return [core.avgPool2d(c.input, c.inputShape, options), core.avgPool2dBackward(c.gradOutput, c.inputShape, options)];
    case 'max_pool2d':
      return [core.maxPool2d(c.input, c.inputShape, options), core.maxPool2dBackward(c.gradOutput, c.indices, c.inputShape, options)];
    case 'adaptive_avg_pool2d':
      return [core.adaptiveAvgPool2d(c.input, c.inputShape, c.outputSize), core.adaptiveAvgPool2dBackward(c.gradOutput, c.inputShape, c.outputSize)];
    default:
      return [core.adaptiveMaxPool2d(c.input, c.inputShape, c.outputSize), core.adaptiveMaxPool2dBackward(c.gradOutput, c.indices, c.inputShape, c.outputSize)];
  }
}

test('the lesson: a 2 x 2 window stepping by 2 over 0..15 gives 2.5, 4.5, 10.5, 12.5', () => {
  const input = Array.from({ length: 16 }, (_, i) => i);
  const { data, shape } = core.avgPool2d(input, [1, 1, 4, 4], { kernelSize: 2, stride: 2 });
  assert.deepEqual([...data], [2.5, 4.5, 10.5, 12.5]);
  assert.deepEqual(shape, [1, 1, 2, 2]);
  const grad = core.avgPool2dBackward([4, 8, 12, 16], [1, 1, 4, 4], { kernelSize: 2 });
  assert.deepEqual([...grad], [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
});

test(`every golden case (${cases.length}) matches PyTorch through the JS API`, () => {
  assert.ok(cases.length > 100, 'the golden file holds the full sweep');
  for (const c of cases) {
    const where = `${c.name} (line ${c.line})`;
    const [forward, gradInput] = run(c);
    assert.deepEqual(forward.shape, c.outputShape, `${where}: shape`);
    assert.ok(forward.data instanceof Float32Array, `${where}: data is a Float32Array`);
    assert.ok(gradInput instanceof Float32Array, `${where}: gradient is a Float32Array`);
    // PyTorch takes a 1 x 1 adaptive average with mean(), which adds in another order (its
    // gradient, one division by H * W, matches to the bit).
    const meanPath = c.op === 'adaptive_avg_pool2d' && c.outputSize[0] === 1 && c.outputSize[1] === 1;
    (meanPath ? assertClose : assertSameFloats)(forward.data, c.output, `${where}: output`);
    assertSameFloats(gradInput, c.gradInput, `${where}: grad_input`);
    if (c.op.includes('max')) assert.deepEqual([...forward.indices], [...c.indices], `${where}: indices`);
    if (c.op === 'max_pool2d') {
      // PyTorch's return_indices=False: the values alone, from the kernels' faster path.
      const valuesOnly = core.maxPool2d(c.input, c.inputShape, { ...poolOptions(c), returnIndices: false });
      assertSameFloats(valuesOnly.data, c.output, `${where}: output without indices`);
      assert.deepEqual(valuesOnly.shape, c.outputShape, `${where}: shape without indices`);
      assert.equal('indices' in valuesOnly, false, `${where}: no indices asked for, none given`);
    }
  }
});

test('results are fresh copies that later calls do not overwrite', () => {
  const first = core.avgPool2d([1, 2, 3, 4], [1, 2, 2], { kernelSize: 2 });
  const big = new Float32Array(1 << 22).fill(1); // forces the heap to grow
  core.avgPool2d(big, [1, 2048, 2048], { kernelSize: 2 });
  assert.deepEqual([...first.data], [2.5]);
  first.data[0] = 99;
  assert.deepEqual([...core.avgPool2d([1, 2, 3, 4], [1, 2, 2], { kernelSize: 2 }).data], [2.5]);
});

test('stride null or missing means kernelSize; pairs and numbers are interchangeable', () => {
  const input = Array.from({ length: 36 }, (_, i) => i);
  const base = core.avgPool2d(input, [1, 6, 6], { kernelSize: 3 });
  assert.deepEqual(base.shape, [1, 2, 2]);
  assert.deepEqual(core.avgPool2d(input, [1, 6, 6], { kernelSize: [3, 3], stride: null }).data, base.data);
  assert.deepEqual(core.pool2dOutputShape([2, 3, 5, 7], { kernelSize: [2, 3], stride: [2, 1], padding: [1, 0], ceilMode: true }), [2, 3, 3, 5]);
  assert.deepEqual(core.pool2dOutputShape([1, 3, 3], { kernelSize: 2, stride: 1, padding: 1 }), [1, 4, 4]);
});

test('kernelName names the C++ function that runs', () => {
  assert.equal(core.kernelName('avgPool2d', [1, 1, 4, 4], { kernelSize: 2 }), 'avg_pool2d_forward_k2s2');
  assert.equal(core.kernelName('avgPool2dBackward', [1, 1, 4, 4], { kernelSize: 2 }), 'avg_pool2d_backward_k2s2');
  assert.equal(core.kernelName('avgPool2d', [1, 1, 4, 4], { kernelSize: 3, stride: 1, padding: 1 }), 'avg_pool2d_forward');
  assert.equal(core.kernelName('maxPool2d', [1, 1, 4, 4], { kernelSize: 2 }), 'max_pool2d_forward');
});
