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

function toWireOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new PoolError('options', `options must be an object such as { kernelSize: 2 }, got ${show(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.includes(key)) {
      const hint = Object.values(CAMEL_NAMES).includes(camelCase(key)) ? ` (did you mean ${camelCase(key)}?)` : '';
      throw new PoolError(key, `unknown option ${key}${hint}; the options are ${OPTION_NAMES.join(', ')}`);
    }
  }
  if (options.kernelSize === undefined) {
    throw new PoolError('kernelSize', 'kernelSize is required, e.g. { kernelSize: 2 }');
  }
  const [kernelH, kernelW] = toPair(options.kernelSize, 'kernelSize');
  const hasStride = options.stride !== undefined && options.stride !== null;
  const [strideH, strideW] = hasStride ? toPair(options.stride, 'stride') : [0, 0];
  const [paddingH, paddingW] = toPair(options.padding ?? 0, 'padding');
  const [dilationH, dilationW] = toPair(options.dilation ?? 1, 'dilation');
  const hasDivisorOverride = options.divisorOverride !== undefined && options.divisorOverride !== null;
  if (hasDivisorOverride && !isInt32(options.divisorOverride)) {
    throw new PoolError('divisorOverride', `divisorOverride must be an integer or null, got ${show(options.divisorOverride)}`);
  }
  return {
    kernelH, kernelW, hasStride, strideH, strideW, paddingH, paddingW, dilationH, dilationW,
    ceilMode: toBoolean(options.ceilMode, 'ceilMode', false),
    countIncludePad: toBoolean(options.countIncludePad, 'countIncludePad', true),
    hasDivisorOverride,
    divisorOverride: hasDivisorOverride ? options.divisorOverride : 0,
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

// The WASM side answers { error, parameter } for a rejected argument.
function unwrap(result, shapeName) {
  if (result && typeof result.error === 'string') {
    let parameter = CAMEL_NAMES[result.parameter] ?? result.parameter;
    let message = camelCase(result.error);
    if (parameter === 'shape' && shapeName !== 'shape') {
      parameter = shapeName;
      message = message.replace(/^shape\b/, shapeName);
    }
    throw new PoolError(parameter, message);
  }
  return result;
}

const KERNEL_OPS = ['avgPool2d', 'avgPool2dBackward', 'maxPool2d', 'maxPool2dBackward'];

function makeApi(wasm) {
  return Object.freeze({
    avgPool2d(input, shape, options) {
      const wire = toWireOptions(options);
      return unwrap(wasm.avgPool2d(toFloats(input, 'input'), toShape(shape, 'shape'), wire), 'shape');
    },
    avgPool2dBackward(gradOutput, inputShape, options) {
      const wire = toWireOptions(options);
      return unwrap(
        wasm.avgPool2dBackward(toFloats(gradOutput, 'gradOutput'), toShape(inputShape, 'inputShape'), wire),
        'inputShape');
    },
    maxPool2d(input, shape, options) {
      const wire = toWireOptions(options);
      return unwrap(wasm.maxPool2d(toFloats(input, 'input'), toShape(shape, 'shape'), wire), 'shape');
    },
    maxPool2dBackward(gradOutput, indices, inputShape, options) {
      const wire = toWireOptions(options);
      return unwrap(
        wasm.maxPool2dBackward(toFloats(gradOutput, 'gradOutput'), toIndices(indices),
          toShape(inputShape, 'inputShape'), wire),
        'inputShape');
    },
    adaptiveAvgPool2d(input, shape, outputSize) {
      const [h, w] = toPair(outputSize, 'outputSize');
      return unwrap(wasm.adaptiveAvgPool2d(toFloats(input, 'input'), toShape(shape, 'shape'), h, w), 'shape');
    },
    adaptiveAvgPool2dBackward(gradOutput, inputShape, outputSize) {
      const [h, w] = toPair(outputSize, 'outputSize');
      return unwrap(
        wasm.adaptiveAvgPool2dBackward(toFloats(gradOutput, 'gradOutput'), toShape(inputShape, 'inputShape'), h, w),
        'inputShape');
    },
    adaptiveMaxPool2d(input, shape, outputSize) {
      const [h, w] = toPair(outputSize, 'outputSize');
      return unwrap(wasm.adaptiveMaxPool2d(toFloats(input, 'input'), toShape(shape, 'shape'), h, w), 'shape');
    },
    adaptiveMaxPool2dBackward(gradOutput, indices, inputShape, outputSize) {
      const [h, w] = toPair(outputSize, 'outputSize');
      return unwrap(
        wasm.adaptiveMaxPool2dBackward(toFloats(gradOutput, 'gradOutput'), toIndices(indices),
          toShape(inputShape, 'inputShape'), h, w),
        'inputShape');
    },
    pool2dOutputShape(shape, options) {
      const wire = toWireOptions(options);
      const isMax = wire.dilationH !== 1 || wire.dilationW !== 1;
      return unwrap(wasm.pool2dOutputShape(toShape(shape, 'shape'), wire, isMax), 'shape');
    },
    kernelName(op, shape, options) {
      const code = KERNEL_OPS.indexOf(op);
      if (code < 0) throw new PoolError('op', `op must be one of ${KERNEL_OPS.join(', ')}, got ${show(op)}`);
      return unwrap(wasm.kernelName(code, toShape(shape, 'shape'), toWireOptions(options)), 'shape');
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
