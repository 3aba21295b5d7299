// The pooling core's JS API: checks the types of arguments, passes PyTorch-style options to
// the WASM module, and turns its rejections into PoolError. Works unchanged in Node 20 and in
// browsers. Types: index.d.ts.
//
// Written for its place in build/wasm/pool/: the glue and the .wasm beside it, the shared JS
// (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, int32Bound, isInt32, isInt32Pair, show, snapshot, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createPoolCore from './pool_core.mjs';

export { CoreError };

/** A bad argument to the pooling core: `parameter` and the message name it and its value. */
export class PoolError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'PoolError';
  }
}

const { pairError, toPair, toFlag, toInteger, toShape, toFloats, toInt32s } = argumentChecks(PoolError);

const OPTION_NAMES = [
  'kernelSize', 'stride', 'padding', 'dilation', 'ceilMode', 'countIncludePad', 'divisorOverride',
  'returnIndices',
];
const OPTION_SET = new Set(OPTION_NAMES);

// The options as an object of their own enumerable properties (what Object.keys lists), each
// read once (arrays copied), before the call writes anything to the heap: a getter that calls
// the core, or a key on Object.prototype, can neither change this call's settings nor reach
// another call's.
//
// The result is a ReadOptions, whose eight fields are its own from the constructor on, so a key
// added to Object.prototype never shows through it, and every call's result has one shape,
// which the engine reads as fast as a plain literal. The object's keys are walked once to refuse
// unknown ones (before any getter runs) and once to read each value by a switch: together a
// quarter of what testing all eight names with hasOwn costs, a good part of the lesson's call.
class ReadOptions {
  constructor() {
    this.kernelSize = undefined;
    this.stride = undefined;
    this.padding = undefined;
    this.dilation = undefined;
    this.ceilMode = undefined;
    this.countIncludePad = undefined;
    this.divisorOverride = undefined;
    this.returnIndices = undefined;
  }
}

function readOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new PoolError('options', `options must be an object such as { kernelSize: 2 }, got ${show(options)}`);
  }
  const keys = Object.keys(options);
  for (const key of keys) {
    if (!OPTION_SET.has(key)) {
      // An option in PyTorch's spelling (kernel_size) is told this API's name for it.
      const hint = OPTION_SET.has(camelCase(key)) ? ` (did you mean ${camelCase(key)}?)` : '';
      throw new PoolError(key, `unknown option ${key}${hint}; the options are ${OPTION_NAMES.join(', ')}`);
    }
  }
  const read = new ReadOptions();
  for (const key of keys) {
    switch (key) {
      case 'kernelSize': read.kernelSize = snapshot(options.kernelSize); break;
      case 'stride': read.stride = snapshot(options.stride); break;
      case 'padding': read.padding = snapshot(options.padding); break;
      case 'dilation': read.dilation = snapshot(options.dilation); break;
      case 'ceilMode': read.ceilMode = snapshot(options.ceilMode); break;
      case 'countIncludePad': read.countIncludePad = snapshot(options.countIncludePad); break;
      case 'divisorOverride': read.divisorOverride = snapshot(options.divisorOverride); break;
      default: read.returnIndices = snapshot(options.returnIndices); break;  // the last name
    }
  }
  if (read.kernelSize === undefined) {
    throw new PoolError('kernelSize', 'kernelSize is required, e.g. { kernelSize: 2 }');
  }
  return read;
}

const isUnitPair = (value) => value === 1 || (Array.isArray(value) && value.length === 2 && value[0] === 1 && value[1] === 1);

// PyTorch's average pooling has no dilation, and its max pooling no divisor: an option that
// would do nothing is an error, not ignored.
function checkOptionsFitKind(options, kind) {
  if (kind === 'avg' && options.dilation !== undefined && !isUnitPair(options.dilation)) {
    throw new PoolError('dilation', `dilation is for max pooling only (average pooling has none), got ${show(options.dilation)}`);
  }
  if (kind === 'avg' && options.returnIndices !== undefined) {
    throw new PoolError('returnIndices', `returnIndices is for max pooling only, got ${show(options.returnIndices)}`);
  }
  if (kind === 'max') {
    if (options.divisorOverride !== undefined && options.divisorOverride !== null) {
      throw new PoolError('divisorOverride', `divisorOverride is for average pooling only, got ${show(options.divisorOverride)}`);
    }
    if (options.countIncludePad === false) {
      throw new PoolError('countIncludePad', 'countIncludePad is for average pooling only (padding never wins a maximum), got false');
    }
  }
}

