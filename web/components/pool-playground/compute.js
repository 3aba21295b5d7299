// Everything the playground shows for one set of settings, asked of the core. The only
// arithmetic here is geometry: where each window sits, so the page can draw it. Outputs,
// divisors, maxima and gradients all come from the core.
import { windowDivisors } from '../shared/window-divisors.js';
import { coreOptions } from './settings.js';

/**
 * @typedef {{ row: number, column: number, taps: { y: number, x: number, cell: number }[],
 *   cells: number[], places: number, extra: boolean }} PoolWindow
 *   taps: the window's places that lie on the padded input (y, x in input coordinates, so
 *   padding has y < 0 or y >= H); cell is the flat input index, or -1 on padding.
 *   places: kernel height x width, so places - taps.length places lie past the padded edge.
 *   extra: the window exists only because of ceil_mode.
 * @typedef {{ op: 'avg'|'max', height: number, width: number, outputHeight: number,
 *   outputWidth: number, output: Float32Array, indices: Int32Array | null,
 *   sums: Float32Array | null, divisors: number[] | null, gradOutput: Float32Array,
 *   gradInput: Float32Array, windows: PoolWindow[], shareOf: (index: number) => Float32Array,
 *   forwardKernel: string, backwardKernel: string }} PoolResult
 */

/**
 * Runs the core for these settings. Throws the core's PoolError for an invalid combination.
 * @param {import('../../../core/pool/js/index.js').PoolCore} core
 * @param {object} settings see settings.js
 * @returns {PoolResult}
 */
export function poolSettings(core, settings) {
  const { op, height: H, width: W } = settings;
  const shape = [1, H, W];
  const options = coreOptions(settings);
  const [, outputHeight, outputWidth] = core.pool2dOutputShape(shape, options);
  const count = outputHeight * outputWidth;
  const input = Float32Array.from(settings.input);
  const gradOutput = settings.gradOutput === 'ones'
    ? new Float32Array(count).fill(1)
    : Float32Array.from(settings.gradOutput);
  if (gradOutput.length !== count) {
    throw new RangeError(`grad_output has ${gradOutput.length} numbers, but the output has ${count}`);
  }

  let output;
  let indices = null;
  let sums = null;
  let divisors = null;
  let backward;
  if (op === 'max') {
    ({ data: output, indices } = core.maxPool2d(input, shape, options));
    backward = (grads) => core.maxPool2dBackward(grads, indices, shape, options);
  } else {
    output = core.avgPool2d(input, shape, options).data;
    sums = core.avgPool2d(input, shape, { ...options, divisorOverride: 1 }).data;
    divisors = windowDivisors(core, shape, options);
    backward = (grads) => core.avgPool2dBackward(grads, shape, options);
  }
  const forwardOp = op === 'max' ? 'maxPool2d' : 'avgPool2d';
  return {
    op,
    height: H,
    width: W,
    outputHeight,
    outputWidth,
    output,
    indices,
    sums,
    divisors,
    gradOutput,
    gradInput: backward(gradOutput),
    windows: windowsOf(settings, outputHeight, outputWidth, floorShape(core, shape, options)),
    // What window `index` alone sends back: its gradient through the core, every other at 0.
    shareOf(index) {
      const grads = new Float32Array(count);
      grads[index] = gradOutput[index];
      return backward(grads);
    },
    forwardKernel: core.kernelName(forwardOp, shape, options),
    backwardKernel: core.kernelName(`${forwardOp}Backward`, shape, options),
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

function windowsOf(settings, outputHeight, outputWidth, floor) {
  const { height: H, width: W, kernelSize: [kh, kw], stride: [sh, sw], padding: [ph, pw] } = settings;
  const [dh, dw] = settings.op === 'max' ? settings.dilation : [1, 1];
  const windows = [];
  for (let row = 0; row < outputHeight; row++) {
    for (let column = 0; column < outputWidth; column++) {
      const taps = [];
      const cells = [];
      for (let i = 0; i < kh; i++) {
        const y = row * sh - ph + i * dh;
        if (y < -ph || y >= H + ph) continue;
        for (let j = 0; j < kw; j++) {
          const x = column * sw - pw + j * dw;
          if (x < -pw || x >= W + pw) continue;
          const inside = y >= 0 && y < H && x >= 0 && x < W;
          const cell = inside ? y * W + x : -1;
          taps.push({ y, x, cell });
          if (inside) cells.push(cell);
        }
      }
      const extra = floor !== null && (row >= floor[0] || column >= floor[1]);
      windows.push({ row, column, taps, cells, extra, places: kh * kw });
    }
  }
  return windows;
}
