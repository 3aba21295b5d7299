// The settings of 2-D pooling, as both pooling elements, their lessons, links, snippets and
// state name them: one row each (see settings-table.js for what a row holds). The elements add
// rows of their own (view, selected, examples, ...) after these.
//
// A settings object holds every row's key: { op, inputHeight, inputWidth, input (row-major),
// kernelSize, stride, padding, dilation ([h, w] each), ceilMode, countIncludePad,
// divisorOverride (integer or null), gradOutput ("ones" or one number per output) }.
// Whether the values work together (padding at most half the kernel, ...) is the core's call.
import { BEYOND_FLOAT32, FLOAT32_MAX, belongsTo, numberText, queryNumber, shorten } from './settings-table.js';

export { belongsTo, COLOR_SCHEME_ROW } from './settings-table.js';

const countFrom = (start, count) => Array.from({ length: count }, (_, i) => start + i);

const POOL_OPS = ['avg', 'max'];

// The side of the course's first picture.
const SIDE = 4;

/**
 * The most cells a pooling grid draws on a side, padding included. Beyond it a page would build
 * tens of thousands of cells (a link could freeze a learner's tab), so every reader refuses
 * more: attributes, links, setState and lessons.
 */
export const MAX_GRID_SIDE = 32;

// The picture with its padding fits the grid.
function fitsTheGrid(settings, fail) {
  const [ph, pw] = settings.padding ?? [0, 0];
  const tall = settings.inputHeight + 2 * ph;
  const wide = settings.inputWidth + 2 * pw;
  if (tall > MAX_GRID_SIDE || wide > MAX_GRID_SIDE) {
    fail(`with its padding the picture would be ${tall} by ${wide} cells, and a grid shows at most ${MAX_GRID_SIDE} a side.`);
  }
}

/** The settings that decide how many windows there are, and so how many outputs. */
export const OUTPUT_SHAPE_KEYS = Object.freeze(['inputHeight', 'inputWidth', 'kernelSize', 'stride', 'padding', 'dilation', 'ceilMode']);

/** The rows shared by every pooling element, in the order attributes and links list them. */
export const POOL_SETTINGS = Object.freeze([
  { name: 'op', key: 'op', attribute: 'op', kind: 'choice', choices: POOL_OPS, fallback: 'avg' },
  {
    name: 'input_height', key: 'inputHeight', attribute: 'input-height', kind: 'count', min: 1, max: MAX_GRID_SIDE,
    fallback: SIDE, frontMatter: false, query: 'attribute', check: fitsTheGrid,
  },
  {
    name: 'input_width', key: 'inputWidth', attribute: 'input-width', kind: 'count', min: 1, max: MAX_GRID_SIDE,
    fallback: SIDE, frontMatter: false, query: 'attribute', check: fitsTheGrid,
  },
  {
    name: 'input',
    key: 'input',
    attribute: 'input',
    kind: 'numbers',
    // In a lesson: `input: { height, width, values }` (pool-lesson.js reads it).
    frontMatter: 'composite',
    // The lesson's picture: 0, 1, 2, ... in reading order, whatever its size.
    fallback: (settings) => countFrom(0, settings.inputHeight * settings.inputWidth),
    // A link writes the picture's size inside the input.
    carries: ['inputHeight', 'inputWidth'],
    check: (settings, fail) => {
      const { inputHeight: H, inputWidth: W, input } = settings;
      if (input.length !== H * W) fail(`it has ${input.length} numbers, but a ${H} by ${W} picture needs ${H * W}.`);
    },
    // In a link the picture carries its size: "4x4:0..15", "2x2:1,2,3,4" or "3x3" (0, 1, ...).
    readQuery: readInputQuery,
    writeQuery: (settings) => `${settings.inputHeight}x${settings.inputWidth}:${numberRun(settings.input)}`,
  },
  { name: 'kernel_size', key: 'kernelSize', attribute: 'kernel-size', kind: 'size', min: 1, fallback: [2, 2] },
  { name: 'stride', key: 'stride', attribute: 'stride', kind: 'size', min: 1, fallback: (settings) => [...settings.kernelSize] },
  { name: 'padding', key: 'padding', attribute: 'padding', kind: 'size', min: 0, fallback: [0, 0], check: fitsTheGrid },
  { name: 'dilation', key: 'dilation', attribute: 'dilation', kind: 'size', min: 1, fallback: [1, 1], ops: ['max'] },
  { name: 'ceil_mode', key: 'ceilMode', attribute: 'ceil-mode', kind: 'boolean', fallback: false },
  { name: 'count_include_pad', key: 'countIncludePad', attribute: 'count-include-pad', kind: 'boolean', fallback: true, ops: ['avg'] },
  { name: 'divisor_override', key: 'divisorOverride', attribute: 'divisor-override', kind: 'wholeOrNone', fallback: null, nullable: true, ops: ['avg'] },
  {
    name: 'grad_output', key: 'gradOutput', attribute: 'grad-output', kind: 'numbers', ones: true, fallback: 'ones',
    isFallback: (value) => value === 'ones' || Array.from(value).every((gradient) => gradient === 1),
    // A page's gradients were written for its own windows: a link that moves the windows and
    // gives no gradients of its own starts from ones.
    resetsWith: OUTPUT_SHAPE_KEYS,
  },
]);

