// Options are read once, as own properties, before a call writes anything to the heap: a getter
// that calls the core again, or a key added to Object.prototype, can change neither this call's
// settings nor another call's, nor make a call read another call's data. The same holds for
// shapes, outputSize and input arrays whose entries are getters, and for typed arrays given an
// own `length` or `subarray`.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore, PoolError } from 'pooling-course/core';

const core = await loadCore();
const lesson = Float32Array.from({ length: 16 }, (_, i) => i);
const shape = [1, 1, 4, 4];
const AVERAGES = [2.5, 4.5, 10.5, 12.5];

// A call of other settings and data, made from inside the outer call's arguments.
function otherCall() {
  const inner = core.maxPool2d(Float32Array.from({ length: 36 }, (_, i) => 100 - i), [1, 6, 6], { kernelSize: 3, stride: 1, padding: 1 });
  assert.equal(inner.data[0], 100);
  assert.deepEqual(inner.shape, [1, 6, 6]);
  return inner;
}

test('a getter that calls the core again changes neither call', () => {
  let calls = 0;
  const options = {
    get kernelSize() { calls++; otherCall(); return 2; },
    get stride() { calls++; otherCall(); return 2; },
  };
  assert.deepEqual([...core.avgPool2d(lesson, shape, options).data], AVERAGES);
  assert.equal(calls, 2, 'each option read once');
  const backward = core.avgPool2dBackward([4, 8, 12, 16], shape, options);
  assert.deepEqual([...backward], [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
  assert.deepEqual(core.pool2dOutputShape([1, 6, 6], options), [1, 3, 3]);
  assert.equal(core.kernelName('avgPool2d', shape, options), 'avg_pool2d_forward_k2s2');
});

test('getters in a shape, an outputSize, an input or indices run once, before the call', () => {
  const counted = (values) => {
    const array = [...values];
    let reads = 0;
    for (let i = 0; i < array.length; i++) {
      const value = array[i];
      Object.defineProperty(array, i, { get() { reads++; otherCall(); return value; }, enumerable: true });
    }
    return { array, reads: () => reads };
  };
  const s = counted(shape);
  const input = counted(lesson);
  assert.deepEqual([...core.avgPool2d(input.array, s.array, { kernelSize: 2 }).data], AVERAGES);
  assert.equal(s.reads(), 4);
  assert.equal(input.reads(), 16);
  const size = counted([2, 2]);
  assert.deepEqual([...core.adaptiveAvgPool2d(lesson, shape, size.array).data], AVERAGES);
  assert.equal(size.reads(), 2);
  const { indices } = core.maxPool2d(lesson, shape, { kernelSize: 2 });
  const idx = counted(indices);
  const grad = core.maxPool2dBackward([1, 2, 3, 4], idx.array, shape, { kernelSize: 2 });
  assert.deepEqual([...grad], [0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 3, 0, 4]);
  assert.equal(idx.reads(), 4);
});

test('a typed array is read through its own memory, not through properties it was given', () => {
  const input = Float32Array.from(lesson);
  Object.defineProperty(input, 'length', { get() { otherCall(); return 4; } });
  input.subarray = () => { throw new Error('subarray must not be called'); };
  assert.deepEqual([...core.avgPool2d(input, shape, { kernelSize: 2 }).data], AVERAGES);
  const proxy = new Proxy(Float32Array.from(lesson), {});
  assert.throws(() => core.avgPool2d(proxy, shape, { kernelSize: 2 }), PoolError, 'a Proxy of a typed array is refused');
  const arrayProxy = new Proxy([...lesson], {});
  assert.deepEqual([...core.avgPool2d(arrayProxy, shape, { kernelSize: 2 }).data], AVERAGES, 'a Proxy of an array is copied');
});

test('keys added to Object.prototype change no call', () => {
  const added = { stride: 1, padding: 1, ceilMode: true, countIncludePad: false, divisorOverride: 3, dilation: 2, returnIndices: false, unknownOption: 1 };
  Object.assign(Object.prototype, added);
  try {
    assert.deepEqual([...core.avgPool2d(lesson, shape, { kernelSize: 2 }).data], AVERAGES);
    const max = core.maxPool2d(lesson, shape, { kernelSize: 2 });
    assert.deepEqual([...max.data], [5, 7, 13, 15]);
    assert.deepEqual([...max.indices], [5, 7, 13, 15], 'indices are still returned');
    assert.deepEqual(core.pool2dOutputShape(shape, { kernelSize: 2 }), [1, 1, 2, 2]);
    assert.throws(() => core.avgPool2d(lesson, shape, { kernelSize: 2, padding: 3 }), PoolError);
  } finally {
    for (const key of Object.keys(added)) delete Object.prototype[key];
  }
  assert.deepEqual([...core.avgPool2d(lesson, shape, { kernelSize: 2 }).data], AVERAGES);
});

test('an option inherited from a prototype is not an option (own properties only)', () => {
  const options = Object.create({ stride: 1 });
  options.kernelSize = 2;
  assert.deepEqual([...core.avgPool2d(lesson, shape, options).data], AVERAGES);
});
