// The playground's settings as plain data: defaults, resizing the input, turning settings into
// the core's options, and the query-string format that makes a view shareable. No DOM and no
// core here, so Node (the lesson loader, the tests) can use it as it is.
//
// What is a valid combination (padding at most half the kernel, and so on) is the core's call,
// never this file's: sizes pass through as the integers the learner typed.
//
// A settings object:
//   { op: 'avg' | 'max', height, width, input: number[height * width] (row-major),
//     kernelSize, stride, padding, dilation: [h, w], ceilMode, countIncludePad: boolean,
//     divisorOverride: integer | null, gradOutput: 'ones' | number[] (one per output) }

/** The input grid's side is 1 to MAX_SIDE cells. */
export const MAX_SIDE = 16;

export const OPS = ['avg', 'max'];

/** The 4 x 4 grid 0..15 with a 2 x 2 window and stride 2: the course's first example. */
export function defaultSettings() {
  return {
    op: 'avg',
    height: 4,
    width: 4,
    input: countFrom(0, 16),
    kernelSize: [2, 2],
    stride: [2, 2],
    padding: [0, 0],
    dilation: [1, 1],
    ceilMode: false,
    countIncludePad: true,
    divisorOverride: null,
    gradOutput: 'ones',
  };
}

/** start, start + 1, ... (count numbers). */
export function countFrom(start, count) {
  return Array.from({ length: count }, (_, i) => start + i);
}

export function cloneSettings(settings) {
  return structuredClone(settings);
}

/**
 * The input grid at a new size: cells that stay keep their values, new cells hold 0.
 * @returns {number[]}
 */
export function resizeInput(settings, height, width) {
  const values = [];
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const kept = row < settings.height && column < settings.width;
      values.push(kept ? settings.input[row * settings.width + column] : 0);
    }
  }
  return values;
}

/** The options object of the core's JS API for these settings. */
export function coreOptions(settings) {
  const options = {
    kernelSize: [...settings.kernelSize],
    stride: [...settings.stride],
    padding: [...settings.padding],
    ceilMode: settings.ceilMode,
  };
  if (settings.op === 'max') {
    options.dilation = [...settings.dilation];
  } else {
    options.countIncludePad = settings.countIncludePad;
    options.divisorOverride = settings.divisorOverride;
  }
  return options;
}

/**
 * Do two settings describe the same computation? Options the operation ignores (dilation for
 * average pooling, count_include_pad and divisor_override for max) do not count.
 */
export function sameSettings(a, b) {
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  const common = ['op', 'height', 'width', 'input', 'kernelSize', 'stride', 'padding', 'ceilMode', 'gradOutput'];
  if (!common.every((key) => same(a[key], b[key]))) return false;
  if (a.op === 'max') return same(a.dilation, b.dilation);
  return a.countIncludePad === b.countIncludePad && a.divisorOverride === b.divisorOverride;
}

// Settings from code ----------------------------------------------------------------------------
//
// setState() takes any part of a settings object (and `selected`). What a key may hold is checked
// here, so a malformed value is refused by name instead of breaking the playground later; whether
// the values work together is still the core's call.

/** A setState() argument that cannot be applied; `key` and `value` name it. */
export class SettingsStateError extends Error {
  constructor(key, value, message) {
    super(message);
    this.name = 'SettingsStateError';
    this.key = key;
    this.value = value;
  }
}

const isWhole = (value) => Number.isInteger(value);
const isSide = (value) => isWhole(value) && value >= 1 && value <= MAX_SIDE;
const isNumbers = (value) => Array.isArray(value) && value.every(Number.isFinite);
// One whole number means both sides, as <pool-widget> and PyTorch take it.
const readPair = (value) => {
  if (isWhole(value)) return [value, value];
  if (Array.isArray(value) && (value.length === 1 || value.length === 2) && value.every(isWhole)) {
    return value.length === 1 ? [value[0], value[0]] : [...value];
  }
  return undefined;
};
const pairRule = ['a whole number or [height, width]', readPair];
const keep = (test) => (value) => (test(value) ? value : undefined);

/** key -> [what it must be, a reader returning the value to store or undefined]. */
const STATE_RULES = {
  op: ['"avg" or "max"', keep((value) => OPS.includes(value))],
  height: [`a whole number from 1 to ${MAX_SIDE}`, keep(isSide)],
  width: [`a whole number from 1 to ${MAX_SIDE}`, keep(isSide)],
  input: ['an array of finite numbers, one per cell', (value) => (isNumbers(value) ? [...value] : undefined)],
  kernelSize: pairRule,
  stride: pairRule,
  padding: pairRule,
  dilation: pairRule,
  ceilMode: ['true or false', keep((value) => typeof value === 'boolean')],
  countIncludePad: ['true or false', keep((value) => typeof value === 'boolean')],
  divisorOverride: ['a whole number or null', keep((value) => value === null || isWhole(value))],
  gradOutput: ['"ones" or an array of finite numbers', (value) => (value === 'ones' ? value : isNumbers(value) ? [...value] : undefined)],
  selected: ['a 0-based window index or null', keep((value) => value === null || (isWhole(value) && value >= 0))],
};