/**
 * The window the learner selected, numbered as the page names it: 4 is "window 4", the first is
 * 1; null for none. The same in attributes, front matter, links (?window=4) and both elements'
 * state; only the pool-select event's `index` counts from 0, as the core's output cells do.
 */
export const SELECTED_ROW = Object.freeze({
  name: 'selected', key: 'selected', attribute: 'selected', kind: 'window', fallback: null, nullable: true,
  rule: 'it must be a window number as the page names it: 1 for window 1, 4 for window 4 (windows count from 1).',
  // Links say ?window=4. Links written before counted `selected` from 0 (?selected=3 was
  // window 4), and keep opening the window they showed.
  queryName: 'window',
  readOldQuery: (text, fail) => (/^\d{1,9}$/.test(text) ? Number(text) + 1 : fail('it must be a whole number from 0 (links counted windows from 0).')),
});


/** The largest side of a picture the playground draws and a lesson may set. */
export const MAX_SIDE = 16;

/** The 4 x 4 grid 0..15 with a 2 x 2 window and stride 2: the course's first example. */
export function defaultPoolSettings() {
  const settings = {};
  for (const row of POOL_SETTINGS) {
    const { fallback } = row;
    settings[row.key] = typeof fallback === 'function' ? fallback(settings) : structuredClone(fallback);
  }
  return settings;
}


/**
 * The options object of the core's JS API for these settings: the operation's own options
 * only. One number stands for both sides when they agree, so the core's messages quote what
 * the learner wrote.
 */
export function coreOptions(settings) {
  const size = ([h, w]) => (Object.is(h, w) ? h : [h, w]);
  const options = {
    kernelSize: size(settings.kernelSize),
    stride: size(settings.stride),
    padding: size(settings.padding),
    ceilMode: settings.ceilMode,
  };
  if (settings.op === 'max') {
    options.dilation = size(settings.dilation);
  } else {
    options.countIncludePad = settings.countIncludePad;
    options.divisorOverride = settings.divisorOverride;
  }
  return options;
}

/** A core message with its camelCase option names in PyTorch's snake_case (kernel_size). */
export function pytorchWords(text) {
  return POOL_SETTINGS.reduce((words, row) => words.replace(new RegExp(`\\b${row.key}\\b`, 'g'), row.name), text);
}

/**
 * Do two settings describe the same computation? Options the operation ignores (dilation for
 * average pooling, count_include_pad and divisor_override for max) do not count.
 */
export function sameComputation(a, b) {
  const same = (x, y) => JSON.stringify(x) === JSON.stringify(y);
  return POOL_SETTINGS.every((row) => !belongsTo(row, a.op) || same(a[row.key], b[row.key]));
}

/**
 * The input at a new size: cells that stay keep their values, new cells hold 0.
 * @returns {number[]}
 */
export function resizeInput(settings, height, width) {
  const values = [];
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const kept = row < settings.inputHeight && column < settings.inputWidth;
      values.push(kept ? settings.input[row * settings.inputWidth + column] : 0);
    }
  }
  return values;
}

export { countFrom };

// Declines (undefined) the older form, numbers alone, which the attribute reader takes.
function readInputQuery(text, fail) {
  const match = /^(\d+)x(\d+)(?::(.*))?$/.exec(text);
  if (!match && /^[-+\d.\s,eEnaN]*$/.test(text) && /\s/.test(text)) return undefined;
  if (!match) fail(`input must look like 4x4:0..15 or 2x2:1,2,3,4, not "${shorten(text, 24)}"`);
  const height = Number(match[1]);
  const width = Number(match[2]);
  // The table's rows of the sides judge their range (readQuery checks what a row carries); this
  // bound only keeps a huge size from being counted out below.
  if (height * width > MAX_GRID_SIDE * MAX_GRID_SIDE * 4) fail(`the input ${height}x${width} is larger than any grid`);
  const count = height * width;
  const run = match[3] === undefined ? null : /^(-?\d+)\.\.(-?\d+)$/.exec(match[3]);
  let input;
  if (match[3] === undefined) {
    input = countFrom(0, count);
  } else if (run) {
    const [first, last] = [Number(run[1]), Number(run[2])];
    if (Math.max(Math.abs(first), Math.abs(last)) > FLOAT32_MAX) fail(`input ${shorten(match[3], 24)} ${BEYOND_FLOAT32}`);
    if (last - first + 1 !== count) {
      fail(`input ${first}..${last} has ${Math.max(0, last - first + 1)} numbers, but a ${height}x${width} grid needs ${count}`);
    }
    input = countFrom(first, count);
  } else {
    input = match[3].split(',').map((part) => queryNumber('input', part, fail));
    if (input.length !== count) fail(`input has ${input.length} numbers, but a ${height}x${width} grid needs ${count}`);
  }
  return { inputHeight: height, inputWidth: width, input };
}

// "0..15" when the numbers are the whole numbers first, first + 1, ...; otherwise all of them.
function numberRun(values) {
  const first = values[0];
  // Only where every number of the run is exact in a double (1e21 + 1 is 1e21).
  const isRun = values.length > 2 && Number.isSafeInteger(first) && Number.isSafeInteger(first + values.length)
    && values.every((v, i) => v === first + i);
  return isRun ? `${numberText(first)}..${numberText(first + values.length - 1)}` : Array.from(values, numberText).join(',');
}
