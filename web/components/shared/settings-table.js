// Reading and writing settings through one table. A table is a list of rows, one per setting:
//
//   { name: 'kernel_size', key: 'kernelSize', attribute: 'kernel-size', kind: 'size',
//     fallback: [2, 2], ops: ['avg', 'max'] }
//
// name is PyTorch's (front matter and URL queries), key is JavaScript's (getState, setState,
// the core's options), attribute is HTML's. kind says how a value is written in each of those
// places (KINDS below); fallback is the value when a setting is not given (a function of the
// settings read so far where it depends on them); ops lists the operations the setting belongs
// to. Every reader and writer below derives from the rows, so a setting is named once. A row
// whose link key differs from its name says so (`queryName`), and reads the key links used
// before (its attribute) with `readOldQuery` where that meant something else.
//
// A fallback that is a function of other settings follows them wherever the row is left out:
// in an attribute, and in a link over settings that hold it (stride follows kernel_size, a
// gradient per parameter value follows the parameter's length). A row whose value was worked
// out for other settings (`resetsWith`: a page's upstream gradients fit its own windows) goes
// back to its fallback when a link changes those and leaves it out. A row that takes null as a
// value of its own, not its default (a layer without a bias), writes it in attributes as its
// `nullText`, and reads that or "none".
//
// No DOM here: the elements, the lesson loader (Node), the iframe route and oEmbed share it.

/** A bad attribute value; the message starts by quoting the attribute as it was written. */
export class AttributeError extends Error {
  constructor(attribute, value, problem) {
    super(`${quoteAttribute(attribute, value)}: ${problem}`);
    this.name = 'AttributeError';
    this.attribute = attribute;
  }
}

/** A value given in code (setState) that cannot be stored; `key` and `value` name it. */
export class SettingsStateError extends Error {
  constructor(key, value, message) {
    super(message);
    this.name = 'SettingsStateError';
    this.key = key;
    this.value = value;
  }
}

/** A query-string value that cannot be read; `key` names it. */
export class SettingsQueryError extends Error {
  constructor(key, message) {
    super(message);
    this.name = 'SettingsQueryError';
    this.key = key;
  }
}

/** A front-matter field that cannot be read; `field` is its path, e.g. "widget.stride". */
export class FieldError extends Error {
  constructor(field, message) {
    super(message);
    this.name = 'FieldError';
    this.field = field;
  }
}

/** `stride="0"`, shortened when the value is long (a 100-number input). */
function quoteAttribute(attribute, value) {
  if (value === null || value === undefined) return `Attribute ${attribute}`;
  return `Attribute ${attribute}="${shorten(String(value), 40)}"`;
}

// Kinds -------------------------------------------------------------------------------------
//
// Each kind reads an attribute (text), a query value (text), a front-matter value (YAML) and
// a state value (JavaScript), and writes attribute and query text. A reader returns the value
// or throws the given `fail(problem)`.

/**
 * A number as the course reads one: decimal, with an optional point and exponent ("2.5", "-1",
 * ".5", "1e-3"). Its digits split one way only (\d+ then a point, never \d+ then \d*), so a
 * pasted line of 100,000 digits is tested in linear time, not quadratic (29 s in Node).
 */
export const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const isWhole = (value) => Number.isInteger(value);
const isFiniteList = (value) => Array.isArray(value) && value.every(Number.isFinite);

/**
 * A finite number from what a learner typed ("2.5", "-1", "1e-3", ".5"), or null.
 * @param {string} text
 */