/**
 * Reads a setState() argument against the `current` settings: { partial, ignored }, where
 * `partial` holds the known keys in the settings' own form and `ignored` lists the others.
 * Throws SettingsStateError naming the first key whose value cannot be stored.
 */
export function readPartialSettings(given, current) {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) {
    throw new SettingsStateError(null, given, `setState takes an object such as { stride: 1 }, not ${describeValue(given)}`);
  }
  const partial = {};
  const ignored = [];
  for (const [key, value] of Object.entries(given)) {
    if (!Object.hasOwn(STATE_RULES, key)) {
      ignored.push(key);
      continue;
    }
    const [expected, read] = STATE_RULES[key];
    const stored = read(value);
    if (stored === undefined) throw new SettingsStateError(key, value, `${key} must be ${expected}, not ${describeValue(value)}`);
    partial[key] = stored;
  }
  const height = partial.height ?? current.height;
  const width = partial.width ?? current.width;
  if (partial.input && partial.input.length !== height * width) {
    throw new SettingsStateError('input', given.input, `input has ${partial.input.length} numbers, but a ${height} by ${width} grid needs ${height * width}: ${describeValue(given.input)}`);
  }
  return { partial, ignored };
}

// A value as a reader of the console would write it: strings quoted, NaN and Infinity as such.
function describeValue(value) {
  if (typeof value === 'string') return JSON.stringify(shorten(value));
  if (Array.isArray(value)) {
    const shown = value.slice(0, 8).map(describeValue).join(', ');
    return `[${shown}${value.length > 8 ? ', ...' : ''}]`;
  }
  if (value !== null && typeof value === 'object') return shorten(JSON.stringify(value) ?? String(value));
  return String(value);
}

// The query string ----------------------------------------------------------------------------
//
//   ?op=avg&input=4x4:0..15&kernel_size=2&stride=2&padding=0&dilation=1&ceil_mode=false
//    &count_include_pad=true&divisor_override=none&grad_output=ones
//
// Keys are PyTorch's names. A size is "2" (both sides) or "2,3" (height, width). The input is
// "HxW:" and its numbers, comma-separated and row-major, or "a..b" for a run of whole numbers.
// grad_output is "ones" or one number per output. Keys that are missing keep their default;
// keys this format does not know are left alone (other parts of the page may use them).

export const QUERY_KEYS = [
  'op', 'input', 'kernel_size', 'stride', 'padding', 'dilation', 'ceil_mode', 'count_include_pad',
  'divisor_override', 'grad_output',
];

/** A bad query value; `key` names it. */
export class SettingsQueryError extends Error {
  constructor(key, message) {
    super(message);
    this.name = 'SettingsQueryError';
    this.key = key;
  }
}

/** The query string (without "?") that reproduces these settings. */
export function settingsToQuery(settings) {
  const size = ([h, w]) => (h === w ? `${h}` : `${h},${w}`);
  const parts = [
    ['op', settings.op],
    ['input', `${settings.height}x${settings.width}:${numberRun(settings.input)}`],
    ['kernel_size', size(settings.kernelSize)],
    ['stride', size(settings.stride)],
    ['padding', size(settings.padding)],
    ['dilation', size(settings.dilation)],
    ['ceil_mode', String(settings.ceilMode)],
    ['count_include_pad', String(settings.countIncludePad)],
    ['divisor_override', settings.divisorOverride === null ? 'none' : String(settings.divisorOverride)],
    ['grad_output', settings.gradOutput === 'ones' ? 'ones' : settings.gradOutput.map(writeNumber).join(',')],
  ];
  // Every value is made of digits, letters, "-", ".", ",", ":" and "x", which need no escaping.
  return parts.map(([key, value]) => `${key}=${value}`).join('&');
}

/**
 * The query string of these settings if it reads back, or null while they are half-typed (a
 * cleared size field holds NaN): a link is only worth writing if a reload can read it.
 */
export function shareableQuery(settings) {
  const query = settingsToQuery(settings);
  try {
    settingsFromQuery(query);
    return query;
  } catch (error) {
    if (error instanceof SettingsQueryError) return null;
    throw error;
  }
}

/** Does this query string hold any playground setting at all? */
export function hasSettingsQuery(query) {
  const params = new URLSearchParams(query);
  return QUERY_KEYS.some((key) => params.has(key));
}

/**
 * Settings from a query string, starting from `base` for the keys it does not give.
 * Throws SettingsQueryError naming the first key it cannot read.
 */
