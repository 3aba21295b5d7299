// The check every family's "inputs are not modified" test runs: a call never writes to what it
// is given (arrays, records, a state, options) and returns fresh arrays every time, so a page
// may keep its inputs and its results side by side; typed arrays of any type and plain arrays
// give the same results.
import assert from 'node:assert/strict';
import { test } from 'node:test';

/** A deep copy of plain objects, arrays and typed arrays, to compare against after a call. */
export const copy = (value) => (ArrayBuffer.isView(value) ? value.slice()
  : Array.isArray(value) ? value.map(copy)
    : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))
      : value);

/** Every typed array reachable from `value`. */
export const arraysOf = (value) => (ArrayBuffer.isView(value) ? [value]
  : value && typeof value === 'object' ? Object.values(value).flatMap(arraysOf) : []);

// The same arguments with each Float32Array as `convert` gives it, inside records too.
const converted = (convert) => {
  const each = (value) => (value instanceof Float32Array ? convert(value)
    : value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, each(v)]))
      : value);
  return each;
};

/**
 * Two tests per call: `calls` maps a name to a function giving [arguments, call]. The call must
 * leave its arguments as they were and return fresh Float32Arrays, and give the same answer for
 * plain arrays and Float64Arrays as for Float32Arrays.
 */
export function testCallsLeaveTheirInputs(calls) {
  for (const [name, make] of Object.entries(calls)) {
    test(`${name} leaves its arguments as they were and returns fresh arrays`, () => {
      const [args, call] = make();
      const before = args.map(copy);
      const first = call(...args);
      const second = call(...args);
      assert.deepEqual(args.map(copy), before, 'the arguments are as they were');
      assert.deepEqual(second, first, 'the same call answers the same');
      const given = args.flatMap(arraysOf);
      for (const array of arraysOf(second)) {
        assert.ok(array instanceof Float32Array, 'every array returned is a Float32Array');
        assert.ok(!given.some((a) => a.buffer === array.buffer), 'no result shares memory with an argument');
        assert.ok(!arraysOf(first).some((a) => a.buffer === array.buffer), 'nor with an earlier result');
      }
    });

    test(`${name} gives the same answer for plain arrays and Float64Arrays`, () => {
      const [args, call] = make();
      const expected = call(...args);
      assert.deepEqual(call(...args.map(converted((values) => [...values]))), expected);
      assert.deepEqual(call(...args.map(converted((values) => Float64Array.from(values)))), expected);
    });
  }
}