export function readNumber(text) {
  const trimmed = String(text).trim();
  if (!DECIMAL_NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** The largest float32: the core computes in float32, so a larger number would become infinity. */
export const FLOAT32_MAX = 3.4028234663852886e38;

/** Whether the core, which computes in float32, holds this number as 0 (below about 7e-46 it does). */
export const isZeroInFloat32 = (value) => Math.fround(value) === 0;

/** What the course says of a number larger than float32 holds, after the number. */
export const BEYOND_FLOAT32 = 'is beyond the largest number the core computes with (float32, about 3.4e38)';

/**
 * Why what a learner typed is not a number the core can take, or null when it is one: empty,
 * a decimal comma ("1,5" is 1.5 to some readers and 15 to others, so it is refused, never
 * guessed), a word, or a number float32 cannot hold (1e40).
 * @param {string} text
 */
export function numberProblem(text) {
  const trimmed = String(text).trim();
  if (trimmed === '') return 'type a number, such as 2.5';
  // What was typed is quoted shortened: a pasted page of digits is not copied into the alert.
  const quoted = shorten(trimmed, 24);
  if (/^[+-]?\d+,\d+$/.test(trimmed)) return `"${quoted}" has a decimal comma: write ${shorten(trimmed.replace(',', '.'), 24)}, with a point`;
  const value = readNumber(trimmed);
  if (value === null) return `"${quoted}" is not a number`;
  if (Math.abs(value) > FLOAT32_MAX) return `${quoted} ${BEYOND_FLOAT32}`;
  return null;
}

// Text on its way to a number: a sign or a point alone ("-", "-.", on the way to -.5), or a
// number whose exponent is not yet written ("1e", "-2.5e-"); not a word that happens to end in e
// ("none").
const UNFINISHED = /^[+-]?(?:\.|(?:\d+(?:\.\d*)?|\.\d+)[eE][+-]?)?$/;

/**
 * Whether `text` that is not a number yet is on its way to one ("", "-", ".", "1e", "-2.5e-"): a
 * learner typing it has made no mistake yet.
 * @param {string} text
 */
export function isUnfinishedNumber(text) {
  return UNFINISHED.test(String(text).trim());
}

/**
 * One number of a list in a link (`name` holds it): decimal, and within float32; else `fail`
 * says why, quoting it shortened.
 * @param {string} name
 * @param {string} text
 * @param {(problem: string) => never} fail
 */
export function queryNumber(name, text, fail) {
  const value = readNumber(text) ?? fail(`${name} holds "${shorten(text, 24)}", which is not a number`);
  if (Math.abs(value) > FLOAT32_MAX) fail(`${name} holds ${shorten(text, 24)}, which ${BEYOND_FLOAT32}`);
  return value;
}

/**
 * How the course writes a number into an attribute or a link: exactly, -0 as 0, and an
 * exponent without its "+" (1e30, not 1e+30), since a link reads "+" as a space.
 */
export function numberText(value) {
  return Object.is(value, -0) ? '0' : String(value).replace('e+', 'e');
}

const splitList = (text) => text.trim().split(/[\s,]+/).filter(Boolean);
const choiceList = (choices) => choices.map((choice) => `"${choice}"`).join(' or ');

function describeValue(value) {
  if (typeof value === 'string') return JSON.stringify(shorten(value, 24));
  if (Array.isArray(value)) {
    const shown = value.slice(0, 8).map(describeValue).join(', ');
    return `[${shown}${value.length > 8 ? ', ...' : ''}]`;
  }
  if (value !== null && typeof value === 'object') return shorten(JSON.stringify(value) ?? String(value), 24);
  return String(value);
}

/** Text cut to `length` characters, "..." included, for quoting what was given in a message. */
export const shorten = (text, length) => (text.length > length ? `${text.slice(0, length - 3)}...` : text);

// A pair: one number for both sides, or [height, width].
const pairOf = (values) => (values.length === 1 ? [values[0], values[0]] : [values[0], values[1]]);
const pairText = ([h, w], separator) => (h === w ? numberText(h) : `${numberText(h)}${separator}${numberText(w)}`);

const KINDS = {
  choice: {
    attribute: (text, row, fail) => {
      const value = text.trim();
      if (!row.choices.includes(value)) fail(`use ${choiceList(row.choices)}.`);
      return value;
    },
    query: (text, row, fail) => {
      if (!row.choices.includes(text)) fail(`${row.name} must be ${row.choices.join(' or ')}, not "${shorten(text, 24)}"`);
      return text;
    },
    frontMatter: (value, row, fail) => (row.choices.includes(value) ? value : fail(`must be ${choiceList(row.choices)}`)),
    state: (value, row) => (row.choices.includes(value) ? value : undefined),
    expected: (row) => choiceList(row.choices),
    write: (value) => String(value),
  },
  // A whole number from `min` (and up to `max`, where the row sets one).
  count: {
    attribute: (text, row, fail) => {
      // Written in decimal, as every number in the course: Number() would also read "0x10".
      const value = readNumber(text) ?? NaN;
      KINDS.count.range(value, row, fail);
      return value;
    },
    // The whole range in the message, whichever end was passed: "0" for a count from 1 to 6
    // says 6 as well as 1.
    range: (value, row, fail) => {
      if (!isWhole(value) || value < row.min || value > (row.max ?? Infinity)) fail(`it must be ${countRange(row)}.`);
    },
    query: (text, row, fail) => {
      // Up to 15 digits, each number of them exact in a double (a seed goes to 2^32 - 1); the
      // row's range then judges it.
      const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
      if (!isWhole(value) || value < row.min || value > (row.max ?? Infinity)) fail(`${row.name} must be ${countRange(row)}, not "${shorten(text, 24)}"`);
      return value;
    },
    frontMatter: (value, row, fail) => (isWhole(value) && value >= row.min && value <= (row.max ?? Infinity)
      ? value : fail(`must be ${row.max === undefined && row.min === 1 ? 'a positive integer' : countRange(row)}`)),
    state: (value, row) => (isWhole(value) && value >= row.min && value <= (row.max ?? Infinity) ? value : undefined),
    expected: countRange,
    write: numberText,
  },
  // "2" or "2 3" in an attribute, "2" or "2,3" in a link, 2 or [2, 3] in front matter and code.
  // Whether a size is in range is the core's call, whose message names the rule.
  size: {
    attribute: (text, row, fail) => {
      const tokens = splitList(text);
      if (tokens.length > 2) fail('give one number, or two (height and width).');
      return pairOf(tokens.map((token) => readNumber(token) ?? fail(`"${shorten(token, 24)}" is not a number.`)));
    },
    query: (text, row, fail) => {
      const parts = text.split(',');
      if (parts.length > 2) fail(`${row.name} must be one whole number or two, not "${shorten(text, 24)}"`);
      return pairOf(parts.map((part) => wholeQueryNumber(part, row, fail)));
    },
    frontMatter: (value, row, fail) => {
      const fits = (n) => isWhole(n) && n >= row.min;
      if (fits(value)) return [value, value];
      if (Array.isArray(value) && value.length === 2 && value.every(fits)) return [value[0], value[1]];
      return fail(`must be a ${row.min === 0 ? 'non-negative' : 'positive'} integer or [h, w]`);
    },
    state: (value) => {
      if (isWhole(value)) return [value, value];
      if (Array.isArray(value) && (value.length === 1 || value.length === 2) && value.every(isWhole)) return pairOf(value);
      return undefined;
    },
    expected: () => 'a whole number or [height, width]',
    write: (value, separator = ' ') => pairText(Array.isArray(value) ? value : [value, value], separator),
  },
  // HTML's convention in attributes: present (with no value, or "true") is on, "false" is off.
  boolean: {
    attribute: (text, row, fail) => {
      const value = text.trim().toLowerCase();
      if (value === '' || value === 'true' || value === row.attribute) return true;
      if (value === 'false') return false;
      return fail('use "true" or "false" (or the attribute with no value, for true).');
    },
    query: (text, row, fail) => (text === 'true' ? true : text === 'false' ? false : fail(`${row.name} must be true or false, not "${shorten(text, 24)}"`)),
    frontMatter: (value, row, fail) => (typeof value === 'boolean' ? value : fail('must be true or false')),
    state: (value) => (typeof value === 'boolean' ? value : undefined),
    expected: () => 'true or false',
    write: (value) => String(value),
  },
  // One finite number ("1.5", "-2", "1e-3"); a comma is refused rather than read as anything.
  number: {
    attribute: (text, row, fail) => {
      const problem = numberProblem(text);
      return problem === null ? readNumber(text) : fail(`${problem}.`);
    },
    query: (text, row, fail) => readNumber(text) ?? fail(`${row.name} must be a number, not "${shorten(text, 24)}"`),
    frontMatter: (value, row, fail) => (Number.isFinite(value) ? value : fail('must be a finite number')),
    state: (value) => (Number.isFinite(value) ? value : undefined),
    expected: () => 'a finite number',
    write: numberText,
  },
  // A whole number, or none (PyTorch's None).
  wholeOrNone: {
    attribute: (text, row, fail) => {
      const trimmed = text.trim();
      if (trimmed === 'none') return null;
      const value = readNumber(trimmed) ?? NaN;
      if (!isWhole(value)) fail(`"${shorten(trimmed, 24)}" is not ${Number.isFinite(value) ? 'a whole number' : 'a number'}.`);
      return value;
    },
    query: (text, row, fail) => (text === 'none' ? null : wholeQueryNumber(text, row, fail)),
    frontMatter: (value, row, fail) => (value === null || isWhole(value) ? value : fail('must be a whole number or null')),
    state: (value) => (value === null || isWhole(value) ? value : undefined),
    expected: () => 'a whole number or null',
    write: (value) => (value === null ? 'none' : numberText(value)),
  },
  // Numbers in reading order. "NaN" is a number the core handles (it shows how NaN spreads),
  // so an attribute may hold it; a link and a lesson hold finite numbers. A row with
  // `ones: true` also takes "ones", one 1 per output.
  numbers: {
    attribute: (text, row, fail) => {
      if (row.ones && text.trim() === 'ones') return 'ones';
      // Commas separate numbers ("1,2,0.5"), and so do spaces ("1 2 0.5"); in a list of spaces,
      // a comma between two digits ("1,5 2") is a decimal comma, refused as in a single number
      // rather than read as two numbers.
      const spaced = text.trim().split(/\s+/);
      const decimal = spaced.length > 1 ? spaced.find((token) => /^[+-]?\d+,\d+$/.test(token)) : undefined;
      if (decimal !== undefined) fail(`${numberProblem(decimal)}.`);
      return splitList(text).map((token) => {
        if (/^[+-]?nan$/i.test(token)) return NaN;
        // An infinity spelt out, or a number in decimal; never "0x10", which Number() would also read.
        if (/^[+-]?infinity$/i.test(token)) return token.startsWith('-') ? -Infinity : Infinity;
        const value = DECIMAL_NUMBER.test(token) ? Number(token) : NaN;
        if (Number.isNaN(value)) fail(`"${shorten(token, 24)}" is not a number.`);
        if (Math.abs(value) > FLOAT32_MAX) fail(`${shorten(token, 24)} ${BEYOND_FLOAT32}.`);
        return value;
      });
    },
    query: (text, row, fail) => {
      if (row.ones && text === 'ones') return 'ones';
      const parts = text.split(',');
      if (parts.length > MAX_QUERY_NUMBERS) fail(`${row.name} has too many numbers`);
      return parts.map((part) => queryNumber(row.name, part, fail));
    },
    frontMatter: (value, row, fail) => {
      if (row.ones && value === 'ones') return 'ones';
      if (!Array.isArray(value)) return fail(`must be ${row.ones ? '"ones" or ' : ''}a list of numbers`);
      const bad = value.findIndex((item) => typeof item !== 'number' || !Number.isFinite(item));
      if (bad !== -1) fail('must be a finite number', `[${bad}]`, value[bad]);
      return [...value];
    },
    state: (value, row) => {
      if (row.ones && value === 'ones') return 'ones';
      return isFiniteList(value) ? [...value] : undefined;
    },
    expected: (row) => `${row.ones ? '"ones" or ' : ''}an array of finite numbers`,
    write: (value, separator = ' ') => (value === 'ones' ? 'ones' : Array.from(value, numberText).join(separator)),
  },
  // A window as the page names it, counted from 1 ("window 4" is 4), or none.
  window: {
    attribute: (text, row, fail) => {
      const value = readNumber(text) ?? NaN;
      if (!isWhole(value) || value < 1) fail(row.rule);
      return value;
    },
    query: (text, row, fail) => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : fail(`${queryNameOf(row)} must be a window number from 1, not "${shorten(text, 24)}"`)),
    frontMatter: (value, row, fail) => (isWhole(value) && value >= 1 ? value : fail('must be a window number from 1')),
    state: (value) => (value === null || (isWhole(value) && value >= 1) ? value : undefined),
    expected: () => 'a window number from 1 (as the page names it) or null',
    write: numberText,
  },
  // Words from a fixed set, separated by spaces; "none" for an empty list where the row's
  // fallback is "all of them".
  words: {
    attribute: (text, row, fail) => {
      const words = [...new Set(text.trim().split(/\s+/))];
      if (row.noneWord && words.length === 1 && words[0] === 'none') return [];
      const unknown = words.find((word) => !row.choices().includes(word));
      if (unknown !== undefined) fail(row.unknown(unknown));
      return words;
    },
    query: (text, row, fail) => KINDS.words.attribute(text.replace(/,/g, ' '), row, fail),
    frontMatter: (value, row, fail) => {
      if (!Array.isArray(value) || value.some((word) => typeof word !== 'string')) return fail('must be a list of words');
      const unknown = value.find((word) => !row.choices().includes(word));
      if (unknown !== undefined) fail(row.unknown(unknown));
      return [...value];
    },
    state: (value, row) => {
      const words = typeof value === 'string' ? value.trim().split(/\s+/).filter(Boolean) : value;
      return Array.isArray(words) && words.every((word) => row.choices().includes(word)) ? [...words] : undefined;
    },
    expected: (row) => `words from ${row.choices().join(', ')}`,
    write: (value, separator, row) => (value.length === 0 && row.noneWord ? 'none' : value.join(separator)),
  },
  // Present or absent, in markup only (sync-url, no-picture).
  flag: {
    attribute: () => true,
  },
};

const MAX_QUERY_NUMBERS = 4096;

function wholeQueryNumber(text, row, fail) {
  if (!/^-?\d{1,9}$/.test(text)) fail(`${row.name} must be a whole number, not "${shorten(text, 24)}"`);
  return Number(text);
}

function countRange(row) {
  return row.max === undefined ? `a whole number of at least ${row.min}` : `a whole number from ${row.min} to ${row.max}`;
}

// Readers ----------------------------------------------------------------------------------

const given = (text) => text !== null && text !== undefined && text.trim() !== '';

// Whether an attribute's text is the null of a row that takes null as a value of its own.
const readsAsNull = (row, text) => Boolean(row.nullText) && [row.nullText, 'none'].includes(text.trim());

// The value of a row that was not given: its fallback, worked out from what was read before it.
function fallbackOf(row, settings) {
  const { fallback } = row;
  if (typeof fallback === 'function') return fallback(settings);
  return Array.isArray(fallback) ? [...fallback] : fallback;
}

/**
 * Settings from attributes: every row of the table, in order, with its fallback where the
 * attribute is absent or empty. Throws AttributeError quoting the attribute.
 *
 * With `unreadable: null`, throws nothing: a setting whose attribute cannot be read is null, and
 * so is one whose fallback or check needs a setting that is null that way (stride's fallback is
 * the kernel size, an input's check counts the picture's cells), so no value is made up from a
 * setting that was not read. getState reports a widget's settings this way while it cannot show
 * them.
 * @param {object[]} table
 * @param {(name: string) => string | null} get
 * @param {{ unreadable?: null }} [options]
 */
export function readAttributes(table, get, options = {}) {
  const lenient = options.unreadable === null;
  const settings = {};
  const unread = new Set();
  // What the row's own functions read of the settings before it, as they read it.
  let needsUnread = false;
  const seen = lenient ? new Proxy(settings, {
    get(target, key) {
      if (unread.has(key)) needsUnread = true;
      return target[key];
    },
  }) : settings;
  for (const row of table) {
    needsUnread = false;
    try {
      readRow(row, get(row.attribute), seen);
    } catch (error) {
      if (!lenient || !(error instanceof AttributeError || needsUnread)) throw error;
      needsUnread = true;
    }
    if (needsUnread) {
      settings[row.key] = null;
      unread.add(row.key);
    }
  }
  return settings;
}

// Sets one row's value in `settings` from its attribute's text, against the rows read before it
// (its check sees its own value among them).
function readRow(row, text, settings) {
  const present = row.kind === 'boolean' || row.kind === 'flag' ? text !== null && text !== undefined : given(text);
  if (!present) {
    settings[row.key] = fallbackOf(row, settings);
    return;
  }
  const fail = (problem) => {
    throw new AttributeError(row.attribute, text, problem);
  };
  settings[row.key] = readsAsNull(row, text) ? null : KINDS[row.kind].attribute(text, row, fail);
  row.check?.(settings, (problem) => fail(problem));
}

/**
 * Checks a row's value in `settings` against what every reader holds it to: the row's own check
 * and the range its kind takes (a count's min and max). A value typed into a field comes through
 * no reader, so it is checked here. `fail` is called with each problem, the row's own words
 * first (a row that words its range itself is heard in them).
 * @param {object} row
 * @param {object} settings
 * @param {(problem: string) => void} fail
 */
export function checkRow(row, settings, fail) {
  row.check?.(settings, fail);
  KINDS[row.kind].range?.(settings[row.key], row, fail);
}

/**
 * The attribute text of one value, or null to remove the attribute.
 * @param {object} row
 */
export function attributeText(row, value) {
  if (value === null && row.nullText) return row.nullText;
  if (value === null || value === undefined) return null;
  if (row.kind === 'flag') return value ? '' : null;
  return KINDS[row.kind].write(value, ' ', row);
}

/**
 * The attributes of these settings. With `onlyChanged`, rows holding their fallback are left
 * out (what a snippet needs to write).
 * @returns {[string, string][]} [attribute, text] pairs in the table's order
 */
export function attributesOf(table, settings, { onlyChanged = false } = {}) {
  const pairs = [];
  for (const [row, value] of rowsToWrite(table, settings, { onlyChanged })) {
    const text = attributeText(row, value);
    if (text !== null) pairs.push([row.attribute, text]);
  }
  return pairs;
}

// The rows a writer writes, in the table's order, with their values: not the unset ones nor
// the flags that are off, and with `onlyChanged` not those holding the value they take when left
// out: their fallback, and with `over` also what a link read over those settings leaves them
// (leftOutValue), so that the link reads the same over either. A row whose value they carry
// (`carried`: a link writes the input's size inside it) having changed writes them anyway.
function* rowsToWrite(table, settings, { onlyChanged, over = null, carried = false }) {
  const byKey = new Map(table.map((row) => [row.key, row]));
  // What each reader holds at each row: the values written so far, and after them the
  // fallbacks' or the base's.
  const seen = {};
  const seenOver = { ...over };
  for (const row of table) {
    const value = settings[row.key];
    const fallback = fallbackOf(row, seen);
    const leftOver = over ? leftOutValue(row, over, seenOver) : fallback;
    seen[row.key] = value;
    seenOver[row.key] = value;
    if (value === undefined || (row.kind === 'flag' && !value)) continue;
    const changed = (key) => !sameValue(settings[key], fallbackOf(byKey.get(key), {})) || (over !== null && !sameValue(settings[key], over[key]));
    const carriedChanged = carried && (row.carries ?? []).some(changed);
    const leftAlone = holdsFallback(row, value, fallback, seen) && sameAs(row, value, leftOver, seenOver);
    if (onlyChanged && leftAlone && !carriedChanged) continue;
    yield [row, value];
  }
}

// Whether a row's value agrees with `other`; where the row says which values are its fallback
// (all-ones gradients are "ones"), two such values agree.
const sameAs = (row, value, other, settings) => (
  sameValue(value, other) || Boolean(row.isFallback?.(other, settings) && row.isFallback(value, settings)));

// Whether a row holds its fallback; a row may say so itself (all-ones gradients are "ones").
// `settings` are those the value belongs to, as far as they have been read.
const holdsFallback = (row, value, fallback, settings) => (
  row.isFallback ? row.isFallback(value, settings) : sameValue(value, fallback));

/** Whether a row holds its fallback in `settings` (read in the table's order up to it). */
export const holdsItsFallback = (row, settings) => (
  holdsFallback(row, settings[row.key], fallbackOf(row, settings), settings));

/** Do two setting values agree? NaN agrees with NaN. */
function sameValue(a, b) {
  if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    return (Array.isArray(b) || ArrayBuffer.isView(b)) && a.length === b.length
      && Array.from(a).every((x, i) => Object.is(x, b[i]) || x === b[i]);
  }
  return Object.is(a, b) || a === b;
}

