// The numbers of <linear-widget>, every one from the learning core (`pooling-course/learning`):
// the forward pass y = x Wᵀ + b is `linear`, and the backward pass for the upstream gradient
// (∂L/∂x = G W, ∂L/∂W = Gᵀ X, ∂L/∂b = the column sums of G) is `linearBackward`. This file does
// no arithmetic on them: a selected cell's sum lists the numbers that enter it, as shown, and
// its result is the core's. DOM-free: the element and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';
import { GRIDS, gradOutputOf, parseSelection, SELECTION_FORMS, selectionProblem } from './settings.js';

/**
 * Everything the widget shows for these settings.
 * @param {object} core the learning core (loadLearning())
 * @param {object} settings
 * @returns {{ output: Float32Array, gradInput: Float32Array, gradWeight: Float32Array, gradBias: Float32Array | null }}
 */
export function linearNumbers(core, settings) {
  const { batch, inFeatures, outFeatures, input, weight, bias } = settings;
  const inputShape = [batch, inFeatures];
  const weightShape = [outFeatures, inFeatures];
  const output = core.linear(input, inputShape, weight, weightShape, bias);
  const grads = core.linearBackward(gradOutputOf(settings), input, inputShape, weight, weightShape, { bias: bias !== null });
  return { output, ...grads };
}

/** The key of each computed grid's numbers in linearNumbers' result. */
export const LISTS = { output: 'output', grad_input: 'gradInput', grad_weight: 'gradWeight', grad_bias: 'gradBias' };

/**
 * What enters a selected cell: its terms (each one or two [setting key, flat index] factors,
 * in the order the sum is written) and every cell to highlight, by setting key.
 * For output r,c: x[r,k] × w[c,k] over k, then b_c; for grad_input r,c: g[r,k] × w[k,c] over the
 * outputs k; for grad_weight r,c: g[n,r] × x[n,c] over the batch; for grad_bias c: g[n,c].
 * @param {object} settings
 * @param {{ grid: string, row: number, column: number }} selection counted from 0
 * @returns {{ terms: [string, number][][], cells: Record<string, number[]> }}
 */
export function termsOf(settings, { grid, row, column }) {
  const { batch, inFeatures: inF, outFeatures: outF } = settings;
  const range = (count) => Array.from({ length: count }, (_, i) => i);
  let terms;
  if (grid === 'output') {
    terms = range(inF).map((k) => [['input', row * inF + k], ['weight', column * inF + k]]);
    if (settings.bias !== null) terms.push([['bias', column]]);
  } else if (grid === 'grad_input') {
    terms = range(outF).map((k) => [['gradOutput', row * outF + k], ['weight', k * inF + column]]);
  } else if (grid === 'grad_weight') {
    terms = range(batch).map((n) => [['gradOutput', n * outF + row], ['input', n * inF + column]]);
  } else {
    terms = range(batch).map((n) => [['gradOutput', n * outF + column]]);
  }
  const cells = {};
  for (const [key, index] of terms.flat()) (cells[key] ??= []).push(index);
  return { terms, cells };
}

/** The core's number in a selected cell. */
export function selectedValue(numbers, settings, { grid, row, column }) {
  const [, columns] = GRIDS[grid](settings);
  return numbers[LISTS[grid]][row * columns + column];
}

// Exercises -------------------------------------------------------------------------------

/**
 * The number an exercise names, for these settings: "output 1,2", "grad_input 2,3",
 * "grad_weight 1,2" or "grad_bias 2" (rows and columns from 1), computed by the core.
 * @throws {FieldError} for a spec it does not know or a cell the layer does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const selection = parseSelection(text);
  if (!selection) throw new FieldError('core', `core must be ${SELECTION_FORMS}, got "${text}"`);
  const problem = selectionProblem(settings, text);
  if (problem) throw new FieldError('core', `core names "${text}", but ${problem.replace(/\.$/, '')}`);
  return selectedValue(linearNumbers(core, settings), settings, selection);
}
