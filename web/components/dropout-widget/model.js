// The numbers of <dropout-widget>, from the layers core: the seeded mask (dropoutMask), the
// output (dropout) and the gradient (dropoutBackward), the scale 1 / (1 − p) (dropout of a 1
// that is kept), and the mean output over many seeded masks. Evaluation mode is dropout that
// keeps everything unscaled: the core's dropout with p = 0 and every element kept, which is the
// identity PyTorch's F.dropout(training=False) is. The mean's sum and division are this file's
// only arithmetic (the lesson explains them). DOM-free: the element and the adapter share it.
import { FieldError } from '../shared/settings-table.js';
import { AVERAGE_MASKS, MAX_SEED } from './settings.js';

/** The upstream gradient as numbers: "ones" is one 1 per input. */
const gradOutputValues = ({ gradOutput, input }) => (gradOutput === 'ones' ? new Float32Array(input.length).fill(1) : Float32Array.from(gradOutput));

// The core's options and mask for a mode: training draws the seeded mask; evaluation keeps all.
function maskAndOptions(core, { input, p, seed, mode }) {
  if (mode === 'eval') return { mask: new Uint8Array(input.length).fill(1), options: { p: 0 } };
  return { mask: core.dropoutMask(input.length, { p, seed }), options: { p } };
}

/**
 * Everything the widget shows, from the core.
 * @returns {{ mask: Uint8Array, output: Float32Array, gradInput: Float32Array, gradOutput: Float32Array, scale: number }}
 */
export function dropoutNumbers(core, settings) {
  const { mask, options } = maskAndOptions(core, settings);
  const gradOutput = gradOutputValues(settings);
  return {
    mask,
    output: core.dropout(settings.input, mask, options),
    gradInput: core.dropoutBackward(gradOutput, mask, options),
    gradOutput,
    scale: core.dropout([1], [1], options)[0],
  };
}

/** The seeds the average draws: `count` of them from `seed` on, wrapping past 2^32 − 1. */
export const averageSeeds = (seed, count = AVERAGE_MASKS) => Array.from({ length: count }, (_, k) => (seed + k) % (MAX_SEED + 1));

/**
 * The mean output of each element over `count` training masks, seeds `seed`, `seed + 1`, ...
 * @returns {Float64Array}
 */
export function meanOutput(core, { input, p, seed }, count = AVERAGE_MASKS) {
  const sum = new Float64Array(input.length);
  for (const s of averageSeeds(seed, count)) {
    const out = core.dropout(input, core.dropoutMask(input.length, { p, seed: s }), { p });
    for (let i = 0; i < sum.length; i++) sum[i] += out[i];
  }
  return sum.map((total) => total / count);
}

// Exercises -------------------------------------------------------------------------------

const SPECS = 'output N, grad_input N, mask N (N from 1), kept, scale or mean N';

/**
 * The number an exercise names: "output 3", "grad_input 2", "mask 1" (1 kept, 0 dropped),
 * "kept" (how many are kept), "scale" (1 / (1 − p) as the core applies it), "mean 2" (the mean
 * output of element 2 over 1000 masks from the seed on).
 * @throws {FieldError} for a spec it does not know, or an element the input lacks
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const numbers = dropoutNumbers(core, settings);
  if (text === 'kept') return numbers.mask.reduce((total, kept) => total + kept, 0);
  if (text === 'scale') return numbers.scale;
  const match = /^(output|grad_input|mask|mean)\s+(\d+)$/.exec(text);
  if (!match) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const n = Number(match[2]);
  if (n < 1 || n > settings.input.length) {
    throw new FieldError('core', `core names element ${n} in "${text}", but the input has ${settings.input.length}, counted from 1`);
  }
  if (match[1] === 'mean') return meanOutput(core, settings)[n - 1];
  const list = { output: numbers.output, grad_input: numbers.gradInput, mask: numbers.mask }[match[1]];
  return list[n - 1];
}