/**
 * Reads a setState() argument: { partial, ignored }, where `partial` holds the known keys in
 * the settings' own form and `ignored` lists the others. Throws SettingsStateError naming the
 * first key whose value cannot be stored. `aliases` maps older key names to today's.
 */
export function readState(table, value, { aliases = {}, current = null } = {}) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SettingsStateError(null, value, `setState takes an object such as { stride: 1 }, not ${describeValue(value)}`);
  }
  const byKey = new Map(table.map((row) => [row.key, row]));
  const partial = {};
  const ignored = [];
  for (const [givenKey, item] of Object.entries(value)) {
    const key = aliases[givenKey] ?? givenKey;
    const row = byKey.get(key);
    if (!row || row.kind === 'flag') {
      ignored.push(givenKey);
      continue;
    }
    const stored = item === null && row.nullable ? null : KINDS[row.kind].state(item, row);
    if (stored === undefined) {
      throw new SettingsStateError(key, item, `${key} must be ${KINDS[row.kind].expected(row)}, not ${describeValue(item)}`);
    }
    partial[key] = stored;
  }
  // Rules between settings (an input that fills its grid) hold for what the settings become.
  if (current) {
    const next = { ...current, ...partial };
    for (const row of table) {
      if (!(row.key in partial) || !row.check) continue;
      row.check(next, (problem) => {
        throw new SettingsStateError(row.key, value[row.key], `${row.key}: ${problem.replace(/\.$/, '')}: ${describeValue(value[row.key])}`);
      });
    }
  }
  return { partial, ignored };
}

