// The numbers of <lamb-widget>, every one from the learning core's `lambStep`: each layer
// takes N steps from a fresh state with the same gradient every step, the state each step
// returns passed to the next. This file does no arithmetic on them. DOM-free: the element and
// the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';
import { gradKey, LAYERS, MAX_STEPS, paramKey } from './settings.js';

/** The core's options for these settings. */
export const lambOptions = ({ lr, betas, eps, weightDecay }) => ({ lr, betas: [...betas], eps, weightDecay });

/**
 * One layer's walk of `steps` LAMB steps (at least 1).
 * @returns {{ before: ArrayLike<number>, grad: number[], param: Float32Array, update: Float32Array,
 *   trustRatio: number, expAvg: Float32Array, expAvgSq: Float32Array,
 *   history: { trustRatio: number, param: Float32Array }[] }}
 *   before is the parameter before the last step (the setting's numbers before step 1); the
 *   rest is the last step's result; history holds each step's ratio and the parameter after it.
 */
export function layerSteps(core, param, grad, options, steps) {
  const history = [];
  let before = param;
  let state = null;
  let last = null;
  for (let step = 0; step < steps; step++) {
    if (last) before = last.param;
    last = core.lambStep(before, grad, state, options);
    state = last.state;
    history.push({ trustRatio: last.trustRatio, param: last.param });
  }
  return {
    before, grad, param: last.param, update: last.update, trustRatio: last.trustRatio,
    expAvg: last.state.expAvg, expAvgSq: last.state.expAvgSq, history,
  };
}

/**
 * Everything the widget shows: each layer's walk of `steps` steps, in LAYERS' order.
 * @param {object} core the learning core (loadLearning())
 * @param {object} settings
 */
export function lambNumbers(core, settings, steps = settings.steps) {
  const options = lambOptions(settings);
  return LAYERS.map((layer) => layerSteps(core, settings[paramKey(layer)], settings[gradKey(layer)], options, steps));
}

// Exercises -------------------------------------------------------------------------------

// The per-value numbers an exercise may name, by their name in a spec.
const VALUES = { param: 'param', update: 'update', exp_avg: 'expAvg', exp_avg_sq: 'expAvgSq' };
const SPECS = `trust_ratio L N, or param, update, exp_avg or exp_avg_sq L I N (layer L 1 or 2, value I from 1, after step N from 1 to ${MAX_STEPS})`;

/**
 * The number an exercise names, after step N of layer L: "trust_ratio 2 3" (that step's ratio),
 * "param 1 2 3" (value 2 of the parameter after it), "update 1 2 3", "exp_avg 1 2 3",
 * "exp_avg_sq 1 2 3" (PyTorch's state names), computed by the core for these settings.
 * @throws {FieldError} for a spec it does not know, or a layer, value or step out of range
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim().replace(/\s+/g, ' ');
  const words = text.split(' ');
  const [name] = words;
  const numbers = words.slice(1).map((word) => (/^\d{1,9}$/.test(word) ? Number(word) : NaN));
  const perValue = Object.hasOwn(VALUES, name);
  if (!(name === 'trust_ratio' || perValue) || numbers.length !== (perValue ? 3 : 2) || numbers.some(Number.isNaN)) {
    throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  }
  const layer = numbers[0];
  const steps = numbers.at(-1);
  if (!LAYERS.includes(layer)) throw new FieldError('core', `core names layer ${layer} in "${text}", but the layers are 1 and 2`);
  if (steps < 1 || steps > MAX_STEPS) throw new FieldError('core', `core names step ${steps} in "${text}", but the steps are 1 to ${MAX_STEPS}`);
  const count = settings[paramKey(layer)].length;
  if (perValue && (numbers[1] < 1 || numbers[1] > count)) {
    throw new FieldError('core', `core names value ${numbers[1]} of layer ${layer} in "${text}", but layer ${layer} has ${count} values (from 1)`);
  }
  const walk = layerSteps(core, settings[paramKey(layer)], settings[gradKey(layer)], lambOptions(settings), steps);
  return perValue ? walk[VALUES[name]][numbers[1] - 1] : walk.trustRatio;
}