// A shape's copy, checked.
function readShape(input, name) {
  const shape = toShape(input, name, 'such as [1, 4, 4]');
  if (shape.length > 4) {
    // The block holds four dimensions; the core words the same rule for other ranks.
    throw new PoolError(name, `${name} (${shape.join(', ')}) must have 3 dimensions (C, H, W) or 4 (N, C, H, W), not ${shape.length}`);
  }
  return shape;
}

// divisorOverride: an int32, or null (PyTorch's None: each window's own count divides).
const INTEGER_OR_NULL = { nullable: true };

const isSide = (value) => value === null || isInt32(value);

// Adaptive pooling's outputSize as [h, w], a side null (PyTorch's None) keeping the input's.
function readOutputSize(input) {
  const value = snapshot(input);
  if (isInt32(value)) return [value, value];
  const isPair = Array.isArray(value) && value.length === 2;
  if (isPair && isSide(value[0]) && isSide(value[1])) return value;
  // Integers (and nulls) of which one passes int32's bounds are told that bound.
  const sides = isPair ? value.filter((side) => side !== null) : [value];
  const beyond = sides.every(Number.isInteger) ? sides.find((side) => !isInt32(side)) : undefined;
  if (beyond !== undefined) throw new PoolError('outputSize', `outputSize must be ${int32Bound(beyond)}, got ${show(value)}`);
  throw new PoolError('outputSize', `outputSize must be an integer or a pair [h, w] of integers or nulls, got ${show(value)}`);
}

// Turns the core's { error, parameter }, in PyTorch's names, into a PoolError in the JS API's
// camelCase ones.
function poolError({ error, parameter }, shapeName) {
  let name = camelCase(parameter);
  let message = toJsNames(error);
  if (name === 'shape' && shapeName !== 'shape') {
    name = shapeName;
    message = message.replace(/^shape\b/, shapeName);
  }
  return new PoolError(name, message);
}

const MAX_OPS = new Set(['maxPool2d', 'maxPool2dBackward', 'adaptiveMaxPool2d', 'adaptiveMaxPool2dBackward']);
const isMaxOp = (op) => MAX_OPS.has(op);

const KERNEL_OPS = ['avgPool2d', 'avgPool2dBackward', 'maxPool2d', 'maxPool2dBackward'];

// A few values are copied by a plain loop: entering the typed-array builtins (set, slice)
// costs more than copying the lesson's sixteen values.
const SMALL_COPY = 64;

function copyIn(heap, values, at) {
  if (values.length > SMALL_COPY) {
    heap.set(values, at);
  } else {
    for (let i = 0; i < values.length; i++) heap[at + i] = values[i];
  }
}

// A fresh copy of heap[start, start + length). Copying by the typed array's constructor leaves
// out the zero fill that `new Type(length)` (and `slice`) does first: a result of 3 MB costs
// about half as much as with slice.
function copyOut(heap, start, length, Type) {
  if (length > SMALL_COPY) return new Type(heap.subarray(start, start + length));
  const out = new Type(length);
  for (let i = 0; i < length; i++) out[i] = heap[start + i];
  return out;
}

// How many values (of input or of result, whichever is larger) one batch of planes moves:
// 256 KB each way, so a batch stays in a core's L2 cache from being copied into the heap,
// through the kernel, to being copied out. A single plane larger than this is one batch.
const BATCH_VALUES = 1 << 16;

// Results of up to this many values (4 MB) gather in the heap and are copied out once, with
// copyOut; larger ones stream out batch by batch into one zero-filled array, so that the heap
// never holds more than this of a result.
const GATHER_VALUES = 1 << 20;

// Heap buffers of up to this many values (4 MB) stay for the next call; after a call that
// needed larger ones, the module frees them (pool_release_buffers, the same 4 MB).
const KEPT_VALUES = 1 << 20;