/**
 * Reads a front-matter mapping against the table (PyTorch's names): the rows it gives, each
 * checked; unknown fields are refused. Throws FieldError naming `${prefix}${name}`.
 * @param {object[]} table rows that may appear in front matter (row.frontMatter !== false)
 * @param {object} raw
 * @param {string} prefix e.g. "widget."
 * @param {string[]} [extra] further fields the caller reads itself
 * @returns {object} key -> value, only for the fields given
 */
export function readFrontMatter(table, raw, prefix, extra = []) {
  // A row with `frontMatter: 'composite'` is a field the caller reads itself (the input).
  const rows = table.filter((row) => row.frontMatter !== false);
  const allowed = [...extra, ...rows.map((row) => row.name)];
  const unknown = Object.keys(raw).find((name) => !allowed.includes(name));
  if (unknown !== undefined) {
    throw new FieldError(`${prefix}${unknown}`,
      `${prefix}${unknown} is not a known field (allowed: ${allowed.map((name) => prefix + name).join(', ')})`);
  }
  const settings = {};
  for (const row of rows) {
    if (raw[row.name] === undefined || row.frontMatter === 'composite') continue;
    const field = `${prefix}${row.name}`;
    // "widget.stride must be ..., got 0"; a list names the item: "widget.input.values[2] ...".
    const fail = (problem, suffix = '', got = raw[row.name]) => {
      throw new FieldError(field, `${field}${suffix} ${problem}, got ${describeValue(got)}`);
    };
    settings[row.key] = KINDS[row.kind].frontMatter(raw[row.name], row, fail);
  }
  return settings;
}

