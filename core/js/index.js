// The pooling core's JS API: checks arguments, normalises PyTorch-style options, calls the
// WASM module, and turns its rejections into PoolError. Works unchanged in Node 20 and in
// browsers; the .wasm sits beside this file. Types: index.d.ts.
import createPoolCore from './pool_core.mjs';

// Written this way so bundlers (Vite) emit the .wasm as an asset next to the bundle.
const wasmUrl = new URL('./pool_core.wasm', import.meta.url);

export class PoolError extends Error {
  constructor(parameter, message) {
    super(message);
    this.name = 'PoolError';
    this.parameter = parameter;
  }
}

// The core speaks PyTorch's names; the JS API speaks camelCase.
const CAMEL_NAMES = {
  kernel_size: 'kernelSize',
  ceil_mode: 'ceilMode',
  count_include_pad: 'countIncludePad',
  divisor_override: 'divisorOverride',
  output_size: 'outputSize',
  grad_output: 'gradOutput',
};
const NAME_PATTERN = new RegExp(`\\b(${Object.keys(CAMEL_NAMES).join('|')})\\b`, 'g');

function camelCase(text) {
  return text.replace(NAME_PATTERN, (name) => CAMEL_NAMES[name]);
}

const OPTION_NAMES = [
  'kernelSize', 'stride', 'padding', 'dilation', 'ceilMode', 'countIncludePad', 'divisorOverride',
];
const OPTION_SET = new Set(OPTION_NAMES);
const INT32_MAX = 2147483647;

function show(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return Object.prototype.toString.call(value);
}

function isInt32(value) {
  return Number.isInteger(value) && Math.abs(value) <= INT32_MAX;
}

// A number, or [h, w], as [h, w]. Range checks are the core's; this checks only the type.
function toPair(value, name) {
  if (isInt32(value)) return [value, value];
  if (Array.isArray(value) && value.length === 2 && value.every(isInt32)) return [value[0], value[1]];
  throw new PoolError(name, `${name} must be an integer or a pair [h, w] of integers, got ${show(value)}`);
}

function toBoolean(value, name, fallback) {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  throw new PoolError(name, `${name} must be true or false, got ${show(value)}`);
}

// Options as [h, w] pairs and flags, with only the type checked here; the core checks ranges.
function normaliseOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new PoolError('options', `options must be an object such as { kernelSize: 2 }, got ${show(options)}`);
  }
  for (const key in options) {
    if (!OPTION_SET.has(key)) {
      const hint = Object.values(CAMEL_NAMES).includes(camelCase(key)) ? ` (did you mean ${camelCase(key)}?)` : '';
      throw new PoolError(key, `unknown option ${key}${hint}; the options are ${OPTION_NAMES.join(', ')}`);
    }
  }
  if (options.kernelSize === undefined) {
    throw new PoolError('kernelSize', 'kernelSize is required, e.g. { kernelSize: 2 }');
  }
  const hasDivisor = options.divisorOverride !== undefined && options.divisorOverride !== null;
  if (hasDivisor && !isInt32(options.divisorOverride)) {
    throw new PoolError('divisorOverride', `divisorOverride must be an integer or null, got ${show(options.divisorOverride)}`);
  }
  const hasStride = options.stride !== undefined && options.stride !== null;
  return {
    kernel: toPair(options.kernelSize, 'kernelSize'),
    stride: hasStride ? toPair(options.stride, 'stride') : null,
    padding: toPair(options.padding ?? 0, 'padding'),
    dilation: toPair(options.dilation ?? 1, 'dilation'),
    ceilMode: toBoolean(options.ceilMode, 'ceilMode', false),
    countIncludePad: toBoolean(options.countIncludePad, 'countIncludePad', true),
    divisor: hasDivisor ? options.divisorOverride : null,
  };
}

function toShape(shape, name) {
  if (!Array.isArray(shape) || !shape.every(isInt32)) {
    throw new PoolError(name, `${name} must be an array of integers such as [1, 4, 4], got ${show(shape)}`);
  }
  return shape;
}

// A Float32Array as it is, or a plain array whose every entry is a number (NaN included).
function toFloats(values, name) {
  if (values instanceof Float32Array) return values;
  if (!Array.isArray(values) && !ArrayBuffer.isView(values)) {
    throw new PoolError(name, `${name} must be a Float32Array or an array of numbers, got ${show(values)}`);
  }
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number') {
      throw new PoolError(name, `${name}[${i}] must be a number, got ${show(values[i])}`);
    }
  }
  return Float32Array.from(values);
}

