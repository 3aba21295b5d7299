// The pooling model both elements draw: for one [1, H, W] input and the core's options, the
// output, the windows, their sums and divisors, the gradients and each window's share of them,
// and the names of the kernels that ran. Every number comes from the core; the only arithmetic
// here is geometry (where each window lies and which cells it takes), which the core does not
// report. No DOM, so Node can use it as it is.
import { coreOptions } from './pool-settings.js';
import { windowDivisors } from './window-divisors.js';

/**
 * @typedef {{ y: number, x: number, cell: number }} PoolTap
 *   A place of a window on the padded input, in input coordinates (padding has y < 0 or
 *   y >= H); cell is the flat input index, or -1 on padding.
 * @typedef {{ row: number, column: number, y0: number, x0: number, h: number,
 *   w: number, taps: PoolTap[], cells: number[], places: number, extra: boolean }} PoolWindow
 *   y0, x0: where the window starts, in input coordinates; h, w: how far it reaches on the
 *   padded input (a ceil_mode window is clipped at the padded edge, as PyTorch clips it).
 *   taps: its places on the padded input, dilation apart; cells: the input cells among them.
 *   places: kernel height x width, so places - taps.length places lie past the padded edge.
 *   extra: the window exists only because of ceil_mode.
 * @typedef {object} PoolModel
 * @property {'avg'|'max'} op
 * @property {number} height
 * @property {number} width
 * @property {number} outputHeight
 * @property {number} outputWidth
 * @property {[number, number]} kernelSize
 * @property {[number, number]} stride
 * @property {[number, number]} padding
 * @property {[number, number]} dilation [1, 1] for average pooling
 * @property {boolean} countIncludePad
 * @property {number | null} divisorOverride null for max pooling
 * @property {Float32Array} input
 * @property {Float32Array} output
 * @property {Int32Array | null} indices max pooling: the flat input index each output took
 * @property {Float32Array | null} sums average pooling: each window's sum
 * @property {number[] | null} divisors average pooling: what each window divides by
 * @property {Float32Array} gradOutput
 * @property {Float32Array} gradInput
 * @property {PoolWindow[]} windows in row-major output order
 * @property {boolean} overlapping some input cell lies in two windows
 * @property {string} forwardKernel the core's name of the kernel that computed the output
 * @property {string} backwardKernel and of the one that computed the gradient
 * @property {(index: number) => Float32Array} shareOf what window `index` alone sends back
 * @property {(gradOutput: ArrayLike<number>) => void} setGradOutput new upstream gradients,
 *   and the gradient at the input they give
 */

/**
 * Runs the core for one pooling. Throws the core's PoolError for a combination it rejects, and
 * a RangeError with parameter "gradOutput" when gradOutput does not have one number per output.
 * @param {import('../../../core/pool/js/index.js').PoolCore} core
 * @param {object} pooling
 * @param {'avg'|'max'} pooling.op
 * @param {number} pooling.height
 * @param {number} pooling.width
 * @param {ArrayLike<number>} pooling.input row-major
 * @param {ArrayLike<number> | null} pooling.gradOutput one per output; null for all ones
 * @param {object} pooling.options the core's options for `op` (sizes as a number or [h, w])
 * @returns {PoolModel}
 */
export function poolModel(core, { op, height, width, input, gradOutput, options }) {
  const shape = [1, height, width];
  const [, outputHeight, outputWidth] = core.pool2dOutputShape(shape, options);
  const count = outputHeight * outputWidth;
  const grads = gradOutput === null ? new Float32Array(count).fill(1) : Float32Array.from(gradOutput);
  if (grads.length !== count) {
    const error = new RangeError(`gradOutput has ${grads.length} numbers, but the output has ${count} `
      + `(${outputHeight} by ${outputWidth})`);
    error.parameter = 'gradOutput';
    error.given = grads.length;
    error.outputShape = [outputHeight, outputWidth];
    throw error;
  }
  const geometry = windowGeometry(op, options);
  const windows = windowsOf(geometry, height, width, outputHeight, outputWidth, floorShape(core, shape, options));
  const model = {
    op,
    height,
    width,
    outputHeight,
    outputWidth,
    ...geometry,
    countIncludePad: op === 'avg' ? options.countIncludePad ?? true : false,
    divisorOverride: op === 'avg' ? options.divisorOverride ?? null : null,
    input: Float32Array.from(input),
    indices: null,
    sums: null,
    divisors: null,
    windows,
    overlapping: cellsShared(windows),
    ...kernelNames(core, op, shape, options),
  };
  let backward;
  if (op === 'max') {
    ({ data: model.output, indices: model.indices } = core.maxPool2d(model.input, shape, options));
    backward = (g) => core.maxPool2dBackward(g, model.indices, shape, options);
  } else {
    model.output = core.avgPool2d(model.input, shape, options).data;
    model.sums = core.avgPool2d(model.input, shape, { ...options, divisorOverride: 1 }).data;
    model.divisors = windowDivisors(core, shape, options);
    backward = (g) => core.avgPool2dBackward(g, shape, options);
  }
  model.setGradOutput = (next) => {
    const nextGrads = Float32Array.from(next);
    const gradInput = backward(nextGrads);
    model.gradOutput = nextGrads;
    model.gradInput = gradInput;
  };
  model.shareOf = (index) => {
    const alone = new Float32Array(count);
    alone[index] = model.gradOutput[index];
    return backward(alone);
  };
  model.setGradOutput(grads);
  return model;
}