// The query string --------------------------------------------------------------------------
//
// Links use PyTorch's names (?kernel_size=2,3&ceil_mode=true). A size is "2" or "2,3"; numbers
// are comma-separated. Older links named settings as the attributes do (?kernel-size=2 3);
// those still read, through each row's attribute name and the attribute reader.

/**
 * Settings from a query string, starting from `base` for the settings it does not give (each as
 * leftOutValue says: the base's, or refitted to the settings the query gives). Keys the table
 * does not know are left alone (other parts of the page may use them).
 * Throws SettingsQueryError naming the first key it cannot read.
 * @param {object[]} table
 * @param {string | URLSearchParams} query
 * @param {object} base
 */
export function readQuery(table, query, base) {
  const params = new URLSearchParams(query);
  const settings = structuredClone(base);
  for (const row of table) {
    const key = queryKeysOf(row).find((candidate) => params.has(candidate));
    if (key === undefined) {
      settings[row.key] = leftOutValue(row, base, settings);
      continue;
    }
    const all = params.getAll(key);
    if (all.length > 1) throw new SettingsQueryError(row.name, `${row.name} is given ${all.length} times`);
    const fail = (problem) => {
      throw new SettingsQueryError(row.name, problem);
    };
    // A row that reads a composite value (the input with its size) may decline an older form.
    const today = queryNameOf(row);
    const composite = key === today && row.readQuery ? row.readQuery(all[0].trim(), fail) : undefined;
    if (composite !== undefined) {
      Object.assign(settings, composite);
      for (const key of row.carries ?? []) {
        const carried = table.find((candidate) => candidate.key === key);
        if (KINDS[carried.kind].state(settings[key], carried) === undefined) {
          fail(`${carried.name} must be ${KINDS[carried.kind].expected(carried)}, not ${settings[key]}`);
        }
      }
    }
    else if (key === today && !row.readQuery) settings[row.key] = readQueryValue(row, all[0], fail);
    else settings[row.key] = readOldQueryValue(row, all[0], fail);
    row.check?.(settings, (problem) => fail(`${row.name}: ${problem.replace(/\.$/, '')}`));
  }
  // A row the link leaves out keeps its value, which the link's others may no longer fit (a
  // neuron's two weights of its own, after a link gives it three inputs): the link is refused
  // for it, as the widget would refuse it, rather than read into settings no widget can show.
  for (const row of table) {
    if (queryKeysOf(row).some((key) => params.has(key))) continue;
    row.check?.(settings, (problem) => {
      throw new SettingsQueryError(row.name, `${row.name}: ${problem.replace(/\.$/, '')}`);
    });
  }
  return settings;
}

