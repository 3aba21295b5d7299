// Argument checks every family's JS API makes before a value reaches its module: types only
// (integers that fit an int32 or that a double holds exactly, numbers, booleans, pairs, shapes);
// ranges are the C++ core's to check. Each failure is an error of the family's class naming the
// parameter and its value, and what it must be in the words the family gives where it differs.

export const INT32_MAX = 2147483647;
export const INT32_MIN = -2147483648;

// What toInteger takes unless told, and each entry of toInt32s: a refusal of an integer beyond
// int32 names the bound it passes instead.
const AN_INTEGER = 'an integer';

/** An integer in [-2^31, 2^31 - 1]. */
export function isInt32(value) {
  return Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
}

const isNumber = (value) => typeof value === 'number';

/** [h, w] of int32 integers. */
export function isInt32Pair(value) {
  return Array.isArray(value) && value.length === 2 && isInt32(value[0]) && isInt32(value[1]);
}

/** A snake_case word in camelCase: in_proj_weight -> inProjWeight, d_model -> dModel. */
export const camelCase = (word) => word.replace(/_([a-z0-9])/g, (_, letter) => letter.toUpperCase());

const SUBSCRIPT = /\['(\w+)'\]/g;
const SNAKE_WORD = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/**
 * A core's message in the JS API's names: PyTorch's subscripts become properties
 * (state['exp_avg'] -> state.expAvg) and each snake_case word is renamed by `rename`. A family
 * whose few words are not the camelCase of the core's (gradHN, a size PyTorch's docs name) gives
 * its own `rename` around camelCase.
 */
export const toJsNames = (text, rename = camelCase) => text
  .replace(SUBSCRIPT, (_, key) => `.${rename(key)}`)
  .replace(SNAKE_WORD, (word) => rename(word));

// A typed array is read through its prototype's getters, never through properties the caller
// could have given it (an own `length` getter, a Proxy), so reading it runs no caller code.
const TypedArray = Object.getPrototypeOf(Int8Array.prototype);
const typedGetter = (key) => Object.getOwnPropertyDescriptor(TypedArray, key).get;
const typedTag = typedGetter(Symbol.toStringTag);
const typedBuffer = typedGetter('buffer');
const typedOffset = typedGetter('byteOffset');
const typedLength = typedGetter('length');

/** The kind of typed array `values` really is ('Float32Array', ...), or undefined. */
const typedKind = (values) => (ArrayBuffer.isView(values) ? typedTag.call(values) : undefined);

// How much of a value a message spells out: a message stays a line however long, deep or
// cyclic the array it names (an array that holds itself is shown to this depth, not forever).
const SHOWN_ENTRIES = 8;
const SHOWN_DEPTH = 3;
const SHOWN_CHARACTERS = 60;

// The first entries of a list of `length` entries, as show() spells them out at `depth`.
function showEntries(list, length, depth) {
  if (depth === SHOWN_DEPTH) return '[…]';
  const shown = [];
  for (let i = 0; i < Math.min(length, SHOWN_ENTRIES); i++) shown.push(show(list[i], depth + 1));
  if (length > SHOWN_ENTRIES) shown.push(`… ${length - SHOWN_ENTRIES} more`);
  return `[${shown.join(', ')}]`;
}

/**
 * How a message shows a value: strings quoted, arrays spelled out (their first 8 entries, then
 * how many more, nested arrays to a depth of 3), typed arrays the same after their kind
 * (`Float32Array [1, 1]`), BigInts with their n, other objects by their type.
 */
export function show(value, depth = 0) {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > SHOWN_CHARACTERS ? `${value.slice(0, SHOWN_CHARACTERS)}…` : value);
  }
  if (Array.isArray(value)) return showEntries(value, value.length, depth);
  const kind = typedKind(value);
  if (kind !== undefined) return `${kind} ${showEntries(value, typedLength.call(value), depth)}`;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  return Object.prototype.toString.call(value);
}

// The typed arrays whose entries are integers (BigInt64Array's are BigInts, not numbers).
const INTEGER_KINDS = new Set([
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
]);

// Whether a typed array's buffer was detached (transferred to another thread or structuredClone).
// Its length then reads as 0, so a detached view would pass for an empty one; an empty view of
// a live buffer still has its buffer, which a zero-length view can be made of.
function isDetached(view) {
  if (typedLength.call(view) !== 0) return false;
  try {
    new Uint8Array(typedBuffer.call(view), 0, 0);  // eslint-disable-line no-new
    return false;
  } catch {
    return true;
  }
}

