// core/common/js/args.js on its own: each check every family's JS API makes returns the value it
// takes (a shape as an Int32Array copy, a pair as a plain copy) and refuses any other with the
// family's error class, naming the parameter and, in the words the family gives, what it takes.
// The families' rejection tests pin the messages their callers see; these pin the checks'
// parameters (takes, nullable, letters) and what each returns.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { argumentChecks, show } from '../../core/common/js/args.js';

class TestError extends Error {
  constructor(parameter, message) {
    super(message);
    this.name = 'TestError';
    this.parameter = parameter;
  }
}

const { toInteger, toNumberPair, toSafeInteger, toSeed, toShape } = argumentChecks(TestError);

function refuses(call, parameter, message) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof TestError, `the family's class, got ${error}`);
    assert.equal(error.parameter, parameter);
    assert.equal(error.message, message);
    return true;
  });
}

// An array whose every entry is a getter counting its reads.
function counted(values) {
  const reads = { count: 0 };
  const array = [];
  values.forEach((value, i) => Object.defineProperty(array, i, { get() { reads.count++; return value; }, enumerable: true }));
  return { array, reads };
}

test('toInteger takes an int32 and refuses the rest as "an integer" by default, an integer beyond int32 naming the bound', () => {
  for (const value of [0, -1, 2147483647, -2147483648]) assert.equal(toInteger(value, 'dim'), value);
  refuses(() => toInteger(1.5, 'dim'), 'dim', 'dim must be an integer, got 1.5');
  refuses(() => toInteger(2147483648, 'dim'), 'dim', 'dim must be at most 2147483647, got 2147483648');
  refuses(() => toInteger(-2147483649, 'dim'), 'dim', 'dim must be at least -2147483648, got -2147483649');
  refuses(() => toInteger(2 ** 31, 'divisorOverride', { nullable: true }), 'divisorOverride', 'divisorOverride must be at most 2147483647, got 2147483648');
  refuses(() => toInteger('3', 'dim'), 'dim', 'dim must be an integer, got "3"');
  refuses(() => toInteger(null, 'dim'), 'dim', 'dim must be an integer, got null');
});

test('toInteger words a refusal as `takes` says', () => {
  const takes = 'a whole number from 1 to 16';
  assert.equal(toInteger(17, 'hidden', { takes }), 17, 'the range is the core\'s to check');
  refuses(() => toInteger(2.5, 'hidden', { takes }), 'hidden', 'hidden must be a whole number from 1 to 16, got 2.5');
  refuses(() => toInteger(2 ** 31, 'hidden', { takes }), 'hidden', 'hidden must be a whole number from 1 to 16, got 2147483648');
});

test('toInteger takes null only when nullable, and says so', () => {
  assert.equal(toInteger(null, 'paddingIdx', { nullable: true }), null);
  assert.equal(toInteger(-2, 'paddingIdx', { nullable: true }), -2);
  refuses(() => toInteger(undefined, 'paddingIdx', { nullable: true }), 'paddingIdx', 'paddingIdx must be an integer or null, got undefined');
  refuses(() => toInteger('1', 'paddingIdx', { takes: 'an index', nullable: true }), 'paddingIdx', 'paddingIdx must be an index or null, got "1"');
});

test('toSafeInteger takes any integer a double holds exactly, beyond int32 too, and names the bound an integer beyond passes', () => {
  assert.equal(toSafeInteger(2 ** 40, 'length'), 2 ** 40);
  assert.equal(toSafeInteger(-1, 'length'), -1, 'the range is the core\'s to check');
  refuses(() => toSafeInteger(2 ** 53, 'length'), 'length', 'length must be at most 9007199254740991, got 9007199254740992');
  refuses(() => toSafeInteger(-(2 ** 53), 'length'), 'length', 'length must be at least -9007199254740991, got -9007199254740992');
  refuses(() => toSafeInteger(1.5, 'length'), 'length', 'length must be an integer, got 1.5');
  refuses(() => toSafeInteger(4n, 'length'), 'length', 'length must be an integer, got 4n');
});

test('toSeed is a safe integer whose refusal names the range the core takes', () => {
  assert.equal(toSeed(2 ** 32), 2 ** 32, 'the range is the core\'s to check');
  refuses(() => toSeed(0.5), 'seed', 'seed must be an integer in [0, 4294967295], got 0.5');
  refuses(() => toSeed(NaN, 'dropSeed'), 'dropSeed', 'dropSeed must be an integer in [0, 4294967295], got NaN');
});