// Each call writes its settings straight into the module's call block (int32 slots whose
// layout the module reports), has the module validate the whole call, then streams the input
// through reusable heap buffers in batches of planes (see stream()): no objects built per
// call beyond the result.
function makeApi(wasm) {
  const layout = wasm.layout();
  // Plain copies: objects built through Embind are slow to read on every call.
  const slot = { ...layout.slots };
  const ops = { ...layout.ops };
  const blockWord = wasm.blockAddress() >> 2;
  const slotCount = Object.keys(slot).length;
  // Views of the heap, kept across calls. When memory grows, its old buffer is detached and
  // every view of it reads as empty, so an empty block view means: take the module's new ones.
  let floats = null;
  let ints = null;
  let words = new Int32Array(0);
  const block = () => {
    if (words.length === 0) {
      floats = wasm.HEAPF32;
      ints = wasm.HEAP32;
      words = ints.subarray(blockWord, blockWord + slotCount);
    }
    return words;
  };

  // Where the input buffers start (in 4-byte words) and how many values they hold. They
  // only grow, so most calls skip asking the module.
  let valuesWord = 0;
  let valuesRoom = -1;
  let indicesWord = 0;
  let indicesRoom = -1;

  // After a call whose buffers exceed KEPT_VALUES: the module frees them, and the next call asks
  // for room again.
  function releaseLargeBuffers(resultValues) {
    if (valuesRoom <= KEPT_VALUES && indicesRoom <= KEPT_VALUES && resultValues <= KEPT_VALUES) return;
    wasm._pool_release_buffers();
    if (valuesRoom > KEPT_VALUES) valuesRoom = -1;
    if (indicesRoom > KEPT_VALUES) indicesRoom = -1;
  }

  function writePair(w, hSlot, wSlot, value, name) {
    if (isInt32(value)) {
      w[hSlot] = value;
      w[wSlot] = value;
    } else if (isInt32Pair(value)) {
      w[hSlot] = value[0];
      w[wSlot] = value[1];
    } else {
      throw pairError(name, value);
    }
  }

  function writeFlag(w, flagSlot, value, name, fallback) {
    w[flagSlot] = toFlag(value, name, fallback) ? 1 : 0;
  }

  // Checks the types of options from readOptions() and writes them; the core checks the ranges.
  // `kind` is 'avg' or 'max', or null when planning for either (pool2dOutputShape).
  function writeOptions(w, options, kind) {
    checkOptionsFitKind(options, kind);
    writePair(w, slot.kernelH, slot.kernelW, options.kernelSize, 'kernelSize');
    const { stride, divisorOverride } = options;
    const hasStride = stride !== undefined && stride !== null;
    w[slot.hasStride] = hasStride ? 1 : 0;
    if (hasStride) writePair(w, slot.strideH, slot.strideW, stride, 'stride');
    writePair(w, slot.paddingH, slot.paddingW, options.padding === undefined ? 0 : options.padding, 'padding');
    writePair(w, slot.dilationH, slot.dilationW, options.dilation === undefined ? 1 : options.dilation, 'dilation');
    writeFlag(w, slot.ceilMode, options.ceilMode, 'ceilMode', false);
    writeFlag(w, slot.countIncludePad, options.countIncludePad, 'countIncludePad', true);
    const divisor = toInteger(divisorOverride ?? null, 'divisorOverride', INTEGER_OR_NULL);
    w[slot.hasDivisor] = divisor === null ? 0 : 1;
    w[slot.divisor] = divisor ?? 0;
    writeFlag(w, slot.returnIndices, options.returnIndices, 'returnIndices', true);
  }

  // `shape` from readShape().
  function writeShape(w, shape) {
    w[slot.rank] = shape.length;
    for (let i = 0; i < 4; i++) w[slot.shape0 + i] = i < shape.length ? shape[i] : 0;
  }

  // Validates `op` on what the block holds; a rejection becomes a PoolError.
  function plan(op, shapeName) {
    if (wasm._pool_plan(ops[op]) !== 0) throw poolError(wasm.lastError(), shapeName);
    return block();
  }

  function outShape(w) {
    const shape = new Array(w[slot.outRank]);
    for (let i = 0; i < shape.length; i++) shape[i] = w[slot.outShape0 + i];
    return shape;
  }

  // Makes room in the heap for a batch's inputs. Room may grow the memory, which detaches
  // every view, so views are taken after this.
  function reserve(valueCount, indexCount) {
    if (valueCount > valuesRoom) {
      valuesWord = wasm._pool_values_buffer(valueCount) >> 2;
      valuesRoom = valueCount;
    }
    if (indexCount > indicesRoom) {
      indicesWord = wasm._pool_indices_buffer(indexCount) >> 2;
      indicesRoom = indexCount;
    }
  }

  // Runs the planned call over all its planes: each batch's inputs are copied into the heap
  // and pooled; the results gather in the heap and are copied out at the end, or, when they
  // are large, are copied batch by batch into `data` (and `resultIndices`, max forward).
  // The heap buffers stay for the next call: WASM memory never shrinks, so giving them back
  // would only make the next call pay for them again.
  function stream(shapeName, values, indices, withIndices) {
    const w = block();
    const planes = w[slot.planes];
    const perValues = w[slot.planeValues];
    const perIndices = w[slot.planeIndices];
    const perResult = w[slot.planeResult];
    const total = planes * perResult;
    const perPlane = Math.max(perValues, perResult, 1);
    // An empty batch (planes 0) is no batch: nothing reaches the heap.
    let batch = Math.min(planes, Math.max(1, Math.floor(BATCH_VALUES / perPlane)));
    // A kernel that takes planes four at a time (planeGroup) gets batches of whole fours, of
    // up to four batches' worth (1 MB) when a plane fits a batch. Larger planes still go one
    // by one (through the scalar kernel), so the heap never holds four of them.
    const group = w[slot.planeGroup];
    if (batch < planes && group > 1 && perPlane <= BATCH_VALUES) {
      batch = Math.min(planes, Math.max(group, batch - (batch % group)));
    }
    const gather = total <= GATHER_VALUES || batch === planes;
    try {
      return streamBatches(shapeName, values, indices, withIndices, { planes, perValues, perIndices, perResult, total, batch, gather });
    } finally {
      releaseLargeBuffers(gather ? total : batch * perResult);
    }
  }

  function streamBatches(shapeName, values, indices, withIndices, { planes, perValues, perIndices, perResult, total, batch, gather }) {
    reserve(batch * perValues, batch * perIndices);
    block();  // reserve() may have grown the memory
    let data = null;
    let resultIndices = null;
    for (let first = 0; first < planes; first += batch) {
      const count = Math.min(batch, planes - first);
      const whole = count === planes;  // one batch: the lesson's 4 x 4 and every small call
      copyIn(floats, whole ? values : values.subarray(first * perValues, (first + count) * perValues), valuesWord);
      if (perIndices > 0) {
        copyIn(ints, whole ? indices : indices.subarray(first * perIndices, (first + count) * perIndices), indicesWord);
      }
      if (wasm._pool_run_planes(first, count, gather ? 1 : 0) !== 0) throw poolError(wasm.lastError(), shapeName);
      const done = block();  // the run may have grown the memory (its result buffer)
      if (gather) continue;
      const length = count * perResult;
      const start = done[slot.resultPtr] >> 2;
      data ??= new Float32Array(total);
      data.set(floats.subarray(start, start + length), first * perResult);
      if (withIndices) {
        const from = done[slot.resultIndicesPtr] >> 2;
        resultIndices ??= new Int32Array(total);
        resultIndices.set(ints.subarray(from, from + length), first * perResult);
      }
    }
    if (gather) {
      const done = block();
      data = copyOut(floats, done[slot.resultPtr] >> 2, total, Float32Array);
      if (withIndices) resultIndices = copyOut(ints, done[slot.resultIndicesPtr] >> 2, total, Int32Array);
    }
    return { data, indices: resultIndices };
  }

  // Every slot a call reads is written by that call (or the call throws), so nothing of an
  // earlier call can leak into it.
  // `settings` is an adaptive operation's outputSize, or the others' options, from readSettings().
  function writeSettings(w, op, settings) {
    if (op.startsWith('adaptive')) {
      const [h, wide] = settings;
      w[slot.hasOutputH] = h === null ? 0 : 1;
      w[slot.outputH] = h ?? 0;
      w[slot.hasOutputW] = wide === null ? 0 : 1;
      w[slot.outputW] = wide ?? 0;
      w[slot.returnIndices] = 1;
    } else {
      writeOptions(w, settings, isMaxOp(op) ? 'max' : 'avg');
    }
  }

  // Every argument a call reads more than once, read once and checked for type, before the
  // call writes anything to the heap.
  const readSettings = (op, settings) => (op.startsWith('adaptive') ? readOutputSize(settings) : readOptions(settings));

  // Reads the shape and settings (after the arrays the caller already read), then writes the
  // call's block: nothing reaches the heap before every argument has been read once.
  function writeCall(op, shape, shapeName, settings, values, indices) {
    const checkedShape = readShape(shape, shapeName);
    const checkedSettings = readSettings(op, settings);
    const w = block();
    writeShape(w, checkedShape);
    writeSettings(w, op, checkedSettings);
    w[slot.valuesLength] = values.length;
    w[slot.indicesLength] = indices ? indices.length : 0;
    return w;
  }

  // `isMax`: a max pooling forward, which returns indices unless told returnIndices: false.
  function forward(op, input, shape, settings, isMax) {
    const values = toFloats(input, 'input');
    const w = writeCall(op, shape, 'shape', settings, values, null);
    const withIndices = isMax && w[slot.returnIndices] === 1;
    const outputShape = outShape(plan(op, 'shape'));
    const { data, indices } = stream('shape', values, null, withIndices);
    const result = { data, shape: outputShape };
    if (withIndices) result.indices = indices;
    return result;
  }

  function backward(op, gradOutput, indices, inputShape, settings) {
    const values = toFloats(gradOutput, 'gradOutput');
    const checkedIndices = isMaxOp(op) ? toInt32s(indices, 'indices') : null;
    writeCall(op, inputShape, 'inputShape', settings, values, checkedIndices);
    plan(op, 'inputShape');
    return stream('inputShape', values, checkedIndices, false).data;
  }

  // Plans without data: the output shape, or the kernel that would run.
  // `options` from readOptions().
  function planOnly(shape, options, isMax, kind) {
    const checkedShape = readShape(shape, 'shape');
    const w = block();
    writeShape(w, checkedShape);
    writeOptions(w, options, kind);
    return plan(isMax ? 'maxOutputShape' : 'avgOutputShape', 'shape');
  }

  return refusingExtraArguments(PoolError, {
    avgPool2d: (input, shape, options) => forward('avgPool2d', input, shape, options, false),
    avgPool2dBackward: (gradOutput, inputShape, options) =>
      backward('avgPool2dBackward', gradOutput, undefined, inputShape, options),
    maxPool2d: (input, shape, options) => forward('maxPool2d', input, shape, options, true),
    maxPool2dBackward: (gradOutput, indices, inputShape, options) =>
      backward('maxPool2dBackward', gradOutput, indices, inputShape, options),
    adaptiveAvgPool2d: (input, shape, outputSize) => forward('adaptiveAvgPool2d', input, shape, outputSize, false),
    adaptiveAvgPool2dBackward: (gradOutput, inputShape, outputSize) =>
      backward('adaptiveAvgPool2dBackward', gradOutput, undefined, inputShape, outputSize),
    adaptiveMaxPool2d: (input, shape, outputSize) => forward('adaptiveMaxPool2d', input, shape, outputSize, true),
    adaptiveMaxPool2dBackward: (gradOutput, indices, inputShape, outputSize) =>
      backward('adaptiveMaxPool2dBackward', gradOutput, indices, inputShape, outputSize),
    pool2dOutputShape(shape, options) {
      const read = readOptions(options);
      // Dilation is max pooling's alone; without it both kinds give the same shape. Options of
      // both kinds at once fit neither: one of max pooling's own makes the plan max pooling's,
      // which refuses average pooling's, as maxPool2d does.
      const dilation = read.dilation ?? 1;
      const [dh, dw] = isInt32(dilation) || Array.isArray(dilation) ? toPair(dilation, 'dilation') : [1, 1];
      const dilated = dh !== 1 || dw !== 1;
      return outShape(planOnly(shape, read, dilated, dilated || read.returnIndices !== undefined ? 'max' : null));
    },
    kernelName(op, shape, options) {
      if (!KERNEL_OPS.includes(op)) {
        throw new PoolError('op', `op must be one of ${KERNEL_OPS.join(', ')}, got ${show(op)}`);
      }
      const isMax = op.startsWith('max');
      planOnly(shape, readOptions(options), isMax, isMax ? 'max' : 'avg');
      return wasm.kernelName(ops[op]);
    },
    memoryStats() {
      return { ...wasm.memoryStats(), emvalHandles: wasm.count_emval_handles() };
    },
  });
}

// new URL(...) with a literal, beside the glue, so that bundlers (Vite) emit the .wasm.
/** Loads the WASM module once per page or process; a failed load may be retried. */
export const loadCore = moduleLoader(createPoolCore, new URL('./pool_core.wasm', import.meta.url), makeApi);