/** An integer beyond int32: the words that say which bound it passes ('at most 2147483647'). */
export const int32Bound = (value) => (value > INT32_MAX ? `at most ${INT32_MAX}` : `at least ${INT32_MIN}`);

// An integer JS numbers do not hold exactly (2^53 and beyond): the bound it passes.
const safeBound = (value) => (value > 0 ? `at most ${Number.MAX_SAFE_INTEGER}` : `at least ${Number.MIN_SAFE_INTEGER}`);

// The bound of each range a whole number is read in, for an integer beyond it.
const BOUND_OF = new Map([[isInt32, int32Bound], [Number.isSafeInteger, safeBound]]);

/**
 * The most entries an array that lists sizes or settings (a shape, a pair, betas) is read for:
 * more than any block takes, so a longer one is refused before it is copied. (A sparse array can
 * say it has four billion entries.)
 */
export const LONGEST_LIST = 64;

/** The most values one array may hold: every tensor of the core has at most 2^26 elements. */
export const MAX_VALUES = 67108864;

/**
 * A plain copy of an array (each entry read once), for arguments read more than once: a getter
 * or a Proxy then runs once, before the call writes anything, and cannot change the values
 * later. An array longer than LONGEST_LIST is too long to be a list of sizes or settings: its
 * stand-in has its length but only the entries a message shows, for the caller to refuse.
 * Anything else is returned as it is.
 */
export function snapshot(value) {
  if (!Array.isArray(value)) return value;
  const length = lengthOf(value);
  if (typeof length !== 'number') return length;
  if (length <= LONGEST_LIST) return entries(value, length);
  const standIn = entries(value, SHOWN_ENTRIES);
  standIn.length = length;
  return standIn;
}

// An array's length, read once, or, when it is none an array can have (a Proxy's may read
// anything), a stand-in that every check refuses and a message names by what the length read.
function lengthOf(array) {
  const { length } = array;
  if (Number.isInteger(length) && length >= 0 && length <= 2 ** 32 - 1) return length;
  return Object.freeze({ [Symbol.toStringTag]: `Array whose length reads ${show(length)}` });
}

// The first `length` entries of `value` as a plain array, each read once.
function entries(value, length) {
  const copy = new Array(length);
  for (let i = 0; i < length; i++) copy[i] = value[i];
  return copy;
}


/**
 * The checks, throwing `FamilyError` (a CoreError subclass, constructed as
 * `new FamilyError(parameter, message)`).
 * @param {new (parameter: string, message: string) => Error} FamilyError
 */