function kernelNames(core, op, shape, options) {
  const forwardOp = op === 'max' ? 'maxPool2d' : 'avgPool2d';
  return {
    forwardKernel: core.kernelName(forwardOp, shape, options),
    backwardKernel: core.kernelName(`${forwardOp}Backward`, shape, options),
  };
}

// The core takes a size as one number for both sides or as [h, w]; geometry wants the pair.
const pairOf = (size) => (Array.isArray(size) ? [size[0], size[1]] : [size, size]);

function windowGeometry(op, options) {
  const kernelSize = pairOf(options.kernelSize);
  return {
    kernelSize,
    stride: options.stride === undefined || options.stride === null ? kernelSize : pairOf(options.stride),
    padding: pairOf(options.padding ?? 0),
    dilation: op === 'max' ? pairOf(options.dilation ?? 1) : [1, 1],
  };
}

// The output size without ceil_mode, to tell which windows ceil_mode added. When rounding down
// leaves no window at all, the core refuses; then every window on that side is an extra one.
function floorShape(core, shape, options) {
  if (!options.ceilMode) return null;
  try {
    const [, h, w] = core.pool2dOutputShape(shape, { ...options, ceilMode: false });
    return [h, w];
  } catch {
    return [0, 0];
  }
}

function windowsOf(geometry, H, W, outputHeight, outputWidth, floor) {
  const { kernelSize: [kh, kw], stride: [sh, sw], padding: [ph, pw], dilation: [dh, dw] } = geometry;
  const windows = [];
  for (let row = 0; row < outputHeight; row++) {
    for (let column = 0; column < outputWidth; column++) {
      const y0 = row * sh - ph;
      const x0 = column * sw - pw;
      const taps = [];
      const cells = [];
      for (let i = 0; i < kh; i++) {
        const y = y0 + i * dh;
        if (y >= H + ph) continue;
        for (let j = 0; j < kw; j++) {
          const x = x0 + j * dw;
          if (x >= W + pw) continue;
          const inside = y >= 0 && y < H && x >= 0 && x < W;
          const cell = inside ? y * W + x : -1;
          taps.push({ y, x, cell });
          if (inside) cells.push(cell);
        }
      }
      windows.push({
        row,
        column,
        y0,
        x0,
        // With ceil_mode the last window may hang past the padding; that part counts for
        // nothing (PyTorch clips it), so it is not part of the window's reach.
        h: Math.min(dh * (kh - 1) + 1, H + ph - y0),
        w: Math.min(dw * (kw - 1) + 1, W + pw - x0),
        taps,
        cells,
        places: kh * kw,
        extra: floor !== null && (row >= floor[0] || column >= floor[1]),
      });
    }
  }
  return windows;
}

function cellsShared(windows) {
  const seen = new Set();
  for (const win of windows) {
    for (const cell of win.cells) {
      if (seen.has(cell)) return true;
      seen.add(cell);
    }
  }
  return false;
}

/**
 * poolModel for a settings object of either element (pool-settings.js): what both elements,
 * the exercise checks of the lesson loader and the worked-example tests ask the core, so all
 * see the numbers the learner sees.
 * @param {import('../../../core/pool/js/index.js').PoolCore} core
 * @param {object} settings
 * @returns {PoolModel}
 */
export function modelOfSettings(core, settings) {
  const { op, inputHeight: height, inputWidth: width, input, gradOutput } = settings;
  return poolModel(core, {
    op, height, width, input, gradOutput: gradOutput === 'ones' ? null : gradOutput, options: coreOptions(settings),
  });
}