function toIndices(values) {
  if (values instanceof Int32Array) return values;
  if (!Array.isArray(values) && !ArrayBuffer.isView(values)) {
    throw new PoolError('indices', `indices must be an Int32Array or an array of integers, got ${show(values)}`);
  }
  for (let i = 0; i < values.length; i++) {
    if (!isInt32(values[i])) {
      throw new PoolError('indices', `indices[${i}] must be an integer, got ${show(values[i])}`);
    }
  }
  return Int32Array.from(values);
}

// Turns the core's { error, parameter } into a PoolError in the JS API's words.
function poolError({ error, parameter }, shapeName) {
  let name = CAMEL_NAMES[parameter] ?? parameter;
  let message = camelCase(error);
  if (name === 'shape' && shapeName !== 'shape') {
    name = shapeName;
    message = message.replace(/^shape\b/, shapeName);
  }
  return new PoolError(name, message);
}

const KERNEL_OPS = ['avgPool2d', 'avgPool2dBackward', 'maxPool2d', 'maxPool2dBackward'];

function makeApi(wasm) {
  const layout = wasm.layout();
  // Plain copies: objects built through Embind are slow to read on every call.
  const slots = { ...layout.slots };
  const ops = { ...layout.ops };
  const blockWord = wasm.blockAddress() >> 2;
  const slotCount = Object.keys(slots).length;
  // A view goes stale when memory grows; the module then swaps in fresh HEAP views, so the
  // block's view is rebuilt whenever the module's view has changed.
  let heap = null;
  let words = null;
  const block = () => {
    if (heap !== wasm.HEAP32) {
      heap = wasm.HEAP32;
      words = heap.subarray(blockWord, blockWord + slotCount);
    }
    return words;
  };

  // Where the input buffers start (in 4-byte words) and how many values they hold. They
  // only grow, so most calls skip asking the module.
  const room = (allocate, length) => ({ word: allocate(length) >> 2, length });
  const noRoom = { word: 0, length: -1 };
  let valuesRoom = noRoom;
  let indicesRoom = noRoom;

  function writeShape(words, shape) {
    words[slots.rank] = shape.length;
    for (let i = 0; i < 4; i++) words[slots.shape0 + i] = i < shape.length ? shape[i] : 0;
  }

  function writeOptions(words, o) {
    words[slots.kernelH] = o.kernel[0];
    words[slots.kernelW] = o.kernel[1];
    words[slots.hasStride] = o.stride ? 1 : 0;
    words[slots.strideH] = o.stride ? o.stride[0] : 0;
    words[slots.strideW] = o.stride ? o.stride[1] : 0;
    words[slots.paddingH] = o.padding[0];
    words[slots.paddingW] = o.padding[1];
    words[slots.dilationH] = o.dilation[0];
    words[slots.dilationW] = o.dilation[1];
    words[slots.ceilMode] = o.ceilMode ? 1 : 0;
    words[slots.countIncludePad] = o.countIncludePad ? 1 : 0;
    words[slots.hasDivisor] = o.divisor === null ? 0 : 1;
    words[slots.divisor] = o.divisor ?? 0;
  }

  // Sets up the block for one call; `values` and `indices` are copied into the heap.
  function prepare({ shape, shapeName, options, outputSize, values, indices }) {
    if (shape.length > 4) {
      // The core names the rank in its message; the block has room for four dimensions.
      throw new PoolError(shapeName, `${shapeName} (${shape.join(', ')}) must have 3 dimensions (C, H, W) or 4 (N, C, H, W), not ${shape.length}`);
    }
    if (values) {
      if (values.length > valuesRoom.length) valuesRoom = room(wasm._pool_values_buffer, values.length);
      wasm.HEAPF32.set(values, valuesRoom.word);
    }
    if (indices) {
      if (indices.length > indicesRoom.length) indicesRoom = room(wasm._pool_indices_buffer, indices.length);
      wasm.HEAP32.set(indices, indicesRoom.word);
    }
    const words = block();
    writeShape(words, shape);
    if (options) writeOptions(words, options);
    if (outputSize) {
      words[slots.outputH] = outputSize[0];
      words[slots.outputW] = outputSize[1];
    }
    words[slots.valuesLength] = values ? values.length : 0;
    words[slots.indicesLength] = indices ? indices.length : 0;
  }

  function run(op, shapeName) {
    if (wasm._pool_run(ops[op]) !== 0) throw poolError(wasm.lastError(), shapeName);
    return block();
  }

  function outShape(words) {
    const shape = new Array(words[slots.outRank]);
    for (let i = 0; i < shape.length; i++) shape[i] = words[slots.outShape0 + i];
    return shape;
  }

  // Copies the result out of the heap. The buffers stay for the next call: WASM memory never
  // shrinks, so giving them back would only make the next big call pay for them again.
  function takeResult(words, withIndices) {
    const start = words[slots.resultPtr] >> 2;
    const length = words[slots.resultLength];
    const data = wasm.HEAPF32.slice(start, start + length);
    const indicesStart = words[slots.resultIndicesPtr] >> 2;
    const indices = withIndices ? wasm.HEAP32.slice(indicesStart, indicesStart + length) : null;
    return { data, indices };
  }

  function forward(op, input, shape, options, outputSize, withIndices) {
    prepare({ shape: toShape(shape, 'shape'), shapeName: 'shape', options, outputSize, values: toFloats(input, 'input') });
    const words = run(op, 'shape');
    const resultShape = outShape(words);
    const { data, indices } = takeResult(words, withIndices);
    return withIndices ? { data, shape: resultShape, indices } : { data, shape: resultShape };
  }

  function backward(op, gradOutput, indices, inputShape, options, outputSize) {
    prepare({
      shape: toShape(inputShape, 'inputShape'),
      shapeName: 'inputShape',
      options,
      outputSize,
      values: toFloats(gradOutput, 'gradOutput'),
      indices: indices === undefined ? undefined : toIndices(indices),
    });
    return takeResult(run(op, 'inputShape'), false).data;
  }

  return Object.freeze({
    avgPool2d: (input, shape, options) =>
      forward('avgPool2d', input, shape, normaliseOptions(options), null, false),
    avgPool2dBackward: (gradOutput, inputShape, options) =>
      backward('avgPool2dBackward', gradOutput, undefined, inputShape, normaliseOptions(options), null),
    maxPool2d: (input, shape, options) =>
      forward('maxPool2d', input, shape, normaliseOptions(options), null, true),
    maxPool2dBackward: (gradOutput, indices, inputShape, options) =>
      backward('maxPool2dBackward', gradOutput, indices, inputShape, normaliseOptions(options), null),
    adaptiveAvgPool2d: (input, shape, outputSize) =>
      forward('adaptiveAvgPool2d', input, shape, null, toPair(outputSize, 'outputSize'), false),
    adaptiveAvgPool2dBackward: (gradOutput, inputShape, outputSize) =>
      backward('adaptiveAvgPool2dBackward', gradOutput, undefined, inputShape, null, toPair(outputSize, 'outputSize')),
    adaptiveMaxPool2d: (input, shape, outputSize) =>
      forward('adaptiveMaxPool2d', input, shape, null, toPair(outputSize, 'outputSize'), true),
    adaptiveMaxPool2dBackward: (gradOutput, indices, inputShape, outputSize) =>
      backward('adaptiveMaxPool2dBackward', gradOutput, indices, inputShape, null, toPair(outputSize, 'outputSize')),
    pool2dOutputShape(shape, options) {
      const o = normaliseOptions(options);
      // Dilation is max pooling's alone; without it both kinds give the same shape.
      const isMax = o.dilation[0] !== 1 || o.dilation[1] !== 1;
      prepare({ shape: toShape(shape, 'shape'), shapeName: 'shape', options: o });
      return outShape(run(isMax ? 'maxOutputShape' : 'avgOutputShape', 'shape'));
    },
    kernelName(op, shape, options) {
      if (!KERNEL_OPS.includes(op)) {
        throw new PoolError('op', `op must be one of ${KERNEL_OPS.join(', ')}, got ${show(op)}`);
      }
      const o = normaliseOptions(options);
      prepare({ shape: toShape(shape, 'shape'), shapeName: 'shape', options: o });
      run(op.startsWith('max') ? 'maxOutputShape' : 'avgOutputShape', 'shape');
      return wasm.kernelName(ops[op]);
    },
    memoryStats() {
      return { ...wasm.memoryStats(), emvalHandles: wasm.count_emval_handles() };
    },
  });
}

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function moduleArguments() {
  if (isNode) {
    // A variable specifier keeps bundlers from pulling node:fs into browser builds.
    const fsModule = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fsModule);
    return { wasmBinary: await readFile(wasmUrl) };
  }
  return { locateFile: () => wasmUrl.href };
}

let corePromise = null;

/** Loads the WASM module once per page or process; a failed load may be retried. */
export function loadCore() {
  corePromise ??= moduleArguments()
    .then((args) => createPoolCore(args))
    .then(makeApi)
    .catch((error) => {
      corePromise = null;
      throw error;
    });
  return corePromise;
}