export function argumentChecks(FamilyError) {
  // The refusal of `value`, which `isWhole` does not take, saying `name` must be `takes` (or
  // null, when `nullable`). An integer beyond isWhole's range (int32, or the integers JS numbers
  // hold exactly) given where `takes` is 'an integer' is told the bound it passes: 2^53 is an
  // integer. The error names `parameter`.
  function wholeNumberError(value, name, isWhole, takes, nullable = false, parameter = name) {
    if (takes === AN_INTEGER && Number.isInteger(value)) {
      return new FamilyError(parameter, `${name} must be ${BOUND_OF.get(isWhole)(value)}, got ${show(value)}`);
    }
    return new FamilyError(parameter, `${name} must be ${takes}${nullable ? ' or null' : ''}, got ${show(value)}`);
  }

  // `value` when `isWhole` takes it (null too when `nullable`), else wholeNumberError's refusal.
  function wholeNumber(value, name, isWhole, takes, nullable) {
    if (nullable && value === null) return null;
    if (isWhole(value)) return value;
    throw wholeNumberError(value, name, isWhole, takes, nullable);
  }

  // A typed array whose buffer was detached has no values to read: a refusal, not an empty array.
  function refuseDetached(values, name, kind, parameter) {
    if (isDetached(values)) {
      throw new FamilyError(parameter, `${name} is a detached ${kind}: its buffer was transferred away, so it has no values to read`);
    }
  }

  // `typeName` is Type's name, given as a string: reading Type.name is a getter call. An entry
  // that `isEntry` refuses is refused by `entryError(value, path, parameter)`. An error names
  // `parameter` (the argument an array came in, such as a record's name).
  function toTyped(values, name, Type, typeName, isEntry, what, entryError, parameter = name) {
    const kind = typedKind(values);
    if (kind !== undefined) refuseDetached(values, name, kind, parameter);
    if (kind === typeName) return new Type(typedBuffer.call(values), typedOffset.call(values), typedLength.call(values));
    // Arrays and other typed arrays are copied, each entry read once. Anything else is refused,
    // a Proxy of a typed array too (its length cannot be read through it).
    const isArray = Array.isArray(values);
    if (!isArray && kind === undefined) {
      throw new FamilyError(parameter, `${name} must be ${what}, got ${show(values)}`);
    }
    const length = kind === undefined ? lengthOf(values) : typedLength.call(values);
    if (typeof length !== 'number') throw new FamilyError(parameter, `${name} must be ${what}, got ${show(length)}`);
    // Refused before the copy is made: a sparse array can say it has four billion entries.
    if (length > MAX_VALUES) {
      throw new FamilyError(parameter, `${name} has ${length} values, more than ${MAX_VALUES}, the most the core takes`);
    }
    const out = new Type(length);
    for (let i = 0; i < length; i++) {
      const value = values[i];
      if (!isEntry(value)) throw entryError(value, `${name}[${i}]`, parameter);
      out[i] = value;
    }
    return out;
  }

  // How toFloats and toInt32s refuse an entry, `path` naming it (`input[2]`).
  const numberError = (value, path, parameter) => new FamilyError(parameter, `${path} must be a number, got ${show(value)}`);
  const int32Error = (value, path, parameter) => wholeNumberError(value, path, isInt32, AN_INTEGER, false, parameter);

  function toNumberPair(value, name, takes) {
    const pair = snapshot(value);
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every(isNumber)) {
      throw new FamilyError(name, `${name} must be ${takes}, got ${show(pair)}`);
    }
    return pair;
  }

  // A size of integers one of which passes int32's bounds is told that bound.
  const pairError = (name, value) => {
    const sides = Array.isArray(value) && value.length === 2 ? value : [value];
    const beyond = sides.every(Number.isInteger) ? sides.find((side) => !isInt32(side)) : undefined;
    if (beyond !== undefined) return new FamilyError(name, `${name} must be ${int32Bound(beyond)}, got ${show(value)}`);
    return new FamilyError(name, `${name} must be an integer or a pair [h, w] of integers, got ${show(value)}`);
  };

  return Object.freeze({
    /** The error for a size that is neither an int32 nor [h, w] of int32s: one beyond int32 is
     * told the bound it passes (`must be at most 2147483647`). */
    pairError,

    /** A number, or [h, w], as [h, w]. */
    toPair(value, name) {
      if (isInt32(value)) return [value, value];
      if (isInt32Pair(value)) return [value[0], value[1]];
      throw pairError(name, value);
    },

    /** A plain copy of a pair of numbers, each read once (their range is the core's to
     * check); a refusal says `name` must be `takes`, which names what the pair stands for. */
    toNumberPair,

    /** An optimiser's `betas`: a pair [beta1, beta2] of numbers. */
    toBetas(value, name = 'betas') {
      return toNumberPair(value, name, 'a pair [beta1, beta2] of numbers');
    },

    /** A number (NaN and the infinities too: the core says which values it takes). An error
     * names `parameter` (default `name`). */
    toNumber(value, name, parameter = name) {
      if (typeof value === 'number') return value;
      throw new FamilyError(parameter, `${name} must be a number, got ${show(value)}`);
    },

    /**
     * An int32 integer (its range is the core's to check), or null when `nullable`. A refusal
     * says `name` must be `takes`: 'an integer' (an integer beyond int32 is told the bound it
     * passes: `must be at most 2147483647`), or the range a family's messages name where the
     * core words its own refusals the same way ('a whole number from 1 to 16').
     */
    toInteger(value, name, { takes = AN_INTEGER, nullable = false } = {}) {
      return wholeNumber(value, name, isInt32, takes, nullable);
    },

    /** An integer JS numbers hold exactly, for a core that takes it in 64 bits (a length) and
     * checks its range itself. */
    toSafeInteger(value, name) {
      return wholeNumber(value, name, Number.isSafeInteger, AN_INTEGER, false);
    },

    /** A seed: an integer JS numbers hold exactly; the core takes those in [0, 2^32 - 1] and
     * names the others in the same words. */
    toSeed(value, name = 'seed') {
      return wholeNumber(value, name, Number.isSafeInteger, 'an integer in [0, 4294967295]', false);
    },

    /** true or false; `fallback` when undefined. */
    toFlag(value, name, fallback) {
      if (value === undefined) return fallback;
      if (typeof value === 'boolean') return value;
      throw new FamilyError(name, `${name} must be true or false, got ${show(value)}`);
    },

    /**
     * A Float32Array's values (a fresh view of its memory, no copy), or a copy of another array
     * whose every entry is a number (NaN included), each entry read once. An error names
     * `parameter` (default `name`): a record's arrays are reported against the record.
     */
    toFloats(values, name, parameter = name) {
      return toTyped(values, name, Float32Array, 'Float32Array', isNumber, 'a Float32Array or an array of numbers', numberError, parameter);
    },

    /**
     * A shape as an Int32Array (a copy, each entry read once) of an array of int32 integers or
     * an integer typed array (Int32Array, Uint8Array, ...). Its rank and range are the core's
     * to check (or the family's, before it writes the shape somewhere); `expected` only words a
     * refusal: the shape the call takes, '[rows, columns]', or an example, 'such as [2, 3]'. An
     * integer beyond int32 is told the bound it passes.
     */
    toShape(value, name, expected) {
      const kind = typedKind(value);
      if (kind !== undefined) refuseDetached(value, name, kind, name);
      const takes = expected === undefined ? '' : ` ${expected}`;
      const isList = INTEGER_KINDS.has(kind) || Array.isArray(value);
      // The length is read once, and a list too long for a shape is refused before its copy.
      const length = isList ? (kind === undefined ? lengthOf(value) : typedLength.call(value)) : 0;
      if (typeof length !== 'number') throw new FamilyError(name, `${name} must be an array of integers${takes}, got ${show(length)}`);
      if (length > LONGEST_LIST) {
        throw new FamilyError(name, `${name} must be an array of at most ${LONGEST_LIST} integers${takes}, got ${length} entries`);
      }
      const sizes = isList ? entries(value, length) : value;
      if (!Array.isArray(sizes) || !sizes.every(Number.isInteger)) {
        throw new FamilyError(name, `${name} must be an array of integers${takes}, got ${show(sizes)}`);
      }
      const beyond = sizes.findIndex((size) => !isInt32(size));
      if (beyond >= 0) throw new FamilyError(name, `${name}[${beyond}] must be ${int32Bound(sizes[beyond])}, got ${sizes[beyond]}`);
      return Int32Array.from(sizes);
    },

    /**
     * An object with exactly `keys` (own properties, each read once), each value read by
     * `read(value, 'name.key')`. A key in `optional` may be left out or null (read as null).
     * An error names `parameter` (default `name`): a record inside another (a state's buffers)
     * is reported against the outer one.
     */
    readRecord(value, name, keys, read, optional = [], parameter = name) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new FamilyError(parameter, `${name} must be { ${keys.join(', ')} }, got ${show(value)}`);
      }
      const given = {};
      for (const key of Object.keys(value)) {
        const entry = value[key];
        if (!keys.includes(key)) throw new FamilyError(parameter, `${name} has no ${key} (got ${show(entry)}); its keys are ${keys.join(', ')}`);
        given[key] = entry;
      }
      return Object.fromEntries(keys.map((key) => {
        const absent = !Object.hasOwn(given, key) || given[key] === undefined;
        if (optional.includes(key) && (absent || given[key] === null)) return [key, null];
        if (absent) throw new FamilyError(parameter, `${name}.${key} is missing; ${name} is { ${keys.join(', ')} }`);
        return [key, read(given[key], `${name}.${key}`)];
      }));
    },

    /**
     * The options of one call to `name`: a copy of `defaults` with each own enumerable property
     * of `options` read once (inherited keys are not options; undefined keeps the default). A
     * key not in `known` is refused, naming the options `name` takes.
     */
    readOptions(options, name, known, defaults) {
      const read = { ...defaults };
      if (options === undefined) return read;
      if (options === null || typeof options !== 'object' || Array.isArray(options)) {
        throw new FamilyError('options', `options of ${name} must be an object, got ${show(options)}`);
      }
      for (const key of Object.keys(options)) {
        const value = options[key];
        if (!known.includes(key)) {
          const takes = known.length ? `its options are ${known.join(', ')}` : 'it takes no options';
          throw new FamilyError(key, `${name} has no option ${key} (got ${show(value)}); ${takes}`);
        }
        if (value !== undefined) read[key] = value;
      }
      return read;
    },

    /** An Int32Array's values (a fresh view), or a copy of another array of int32 integers; an
     * entry beyond int32 is told the bound it passes (`target[0] must be at most 2147483647`). */
    toInt32s(values, name) {
      return toTyped(values, name, Int32Array, 'Int32Array', isInt32, 'an Int32Array or an array of integers', int32Error);
    },
  });
}
