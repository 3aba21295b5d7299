// Argument checks every family's JS API makes before a value reaches its module: types only
// (integers that fit an int32, numbers, booleans, pairs); ranges are the C++ core's to check.
// Each failure is an error of the family's class naming the parameter and its value.

export const INT32_MAX = 2147483647;

export function isInt32(value) {
  return Number.isInteger(value) && Math.abs(value) <= INT32_MAX;
}

/** [h, w] of int32 integers. */
export function isInt32Pair(value) {
  return Array.isArray(value) && value.length === 2 && isInt32(value[0]) && isInt32(value[1]);
}

/** How a message shows a value: strings quoted, arrays spelled out, objects by their type. */
export function show(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return Object.prototype.toString.call(value);
}

// A plain array or a typed array (a DataView is neither).
const isArrayLike = (values) =>
  Array.isArray(values) || (ArrayBuffer.isView(values) && !(values instanceof DataView));

/**
 * The checks, throwing `FamilyError` (a CoreError subclass, constructed as
 * `new FamilyError(parameter, message)`).
 * @param {new (parameter: string, message: string) => Error} FamilyError
 */
export function argumentChecks(FamilyError) {
  const pairError = (name, value) =>
    new FamilyError(name, `${name} must be an integer or a pair [h, w] of integers, got ${show(value)}`);

  return Object.freeze({
    /** The error for a size that is neither an integer nor [h, w]. */
    pairError,

    /** A number, or [h, w], as [h, w]. */
    toPair(value, name) {
      if (isInt32(value)) return [value, value];
      if (isInt32Pair(value)) return [value[0], value[1]];
      throw pairError(name, value);
    },

    /** true or false; `fallback` when undefined. */
    toFlag(value, name, fallback) {
      if (value === undefined) return fallback;
      if (typeof value === 'boolean') return value;
      throw new FamilyError(name, `${name} must be true or false, got ${show(value)}`);
    },

    /** An array of int32 integers, such as a shape; the rank is the family's to check. */
    checkIntegers(values, name) {
      let ok = Array.isArray(values);
      for (let i = 0; ok && i < values.length; i++) ok = isInt32(values[i]);
      if (!ok) throw new FamilyError(name, `${name} must be an array of integers such as [1, 4, 4], got ${show(values)}`);
    },

    /** A Float32Array as it is, or a copy of another array whose every entry is a number (NaN included). */
    toFloats(values, name) {
      if (values instanceof Float32Array) return values;
      if (!isArrayLike(values)) {
        throw new FamilyError(name, `${name} must be a Float32Array or an array of numbers, got ${show(values)}`);
      }
      for (let i = 0; i < values.length; i++) {
        if (typeof values[i] !== 'number') {
          throw new FamilyError(name, `${name}[${i}] must be a number, got ${show(values[i])}`);
        }
      }
      return Float32Array.from(values);
    },

    /** An Int32Array as it is, or a copy of another array whose every entry is an int32 integer. */
    toInt32s(values, name) {
      if (values instanceof Int32Array) return values;
      if (!isArrayLike(values)) {
        throw new FamilyError(name, `${name} must be an Int32Array or an array of integers, got ${show(values)}`);
      }
      for (let i = 0; i < values.length; i++) {
        if (!isInt32(values[i])) {
          throw new FamilyError(name, `${name}[${i}] must be an integer, got ${show(values[i])}`);
        }
      }
      return Int32Array.from(values);
    },
  });
}