// Today's key of a row (its PyTorch name) and the older one (its attribute); a row with
// `query: 'attribute'` is written inside another (the input's size) and reads only the older
// key; `query: false` is not in links at all.
function queryKeysOf(row) {
  if (row.query === false) return [];
  if (row.query === 'attribute') return [row.attribute];
  const today = queryNameOf(row);
  return today === row.attribute ? [today] : [today, row.attribute];
}

const queryNameOf = (row) => row.queryName ?? row.name;

function readQueryValue(row, text, fail) {
  return row.kind === 'flag' ? true : KINDS[row.kind].query(text.trim(), row, fail);
}

function readOldQueryValue(row, text, fail) {
  if (row.readOldQuery) return row.readOldQuery(text.trim(), (problem) => fail(`${row.attribute}: ${problem}`));
  return KINDS[row.kind].attribute(text, row, (problem) => fail(`${quoteAttribute(row.attribute, text)}: ${problem}`));
}

/** Does this query string hold any setting of the table? */
export function hasQuerySettings(table, query) {
  const params = new URLSearchParams(query);
  return table.some((row) => queryKeysOf(row).some((key) => params.has(key)));
}

/** The query keys a table reads, today's and older ones. */
export function queryKeys(table) {
  return table.flatMap(queryKeysOf);
}

