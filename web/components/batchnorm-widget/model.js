// The numbers of one batch-normalisation layer over the widget's batch, every one from the
// layers core (`pooling-course/layers`):
//   - the batch's per-channel mean and unbiased variance: batchNorm2d in training mode with
//     momentum 1, whose running statistics are then exactly the batch's (PyTorch's update,
//     (1 - momentum) * running + momentum * batch, keeps nothing of the old ones);
//   - the biased variance the batch is normalised by: the unbiased one times (n - 1) / n, the
//     one step of arithmetic here (the lesson explains it; n = N * H * W);
//   - the normalised values x̂: batchNorm2d with weight 1 and bias 0 (in training mode, the
//     first call's output);
//   - the output and the running statistics after this call: batchNorm2d with the settings;
//   - the backward pass: batchNorm2dBackward (training mode, as the core and PyTorch define it).
// DOM-free: the element and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';
import { BATCH, CHANNELS, HEIGHT, indexOf, SHAPE, VALUES, WIDTH } from './settings.js';

const f32 = Math.fround;

/** Values per channel, n = N * H * W: what the mean divides by. */
export const PER_CHANNEL = BATCH * HEIGHT * WIDTH;

/** The upstream gradient as numbers: "ones" is one 1 per output. */
export const upstream = (gradOutput) => (gradOutput === 'ones' ? new Float32Array(VALUES).fill(1) : Float32Array.from(gradOutput));

/**
 * Everything the widget shows for these settings.
 * @param {object} core the layers core (loadLayers())
 * @param {object} settings
 */
export function batchNumbers(core, settings) {
  const { input, weight, bias, runningMean, runningVar, training, momentum, eps } = settings;
  const batch = core.batchNorm2d(input, SHAPE, {
    runningMean: new Float32Array(CHANNELS), runningVar: new Float32Array(CHANNELS), training: true, momentum: 1, eps,
  });
  const mean = batch.runningMean;
  const unbiasedVariance = batch.runningVar;
  const variance = unbiasedVariance.map((value) => f32((value * (PER_CHANNEL - 1)) / PER_CHANNEL));
  const options = { runningMean, runningVar, training, momentum, eps };
  // In training mode the batch's own statistics normalise it, whatever the running ones, so
  // the first call's output (weight 1, bias 0) is already x̂; in evaluation the running
  // statistics do, and x̂ takes a call of its own.
  const normalised = training ? batch.output : core.batchNorm2d(input, SHAPE, options).output;
  const forward = core.batchNorm2d(input, SHAPE, { ...options, weight, bias });
  const backward = core.batchNorm2dBackward(upstream(settings.gradOutput), input, SHAPE, { weight, eps });
  return {
    mean,
    variance,
    unbiasedVariance,
    normalised,
    output: forward.output,
    nextRunningMean: forward.runningMean,
    nextRunningVar: forward.runningVar,
    gradInput: backward.gradInput,
    gradWeight: backward.gradWeight,
    gradBias: backward.gradBias,
  };
}

/**
 * The settings after one training step: the running statistics the core returns, one more step.
 * `numbers`, batchNumbers of these settings in training mode when the caller has them (the
 * widget has them on screen), already hold those statistics: their next running mean and
 * variance come from this very call, so a tap that steps need not make it again.
 */
export function afterTrainingStep(core, settings, numbers = null) {
  if (numbers && settings.training) {
    return { runningMean: Array.from(numbers.nextRunningMean), runningVar: Array.from(numbers.nextRunningVar), steps: settings.steps + 1 };
  }
  const { runningMean, runningVar } = core.batchNorm2d(settings.input, SHAPE, {
    weight: settings.weight, bias: settings.bias, runningMean: settings.runningMean, runningVar: settings.runningVar,
    training: true, momentum: settings.momentum, eps: settings.eps,
  });
  return { runningMean: Array.from(runningMean), runningVar: Array.from(runningVar), steps: settings.steps + 1 };
}

// Exercises -------------------------------------------------------------------------------

const PER_CHANNEL_SPECS = {
  mean: 'mean',
  variance: 'variance',
  unbiased_variance: 'unbiasedVariance',
  next_running_mean: 'nextRunningMean',
  next_running_var: 'nextRunningVar',
  running_mean: null,
  running_var: null,
  grad_weight: 'gradWeight',
  grad_bias: 'gradBias',
};
const PER_VALUE_SPECS = { input: null, normalised: 'normalised', output: 'output', grad_input: 'gradInput' };
const SPECS = `${Object.keys(PER_CHANNEL_SPECS).join(', ')} with a channel C, or ${Object.keys(PER_VALUE_SPECS).join(', ')} with n,c,h,w (each counted from 1)`;

/**
 * The number an exercise names, for these settings: "mean 2", "variance 1", "unbiased_variance 1",
 * "next_running_mean 2" (after one more training step), "running_var 1" (as set), "grad_weight 1",
 * "grad_bias 2", or "normalised 1,2,1,1", "output 2,1,2,2", "grad_input 1,1,1,1".
 * @throws {FieldError} for a spec it does not know, or a channel or place the batch does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const numbers = batchNumbers(core, settings);
  const channelMatch = /^([a-z_]+)\s+(\d+)$/.exec(text);
  if (channelMatch && Object.hasOwn(PER_CHANNEL_SPECS, channelMatch[1])) {
    const c = Number(channelMatch[2]);
    if (c < 1 || c > CHANNELS) throw new FieldError('core', `core names "${text}", but the batch has ${CHANNELS} channels, counted from 1`);
    const name = channelMatch[1];
    const list = PER_CHANNEL_SPECS[name] ? numbers[PER_CHANNEL_SPECS[name]] : settings[name === 'running_mean' ? 'runningMean' : 'runningVar'];
    return f32(list[c - 1]);
  }
  const valueMatch = /^([a-z_]+)\s+(\d+),(\d+),(\d+),(\d+)$/.exec(text);
  if (valueMatch && Object.hasOwn(PER_VALUE_SPECS, valueMatch[1])) {
    const [n, c, h, w] = valueMatch.slice(2).map(Number);
    if (n < 1 || n > BATCH || c < 1 || c > CHANNELS || h < 1 || h > HEIGHT || w < 1 || w > WIDTH) {
      throw new FieldError('core', `core names "${text}", but the batch is ${SHAPE.join(' x ')} (n, c, h, w counted from 1)`);
    }
    const name = valueMatch[1];
    const list = PER_VALUE_SPECS[name] ? numbers[PER_VALUE_SPECS[name]] : settings.input;
    return f32(list[indexOf(n - 1, c - 1, h - 1, w - 1)]);
  }
  throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
}
