// The numbers of a loss over a few predictions and their targets, and of its backward pass:
// every value and gradient is a call of the losses core (mseLoss / huberLoss and their
// backward). The gaps p − t are this file's only arithmetic, in float32 as PyTorch's float32
// tensors subtract; the rest is plotting coordinates. DOM-free: the element and the adapter's
// exercise checks share it.
import { FieldError } from '../shared/settings-table.js';
import { LOSS_NAMES, LOSSES } from './settings.js';

const f32 = Math.fround;

/** The core's options for a loss: delta belongs to the Huber loss only. */
export function lossOptions(settings, loss = settings.loss, reduction = settings.reduction) {
  return loss === 'huber' ? { reduction, delta: settings.delta } : { reduction };
}

/** The gradient the loss itself receives: 1, or one 1 per term when nothing is reduced. */
const unitGradient = (reduction, count) => (reduction === 'none' ? new Float32Array(count).fill(1) : 1);

/**
 * Everything the widget shows about one loss at these settings.
 * @param {object} core the losses core (loadLosses())
 * @returns {{ loss: number | null, terms: number[], gradients: number[], gaps: number[] }}
 *   loss is null with reduction 'none' (the terms are the result)
 */
export function lossNumbers(core, settings, loss = settings.loss) {
  const { predictions, targets, reduction } = settings;
  const input = Float32Array.from(predictions);
  const target = Float32Array.from(targets);
  const reduced = reduction === 'none' ? null : core[`${loss}Loss`](input, target, lossOptions(settings, loss));
  const terms = core[`${loss}Loss`](input, target, lossOptions(settings, loss, 'none'));
  const gradients = core[`${loss}LossBackward`](unitGradient(reduction, input.length), input, target, lossOptions(settings, loss));
  return {
    loss: reduced,
    terms: Array.from(terms),
    gradients: Array.from(gradients),
    gaps: predictions.map((p, i) => f32(f32(p) - f32(targets[i]))),
  };
}

/** The other loss, shown beside the first with `compare`. */
export const otherLoss = (loss) => LOSSES.find((name) => name !== loss);

/** Why these settings cannot be shown (a term beyond float32), or null. */
export function overflowProblem(numbers) {
  const bad = numbers.terms.findIndex((term) => !Number.isFinite(term));
  return bad < 0 ? null : `the loss of point ${bad + 1} comes to ${numbers.terms[bad]}: beyond float32 (about 3.4e38), the core's number type`;
}

/**
 * One loss term and its gradient (for a gradient of 1, unreduced) at each gap d: the curve of
 * the loss per point against p − t. One forward and one backward call of the core.
 */
export function termCurve(core, settings, loss, gaps) {
  const input = Float32Array.from(gaps);
  const target = new Float32Array(input.length);
  const options = lossOptions(settings, loss, 'none');
  return {
    values: Array.from(core[`${loss}Loss`](input, target, options)),
    slopes: Array.from(core[`${loss}LossBackward`](new Float32Array(input.length).fill(1), input, target, options)),
  };
}

/** `count` evenly spaced points over [min, max], both ends included. */
export function samplePoints([min, max], count = 201) {
  return Array.from({ length: count }, (_, i) => min + ((max - min) * i) / (count - 1));
}

// Exercises -------------------------------------------------------------------------------

const SPECS = 'loss, term N or grad N (N from 1), each optionally after mse or huber';

/**
 * The number an exercise names, for these settings: "loss", "term 2", "grad 1", or the same
 * after "mse" or "huber" for that loss whatever the widget shows ("huber grad 3").
 * @throws {FieldError} for a spec it does not know, a point the widget does not have, or
 *   "loss" with reduction none
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const match = /^(?:(mse|huber)\s+)?(loss|term|grad)(?:\s+(\d+))?$/.exec(text);
  if (!match || (match[2] === 'loss') !== (match[3] === undefined)) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const [, named, what, index] = match;
  const numbers = lossNumbers(core, settings, named ?? settings.loss);
  if (what === 'loss') {
    if (numbers.loss === null) throw new FieldError('core', `core names "${text}", but with reduction none the loss is one term per point: name term N`);
    return numbers.loss;
  }
  const n = Number(index);
  if (n < 1 || n > numbers.terms.length) {
    throw new FieldError('core', `core names "${text}", but the widget has ${numbers.terms.length} points, counted from 1`);
  }
  return (what === 'term' ? numbers.terms : numbers.gradients)[n - 1];
}

/** "MSE", "Huber (δ = 2)". */
export function lossLabel(settings, loss = settings.loss) {
  return loss === 'huber' ? `${LOSS_NAMES.huber} (δ = ${settings.delta})` : LOSS_NAMES[loss];
}
