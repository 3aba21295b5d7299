// What the widget shows, worked out by the core from a checked config (attributes.js): the
// output, the windows, the divisors, the gradients. The widget draws this and computes nothing
// itself; the only arithmetic here is geometry (where each window lies), which the core does
// not report.
import { windowDivisors } from '../shared/window-divisors.js';
import { ATTRIBUTE_OF_PARAMETER, AttributeError } from './attributes.js';

/**
 * @param {import('@core').PoolCore} core
 * @param {import('./attributes.js').WidgetConfig} config
 * @param {(name: string) => string | null} get the raw attribute, to quote in messages
 */
export function buildModel(core, config, get) {
  try {
    return computeModel(core, config);
  } catch (error) {
    // The core names the parameter in camelCase; the page author wrote an attribute.
    const attribute = ATTRIBUTE_OF_PARAMETER[error?.parameter];
    if (error?.name === 'PoolError' && attribute) {
      throw new AttributeError(attribute, get(attribute), error.message);
    }
    if (error?.name === 'PoolError' && /^(input)?shape$/i.test(error.parameter ?? '')) {
      throw new AttributeError('input-height', get('input-height'), error.message);
    }
    throw error;
  }
}

function computeModel(core, config) {
  const { op, view, inputHeight: H, inputWidth: W } = config;
  const shape = [1, H, W];
  // One number when both sides agree, so the core's messages quote what the author wrote.
  const size = (pair) => (pair && Object.is(pair[0], pair[1]) ? pair[0] : pair);
  const options = {
    kernelSize: size(config.kernelSize),
    stride: size(config.stride),
    padding: size(config.padding),
    ceilMode: config.ceilMode,
  };
  if (op === 'avg') {
    options.countIncludePad = config.countIncludePad;
    options.divisorOverride = config.divisorOverride;
  }
  const [, OH, OW] = core.pool2dOutputShape(shape, options);
  const [kh, kw] = config.kernelSize;
  const [sh, sw] = config.stride ?? config.kernelSize;
  const [ph, pw] = config.padding;
  const input = Float32Array.from(config.input);
  const gradOutput = Float32Array.from(config.gradOutput ?? Array(OH * OW).fill(1));
  if (gradOutput.length !== OH * OW) {
    throw new AttributeError(
      'grad-output',
      config.gradOutput.join(' '),
      `it has ${gradOutput.length} numbers, but the output has ${OH * OW} cells (${OH} by ${OW}).`,
    );
  }

  const windows = [];
  for (let oy = 0; oy < OH; oy += 1) {
    for (let ox = 0; ox < OW; ox += 1) {
      const y0 = oy * sh - ph;
      const x0 = ox * sw - pw;
      // With ceil-mode the last window may hang past the padding; that part counts for
      // nothing (PyTorch clips it), so it is neither drawn nor listed.
      const h = Math.min(kh, H + ph - y0);
      const w = Math.min(kw, W + pw - x0);
      // taps: every position of the window on the padded picture, -1 on padding; cells: the
      // input cells among them.
      const taps = [];
      const cells = [];
      for (let y = y0; y < y0 + h; y += 1) {
        for (let x = x0; x < x0 + w; x += 1) {
          const inside = y >= 0 && y < H && x >= 0 && x < W;
          taps.push(inside ? y * W + x : -1);
          if (inside) cells.push(y * W + x);
        }
      }
      windows.push({
        x0,
        y0,
        w,
        h,
        handleW: Math.min(w, sw),
        handleH: Math.min(h, sh),
        taps,
        cells,
      });
    }
  }

  const overlapping = sh < kh || sw < kw;
  const model = {
    op, view, H, W, OH, OW, ph, pw, input, windows, gradOutput, overlapping,
    countIncludePad: config.countIncludePad,
    divisorOverride: op === 'avg' ? config.divisorOverride : null,
  };
  const forwardOp = op === 'max' ? 'maxPool2d' : 'avgPool2d';
  model.forwardKernel = core.kernelName(forwardOp, shape, options);
  model.backwardKernel = core.kernelName(`${forwardOp}Backward`, shape, options);

  if (op === 'max') {
    const { data, indices } = core.maxPool2d(input, shape, options);
    model.output = data;
    model.indices = indices;
    model.backward = (grads) => core.maxPool2dBackward(grads, indices, shape, options);
  } else {
    model.output = core.avgPool2d(input, shape, options).data;
    // The window sums, and the divisor the core used for each window.
    model.sums = core.avgPool2d(input, shape, { ...options, divisorOverride: 1 }).data;
    model.divisors = windowDivisors(core, shape, options);
    model.backward = (grads) => core.avgPool2dBackward(grads, shape, options);
  }
  model.gradInput = model.backward(gradOutput);
  model.setGradOutput = (grads) => {
    const gradInput = model.backward(grads);
    model.gradOutput = grads;
    model.gradInput = gradInput;
  };
  // What window `index` alone sends back: its gradient through the core, the others at 0.
  model.shareOf = (index) => {
    const grads = new Float32Array(OH * OW);
    grads[index] = model.gradOutput[index];
    return model.backward(grads);
  };
  return model;
}