test('toShape returns an Int32Array copy, each entry read once', () => {
  const given = [2, 3];
  const shape = toShape(given, 'shape');
  assert.ok(shape instanceof Int32Array, 'an Int32Array, as the bindings copy it in at once');
  assert.deepEqual([...shape], [2, 3]);
  given[0] = 9;
  assert.equal(shape[0], 2, 'a copy, not the caller\'s array');
  const { array, reads } = counted([1, -2, 2147483647]);
  assert.deepEqual([...toShape(array, 'shape', '[N, C, L]')], [1, -2, 2147483647]);
  assert.equal(reads.count, 3, 'each size read once');
});

test('toShape takes any integer typed array as a copy, as it returns an Int32Array itself', () => {
  for (const Type of [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array]) {
    const given = Type.of(2, 3);
    const shape = toShape(given, 'shape', '[rows, columns]');
    assert.ok(shape instanceof Int32Array && shape !== given, `${Type.name}: an Int32Array copy`);
    assert.deepEqual([...shape], [2, 3], Type.name);
  }
  assert.deepEqual([...toShape(toShape([4, -1], 'shape', '[N, C]'), 'shape', '[N, C]')], [4, -1], 'a shape toShape returned is taken back');
  const sized = Int32Array.of(1, 4, 4);
  Object.defineProperty(sized, 'length', { value: 99 });
  sized[Symbol.iterator] = () => { throw new Error('read through its iterator'); };
  assert.deepEqual([...toShape(sized, 'shape', 'such as [1, 4, 4]')], [1, 4, 4], 'read through its own memory, no caller code');
  refuses(() => toShape(Uint32Array.of(1, 2 ** 31), 'shape', '[N, C]'), 'shape', 'shape[1] must be at most 2147483647, got 2147483648');
  refuses(() => toShape(Float64Array.of(2, 3), 'shape', '[N, C]'), 'shape', 'shape must be an array of integers [N, C], got Float64Array [2, 3]');
  refuses(() => toShape(BigInt64Array.of(2n), 'shape', '[N, C]'), 'shape', 'shape must be an array of integers [N, C], got BigInt64Array [2n]');
});

test('toShape names the shape a call takes, or an example when it takes any rank, and an integer beyond int32 by its bound', () => {
  refuses(() => toShape([2, 1.5], 'inputShape', '[T, I]'), 'inputShape', 'inputShape must be an array of integers [T, I], got [2, 1.5]');
  refuses(() => toShape(6, 'shape', 'such as [2, 3]'), 'shape', 'shape must be an array of integers such as [2, 3], got 6');
  refuses(() => toShape(6, 'shape'), 'shape', 'shape must be an array of integers, got 6');
  refuses(() => toShape([2 ** 31], 'shape', 'such as [2, 3]'), 'shape', 'shape[0] must be at most 2147483647, got 2147483648');
  refuses(() => toShape([1, -(2 ** 31) - 1], 'shape', 'such as [2, 3]'), 'shape', 'shape[1] must be at least -2147483648, got -2147483649');
});

test('toNumberPair returns a plain copy of two numbers, each read once, or refuses in the words given', () => {
  const { array, reads } = counted([-1, NaN]);
  const pair = toNumberPair(array, 'x', 'two numbers, the lower first');
  assert.ok(Array.isArray(pair) && pair !== array);
  assert.deepEqual(pair, [-1, NaN]);
  assert.equal(reads.count, 2, 'each entry read once');
  refuses(() => toNumberPair([1], 'x', 'two numbers, the lower first'), 'x', 'x must be two numbers, the lower first, got [1]');
  refuses(() => toNumberPair([1, '2'], 'y', 'two numbers, the lower first'), 'y', 'y must be two numbers, the lower first, got [1, "2"]');
  refuses(() => toNumberPair(Float32Array.of(1, 2), 'betas', 'a pair'), 'betas', 'betas must be a pair, got Float32Array [1, 2]');
});

