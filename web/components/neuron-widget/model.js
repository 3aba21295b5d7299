// The numbers of one neuron, y = f(w·x + b), and of its backward pass. f and f' come from the
// activations core (f' is the core's backward with an upstream gradient of 1). The core has no
// linear layer, so the weighted sum and the linear layer's backward (the bend's gradient times
// an input, or times a weight) are this file's only arithmetic, done in float32 as PyTorch's
// float32 tensors do; everything else is plotting coordinates. DOM-free: the element and the
// adapter's exercise checks share it.
import { shortestFloat32 } from '../shared/format-number.js';
import { FieldError } from '../shared/settings-table.js';
import { ACTIVATION_NAMES, belongsTo, SETTINGS } from './settings.js';

const f32 = Math.fround;

/** The core's options for an activation, from the settings that belong to it. */
export function activationOptions(settings, activation = settings.activation) {
  const options = {};
  for (const row of SETTINGS) {
    if (row.ops && belongsTo(row, activation)) options[row.key] = settings[row.key];
  }
  return options;
}

/** w·x + b in float32, in the order of PyTorch's (w * x).sum() + b: the products, their sum, then b. */
export function weightedSum({ inputs, weights, bias }) {
  let sum = 0;
  for (let i = 0; i < inputs.length; i++) sum = f32(sum + f32(f32(weights[i]) * f32(inputs[i])));
  return f32(sum + f32(bias));
}

/**
 * The bias that puts the sum w·x + b, as the core computes it in float32, at `target`: the
 * float32 nearest target − w·x, written with the fewest digits that read as it. However large
 * w·x, the sum lands within float32's spacing there of the target. With a `direction` (+1, −1),
 * a target that float32 cannot tell from the sum now (the spacing is wider than the move) gives
 * the next float32 bias the sum moves for, if that sum is still on the axis `range`: a key press
 * moves the point wherever float32 can.
 */
export function biasForSum(settings, target, { direction = 0, range = [-Infinity, Infinity] } = {}) {
  const withoutBias = weightedSum({ ...settings, bias: 0 });
  const now = weightedSum(settings);
  const sumWith = (bias) => weightedSum({ ...settings, bias });
  let bias = f32(target - withoutBias);
  if (direction !== 0 && (sumWith(bias) - now) * direction <= 0) {
    // The bias that reaches the next sum float32 holds, found from the gap: stepping the bias
    // a spacing of its own at a time would take millions of steps where w·x is large and the
    // bias small. Rounding may leave it a step or two short.
    let next = f32(nextFloat32(now, direction) - withoutBias);
    for (let tries = 0; tries < 8 && (sumWith(next) - now) * direction <= 0 && Number.isFinite(next); tries++) {
      next = nextFloat32(next, direction);
    }
    const sum = sumWith(next);
    if ((sum - now) * direction > 0 && sum >= range[0] && sum <= range[1]) bias = next;
  }
  return shortestFloat32(bias);
}

// The float32 next to `value` (a float32) in `direction`.
function nextFloat32(value, direction) {
  if (value === 0) return direction * 2 ** -149;
  const bits = new Int32Array(Float32Array.of(value).buffer);
  bits[0] += (value > 0) === (direction > 0) ? 1 : -1;
  return new Float32Array(bits.buffer)[0];
}

/** Why the sum cannot reach the core (it overflows float32), or null. */
export function sumProblem(settings) {
  const sum = weightedSum(settings);
  return Number.isFinite(sum) ? null : `the weighted sum w·x + b comes to ${sum}: beyond float32 (about 3.4e38), the core's number type`;
}

/**
 * f and f' of an activation at some points: one forward and one backward call of the core.
 * @param {object} core the activations core (loadActivations())
 * @param {string} activation
 * @param {ArrayLike<number>} xs
 * @param {object} options the core's options (activationOptions)
 * @returns {{ values: Float32Array, slopes: Float32Array }}
 */
export function evaluate(core, activation, xs, options) {
  const input = Float32Array.from(xs);
  return {
    values: core[activation](input, options),
    slopes: core[`${activation}Backward`](new Float32Array(input.length).fill(1), input, options),
  };
}

/**
 * Everything the widget shows about the neuron at these settings.
 * @returns {{ sum, output, derivative, gradSum, gradBias, gradWeights: number[], gradInputs: number[] }}
 */
export function neuronNumbers(core, settings) {
  const options = activationOptions(settings);
  const sum = weightedSum(settings);
  const { values, slopes } = evaluate(core, settings.activation, [sum], options);
  // The gradient at the bend, upstream × f'(sum), is the core's backward itself.
  const gradSum = core[`${settings.activation}Backward`](Float32Array.of(settings.gradOutput), Float32Array.of(sum), options)[0];
  return {
    sum,
    output: values[0],
    derivative: slopes[0],
    gradSum,
    gradBias: gradSum,
    gradWeights: settings.inputs.map((input) => f32(gradSum * f32(input))),
    gradInputs: settings.weights.map((weight) => f32(gradSum * f32(weight))),
  };
}

/** `count` evenly spaced points over [min, max], both ends included. */
export function samplePoints([min, max], count = 201) {
  return Array.from({ length: count }, (_, i) => min + ((max - min) * i) / (count - 1));
}

// Exercises -------------------------------------------------------------------------------

const SPECS = 'sum, output, derivative, grad_bias, grad_weight N or grad_input N (N from 1)';

/**
 * The number an exercise names, for these settings: "sum", "output", "derivative",
 * "grad_bias", "grad_weight 2", "grad_input 1".
 * @throws {Error} for a spec it does not know, or an input or weight the neuron does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const numbers = neuronNumbers(core, settings);
  const single = { sum: numbers.sum, output: numbers.output, derivative: numbers.derivative, grad_bias: numbers.gradBias };
  if (Object.hasOwn(single, text)) return single[text];
  const match = /^(grad_weight|grad_input)\s+(\d+)$/.exec(text);
  if (!match) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const n = Number(match[2]);
  const list = match[1] === 'grad_weight' ? numbers.gradWeights : numbers.gradInputs;
  if (n < 1 || n > list.length) {
    throw new FieldError('core', `core names "${text}", but the neuron has ${list.length} ${match[1] === 'grad_weight' ? 'weights' : 'inputs'}, counted from 1`);
  }
  return list[n - 1];
}

/** "ReLU", "GELU (tanh)", "Swish (β = 2)", "ELU (α = 0.5)". */
export function activationLabel(settings, activation = settings.activation) {
  const name = ACTIVATION_NAMES[activation];
  if (activation === 'gelu' && settings.approximate === 'tanh') return `${name} (tanh)`;
  if (activation === 'swish' && settings.beta !== 1) return `${name} (β = ${settings.beta})`;
  if (activation === 'elu' && settings.alpha !== 1) return `${name} (α = ${settings.alpha})`;
  return name;
}
