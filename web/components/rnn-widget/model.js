// The numbers of <rnn-widget>, every one from the sequence core: one unit, torch.nn.RNN(1, 1),
// run forward over the inputs (rnn) and back from the loss L = h_T, the last state
// (rnnBackward with a gradient of 1 at the last step of the output and none for h_n). This file
// does no arithmetic on them. DOM-free: the element and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';

/** The core's params for these settings: the bias is nn.RNN's bias_ih; bias_hh is 0. */
export const rnnParams = ({ wIh, wHh, bias }) => ({ wIh: [wIh], wHh: [wHh], bIh: [bias], bHh: [0] });

/**
 * Everything the widget shows.
 * @param {object} core the sequence core (loadSequence())
 * @param {object} settings
 * @returns {{ states: Float32Array, gradHidden: Float32Array, gradWHh: number, gradWIh: number,
 *   gradBias: number, gradH0: number }} states h_1..h_T; gradHidden ∂L/∂h_1..∂L/∂h_T
 */
export function rnnNumbers(core, settings) {
  const { input, h0, nonlinearity } = settings;
  const steps = input.length;
  const shape = [steps, 1];
  const params = rnnParams(settings);
  const options = { nonlinearity };
  const { output } = core.rnn(input, shape, params, [h0], options);
  // L = h_T: the loss's gradient is 1 at the last step of the output and 0 before it.
  const gradOutput = new Float32Array(steps);
  gradOutput[steps - 1] = 1;
  const back = core.rnnBackward(gradOutput, null, input, shape, params, [h0], options);
  return {
    states: output,
    gradHidden: back.gradHidden,
    gradWHh: back.gradParams.wHh[0],
    gradWIh: back.gradParams.wIh[0],
    gradBias: back.gradParams.bIh[0],
    gradH0: back.gradH0[0],
  };
}

// Exercises -------------------------------------------------------------------------------

// The numbers an exercise may name without a step, by their name in a spec.
const SCALARS = { grad_w_hh: 'gradWHh', grad_w_ih: 'gradWIh', grad_bias: 'gradBias', grad_h0: 'gradH0' };
// Those of a step, by their name in a spec.
const PER_STEP = { hidden: 'states', grad: 'gradHidden' };
const SPECS = 'hidden T or grad T (a step T from 1), grad_w_hh, grad_w_ih, grad_bias or grad_h0';

/**
 * The number an exercise names, computed by the core for these settings: "hidden 3" (h_3),
 * "grad 1" (∂L/∂h_1), "grad_w_hh", "grad_w_ih", "grad_bias" or "grad_h0"; steps from 1.
 * @throws {FieldError} for a spec it does not know, or a step the sequence does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim().replace(/\s+/g, ' ');
  const [name, ...rest] = text.split(' ');
  if (Object.hasOwn(SCALARS, name) && rest.length === 0) return rnnNumbers(core, settings)[SCALARS[name]];
  if (!Object.hasOwn(PER_STEP, name) || rest.length !== 1 || !/^\d{1,9}$/.test(rest[0])) {
    throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  }
  const step = Number(rest[0]);
  const steps = settings.input.length;
  if (step < 1 || step > steps) throw new FieldError('core', `core names step ${step} in "${text}", but the sequence has steps 1 to ${steps}`);
  return rnnNumbers(core, settings)[PER_STEP[name]][step - 1];
}