/**
 * The settings a link's query sets an element up with, over the attributes its page gave it
 * (`given`, name -> text, as attributesNow kept them), not over the learner's changes: what an
 * element's applyQuery applies. Throws as the readers do.
 */
export function querySettingsOver(table, query, given) {
  return readQuery(table, query, readAttributes(table, (name) => given?.[name] ?? null));
}

/**
 * The value a link that leaves `row` out gives it, over `base`, with `settings` the values read
 * so far (the link's up to this row, the base's after it): the base's, except where it is the
 * base's fallback worked out from other settings, which it then follows, and where a setting it
 * was worked out for (`resetsWith`) has changed, when it is its fallback again.
 */
function leftOutValue(row, base, settings) {
  const follows = typeof row.fallback === 'function' && holdsFallback(row, base[row.key], fallbackOf(row, base), base);
  const reset = (row.resetsWith ?? []).some((key) => !sameValue(settings[key], base[key]));
  return follows || reset ? fallbackOf(row, settings) : base[row.key];
}

/**
 * The query string (without "?") of these settings: each row in the table's order, by its
 * PyTorch name. With `onlyChanged`, rows holding their fallback are left out; with `over` as
 * well, only those that also hold what a link read over those settings (readQuery's base) gives
 * them, so the link reads the same over the fallbacks and over `over`.
 */
export function queryOf(table, settings, { onlyChanged = false, over = null } = {}) {
  const parts = [];
  for (const [row, value] of rowsToWrite(table, settings, { onlyChanged, over, carried: true })) {
    if (row.query === false || row.query === 'attribute') continue;
    const text = row.writeQuery ? row.writeQuery(settings) : writeQueryValue(row, value);
    parts.push(row.kind === 'flag' ? row.name : `${queryNameOf(row)}=${encodeQueryText(text)}`);
  }
  return parts.join('&');
}