export function settingsFromQuery(query, base = defaultSettings()) {
  const params = new URLSearchParams(query);
  const settings = cloneSettings(base);
  const read = (key, parse) => {
    if (!params.has(key)) return;
    const all = params.getAll(key);
    if (all.length > 1) throw new SettingsQueryError(key, `${key} is given ${all.length} times`);
    parse(all[0].trim());
  };
  read('op', (text) => {
    if (!OPS.includes(text)) throw new SettingsQueryError('op', `op must be avg or max, not "${text}"`);
    settings.op = text;
  });
  read('input', (text) => Object.assign(settings, parseInput(text)));
  read('kernel_size', (text) => { settings.kernelSize = parseSize(text, 'kernel_size'); });
  read('stride', (text) => { settings.stride = parseSize(text, 'stride'); });
  read('padding', (text) => { settings.padding = parseSize(text, 'padding'); });
  read('dilation', (text) => { settings.dilation = parseSize(text, 'dilation'); });
  read('ceil_mode', (text) => { settings.ceilMode = parseBoolean(text, 'ceil_mode'); });
  read('count_include_pad', (text) => { settings.countIncludePad = parseBoolean(text, 'count_include_pad'); });
  read('divisor_override', (text) => {
    settings.divisorOverride = text === 'none' ? null : parseInteger(text, 'divisor_override');
  });
  read('grad_output', (text) => {
    settings.gradOutput = text === 'ones' ? 'ones' : parseNumbers(text, 'grad_output');
  });
  return settings;
}

function parseInput(text) {
  const match = /^(\d+)x(\d+)(?::(.*))?$/.exec(text);
  if (!match) {
    throw new SettingsQueryError('input', `input must look like 4x4:0..15 or 2x2:1,2,3,4, not "${shorten(text)}"`);
  }
  const height = Number(match[1]);
  const width = Number(match[2]);
  for (const [name, side] of [['height', height], ['width', width]]) {
    if (side < 1 || side > MAX_SIDE) {
      throw new SettingsQueryError('input', `the input's ${name} must be 1 to ${MAX_SIDE}, not ${side}`);
    }
  }
  const count = height * width;
  let input;
  const run = match[3] === undefined ? null : /^(-?\d+)\.\.(-?\d+)$/.exec(match[3]);
  if (match[3] === undefined) {
    input = countFrom(0, count);
  } else if (run) {
    const [first, last] = [Number(run[1]), Number(run[2])];
    if (last - first + 1 !== count) {
      throw new SettingsQueryError('input', `input ${first}..${last} has ${Math.max(0, last - first + 1)} numbers, but a ${height}x${width} grid needs ${count}`);
    }
    input = countFrom(first, count);
  } else {
    input = parseNumbers(match[3], 'input');
    if (input.length !== count) {
      throw new SettingsQueryError('input', `input has ${input.length} numbers, but a ${height}x${width} grid needs ${count}`);
    }
  }
  return { height, width, input };
}

function parseSize(text, key) {
  const parts = text.split(',');
  if (parts.length > 2) throw new SettingsQueryError(key, `${key} must be one whole number or two, not "${shorten(text)}"`);
  const values = parts.map((part) => parseInteger(part, key));
  return values.length === 1 ? [values[0], values[0]] : values;
}

function parseInteger(text, key) {
  if (!/^-?\d{1,9}$/.test(text)) throw new SettingsQueryError(key, `${key} must be a whole number, not "${shorten(text)}"`);
  return Number(text);
}

function parseBoolean(text, key) {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new SettingsQueryError(key, `${key} must be true or false, not "${shorten(text)}"`);
}

function parseNumbers(text, key) {
  const parts = text.split(',');
  if (parts.length > MAX_SIDE * MAX_SIDE * 4) throw new SettingsQueryError(key, `${key} has too many numbers`);
  return parts.map((part) => {
    const value = readNumber(part);
    if (value === null) throw new SettingsQueryError(key, `${key} holds "${shorten(part)}", which is not a number`);
    return value;
  });
}

/**
 * A finite number from what a learner typed ("2.5", "-1", "1e-3", ".5"), or null.
 * @param {string} text
 */
export function readNumber(text) {
  const trimmed = String(text).trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

// "0..15" when the numbers are the whole numbers first, first + 1, ...; otherwise all of them.
function numberRun(values) {
  const first = values[0];
  const isRun = values.length > 2 && Number.isInteger(first) && values.every((v, i) => v === first + i);
  return isRun ? `${first}..${first + values.length - 1}` : values.map(writeNumber).join(',');
}

// Shortest text that reads back as the same number (float32 values print as doubles otherwise).
function writeNumber(value) {
  return Object.is(value, -0) ? '0' : String(value);
}

function shorten(text) {
  return text.length > 24 ? `${text.slice(0, 21)}...` : text;
}
