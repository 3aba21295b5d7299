// The numbers of <lstm-widget>, every one from the sequence core: the forward pass is `lstm`,
// the gradients of L = h_T are `lstmBackward` with a gradient of 1 on the last step's output
// and none on the final state. This file does no arithmetic on them. DOM-free: the element and
// the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';
import { BIAS, GATES, gateKey, W_H, W_X } from './settings.js';

/**
 * The core's params for these settings: torch.nn.LSTM(1, 1)'s weight_ih_l0, weight_hh_l0 and
 * bias_ih_l0 flattened (a gate per row, in the order i, f, g, o), bias_hh_l0 zeros.
 */
export function lstmParams(settings) {
  const column = (index) => GATES.map((gate) => settings[gateKey(gate)][index]);
  return { wIh: column(W_X), wHh: column(W_H), bIh: column(BIAS), bHh: [0, 0, 0, 0] };
}

/**
 * Everything the widget shows: each step's gates (after their functions), cell state c_t and
 * output h_t from the zero state, and the whole gradient of L = h_T reaching each h_t and c_t.
 * @param {object} core the sequence core (loadSequence())
 * @param {object} settings
 * @returns {{ gates: { input: Float32Array, forget: Float32Array, cell: Float32Array, output: Float32Array },
 *   cells: Float32Array, hidden: Float32Array, gradCells: Float32Array, gradHidden: Float32Array }}
 *   one number per step each
 */
export function lstmNumbers(core, settings) {
  const { input } = settings;
  const shape = [input.length, 1];
  const params = lstmParams(settings);
  const run = core.lstm(input, shape, params, null);
  const gradOutput = new Float32Array(input.length);
  gradOutput[input.length - 1] = 1;
  const back = core.lstmBackward(gradOutput, null, null, input, shape, params, null);
  return { gates: run.gates, cells: run.cells, hidden: run.output, gradCells: back.gradCells, gradHidden: back.gradHidden };
}

/** Whether any gate reads the step before's output: then gradients also flow back through h. */
export const hasRecurrence = (settings) => GATES.some((gate) => settings[gateKey(gate)][W_H] !== 0);

// Exercises -------------------------------------------------------------------------------

// The per-step numbers an exercise may name, by their name in a spec.
const NUMBERS = { cell: 'cells', hidden: 'hidden', grad_cell: 'gradCells', grad_hidden: 'gradHidden' };
const SPECS = `gate NAME T (NAME ${GATES.join(', ')}), cell T, hidden T, grad_cell T or grad_hidden T (step T from 1)`;

/**
 * The number an exercise names at step T (from 1): "gate forget 3" (that gate after its
 * function), "cell 6" (c_6), "hidden 6" (h_6), "grad_cell 1" (∂L/∂c_1), "grad_hidden 2"
 * (∂L/∂h_2), for L = h_T, computed by the core for these settings.
 * @throws {FieldError} for a spec it does not know, or a step the input does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim().replace(/\s+/g, ' ');
  const words = text.split(' ');
  const isGate = words[0] === 'gate';
  const [stepWord] = words.slice(isGate ? 2 : 1);
  const known = isGate ? words.length === 3 && GATES.includes(words[1]) : words.length === 2 && Object.hasOwn(NUMBERS, words[0]);
  if (!known || !/^\d{1,9}$/.test(stepWord)) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const step = Number(stepWord);
  const steps = settings.input.length;
  if (step < 1 || step > steps) throw new FieldError('core', `core names step ${step} in "${text}", but the input has steps 1 to ${steps}`);
  const numbers = lstmNumbers(core, settings);
  return (isGate ? numbers.gates[words[1]] : numbers[NUMBERS[words[0]]])[step - 1];
}