// A value as a link writes it: a space ("grad_bias 2") and every character a query gives a
// meaning to are escaped; "," and ":", which the values are made of and a query gives no
// meaning to, stay as they read. URLSearchParams reads both forms.
const encodeQueryText = (text) => encodeURIComponent(text).replace(/%2C/g, ',').replace(/%3A/g, ':');

function writeQueryValue(row, value) {
  if (value === null) return 'none';
  return KINDS[row.kind].write(value, ',', row);
}

/**
 * The query string of these settings if it reads back, or null while they are half-typed (a
 * cleared size field holds NaN): a link is only worth writing if a reload can read it.
 */
export function shareableQuery(table, settings) {
  const query = queryOf(table, settings);
  try {
    readQuery(table, query, settings);
    return query;
  } catch (error) {
    if (error instanceof SettingsQueryError) return null;
    throw error;
  }
}

// Rows and checks that widgets of every family share ------------------------------------

/** Pins an element's colours; "auto" follows the host page's scheme. */
export const COLOR_SCHEME_ROW = Object.freeze({
  name: 'color_scheme', key: 'colorScheme', attribute: 'color-scheme', kind: 'choice',
  choices: ['auto', 'light', 'dark'], fallback: 'auto',
});

/** Does a row belong to this operation? */
export const belongsTo = (row, op) => !row.ops || row.ops.includes(op);

/** A row's check: every number must be finite. */
export function checkFinite(values, fail) {
  if (values.some((value) => !Number.isFinite(value))) fail('every value must be a finite number.');
}

/** A row's check: every number the core is given must be a float32; a larger one would arrive as infinity. */
export function checkFloat32(values, fail) {
  const tooLarge = values.find((value) => Math.abs(value) > FLOAT32_MAX);
  if (tooLarge !== undefined) fail(`${tooLarge} ${BEYOND_FLOAT32}.`);
}

/**
 * A row's check for a plot's axis [min, max]: two finite numbers, min < max, spanning at most
 * `maxSpan`, and at least eight of float32's steps at the larger edge (at 1 if that is smaller):
 * the core computes in float32, and an axis from 1 to 1 + 1e-12 would plot one number.
 */
export function checkAxisRange(range, maxSpan, fail) {
  if (range.length !== 2) fail(`give two numbers, the x axis's min and max, not ${range.length}.`);
  checkFinite(range, fail);
  const [min, max] = range;
  if (min >= max) fail(`the min (${min}) must be less than the max (${max}).`);
  if (max - min > maxSpan) fail(`the axis may span at most ${maxSpan}, not ${max - min}.`);
  const least = 8 * 2 ** (Math.floor(Math.log2(Math.max(1, Math.abs(min), Math.abs(max)))) - 23);
  if (max - min < least) {
    fail(`the axis must span at least ${Number(least.toPrecision(4))}, not ${Number((max - min).toPrecision(4))}: float32 holds too few numbers in between.`);
  }
}

/**
 * A SettingsWidget `follow` for an axis range typed one edge at a time (checkAxisRange's
 * rules): where the typed edge would pass the other one, or leave it more than `maxSpan` away,
 * the other edge moves with it, keeping the span the range had when the field took the focus.
 * Otherwise the other edge stays. So "from 200" on an axis from -5 to 5 shows 200 to 210, where
 * it would be refused and the learner would have to walk the edges there in turn.
 * @param {number} maxSpan
 * @param {string} [key] the range's settings key
 */
export function followAxisRange(maxSpan, key = 'range') {
  return (next, typed, from) => {
    if (typed !== key) return next;
    const [min, max] = next[key];
    const [fromMin, fromMax] = from[key];
    if (!Number.isFinite(min) || !Number.isFinite(max) || (min < max && max - min <= maxSpan)) return next;
    const span = fromMax - fromMin;
    const moved = min !== fromMin ? [min, min + span] : [max - span, max];
    // Where the span is lost beside the edge (3e38 + 10 is 3e38), the range's own check refuses
    // what was typed.
    return moved[0] < moved[1] ? { ...next, [key]: moved } : next;
  };
}

/**
 * A row's check: `value` lies from `low` to `high` (with `below`, to below it); `name` is the
 * setting's PyTorch name, which the message starts with.
 */
export function checkRange(name, value, low, high, fail, { below = false } = {}) {
  if (!(value >= low && (below ? value < high : value <= high))) fail(`${name} must be from ${low} to ${below ? 'below ' : ''}${high}, not ${value}.`);
}

/** A row's check for an Adam-like optimiser's betas: two numbers, each from 0 to below 1. */
export function checkBetas(betas, fail) {
  if (betas.length !== 2) fail(`give two numbers, beta1 and beta2, not ${betas.length}.`);
  betas.forEach((beta, i) => checkRange(`beta${i + 1}`, beta, 0, 1, fail, { below: true }));
}