test('a refusal spells out at most 8 entries of an array, 3 arrays deep, 60 characters of a string, and a BigInt with its n', () => {
  const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  refuses(() => toNumberPair(nine, 'betas', 'a pair'), 'betas', 'betas must be a pair, got [1, 2, 3, 4, 5, 6, 7, 8, … 1 more]');
  const cyclic = [1];
  cyclic.push(cyclic);
  refuses(() => toNumberPair(cyclic, 'betas', 'a pair'), 'betas', 'betas must be a pair, got [1, [1, [1, […]]]]');
  refuses(() => toInteger('x'.repeat(1e6), 'dim'), 'dim', `dim must be an integer, got "${'x'.repeat(60)}…"`);
  refuses(() => toInteger(5n, 'dim'), 'dim', 'dim must be an integer, got 5n');
});

test('a refusal spells out a typed array as an array, after its kind, read through its own memory', () => {
  refuses(() => toNumberPair(Float32Array.of(1, 2, 3), 'betas', 'a pair'), 'betas', 'betas must be a pair, got Float32Array [1, 2, 3]');
  assert.equal(show(new Float64Array(10)), 'Float64Array [0, 0, 0, 0, 0, 0, 0, 0, … 2 more]');
  assert.equal(show(Float32Array.of(0.5, -0, NaN, Infinity)), 'Float32Array [0.5, 0, NaN, Infinity]');
  assert.equal(show(BigUint64Array.of(7n)), 'BigUint64Array [7n]');
  assert.equal(show([Uint8Array.of(1), [[Int32Array.of(2)]]]), '[Uint8Array [1], [[Int32Array […]]]]', 'nested to a depth of 3, as arrays');
  const claiming = Int16Array.of(4, 5);
  Object.defineProperty(claiming, 'length', { get() { throw new Error('read through its own length'); } });
  assert.equal(show(claiming), 'Int16Array [4, 5]', 'its length read through its prototype, no caller code');
  const moved = Float32Array.of(1);
  structuredClone(moved.buffer, { transfer: [moved.buffer] });
  assert.equal(show(moved), 'Float32Array []', 'a detached array has no values to show');
  assert.equal(show(new DataView(new ArrayBuffer(4))), '[object DataView]', 'a DataView is no list of values');
});

test('a list far longer than any shape or pair is refused by its length, before it is copied or read', () => {
  // A sparse array says it has 2^32 - 1 entries and has none: copied, it would take the
  // process's memory; read entry by entry, minutes.
  const huge = [];
  huge.length = 2 ** 32 - 1;
  refuses(() => toShape(huge, 'shape', 'such as [2, 3]'), 'shape', 'shape must be an array of at most 64 integers such as [2, 3], got 4294967295 entries');
  refuses(() => toNumberPair(huge, 'betas', 'a pair'), 'betas', 'betas must be a pair, got [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, … 4294967287 more]');
  refuses(() => toShape(new Int32Array(65), 'shape', '[N, C]'), 'shape', 'shape must be an array of at most 64 integers [N, C], got 65 entries');
  assert.equal(toShape(new Array(64).fill(1), 'shape').length, 64, 'the longest list is read (its rank is the core\'s to check)');
});

test('an array of more values than any tensor holds is refused before its copy is made', () => {
  const { toFloats, toInt32s } = argumentChecks(TestError);
  const huge = [];
  huge.length = 2 ** 32 - 1;
  refuses(() => toFloats(huge, 'input'), 'input', 'input has 4294967295 values, more than 67108864, the most the core takes');
  refuses(() => toInt32s(huge, 'indices'), 'indices', 'indices has 4294967295 values, more than 67108864, the most the core takes');
  refuses(() => toFloats(new Float64Array(2 ** 26 + 1), 'input'), 'input', 'input has 67108865 values, more than 67108864, the most the core takes');
});

test('an array whose length reads as no array\'s can (a Proxy\'s) is refused with the family\'s error, by what it read', () => {
  const { toFloats } = argumentChecks(TestError);
  const claiming = (length) => new Proxy([], { get: (target, key) => (key === 'length' ? length : target[key]) });
  for (const length of [-1, 2.5, NaN, 2 ** 40]) {
    refuses(() => toShape(claiming(length), 'shape'), 'shape', `shape must be an array of integers, got [object Array whose length reads ${length}]`);
    refuses(() => toNumberPair(claiming(length), 'betas', 'a pair'), 'betas', `betas must be a pair, got [object Array whose length reads ${length}]`);
    refuses(() => toFloats(claiming(length), 'input'), 'input', `input must be a Float32Array or an array of numbers, got [object Array whose length reads ${length}]`);
  }
});
