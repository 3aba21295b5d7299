// The numbers of <ppo-widget>, every one from the rl core: the old log-probs are `ppo`'s on the
// starting logits, the training is `ppoTrain`'s, and an epoch shown in detail adds one `ppo` on
// that epoch's logits (its objectives, and every action's log-prob: its log-softmax) and, after
// the last step, `ppoBackward` (the gradient a next step would take). This file does no
// arithmetic on them; the actions, given from 1, reach the core from 0. DOM-free: the element
// and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';
import { ACTIONS } from './settings.js';

const rowOf = (values, row, width) => values.subarray(row * width, (row + 1) * width);

/**
 * The training for these settings.
 * @param {object} core the rl core (loadRl())
 * @param {object} settings
 * @returns {{ shape: number[], taken: number[], old: Float32Array, history: object }} the core's
 *   shape [N, 3], the actions from 0, the starting policy's log-probs of them, and ppoTrain's
 *   flat histories (row e the state after e steps)
 */
export function ppoTraining(core, settings) {
  const { samples, logits, actions, advantages, clip, lr, epochs } = settings;
  const shape = [samples, ACTIONS];
  const taken = actions.map((action) => action - 1);
  // The old log-probs are the starting policy's: its log-probs of the actions taken (the old
  // log-probs this first call is given only fill the argument; nothing here reads its ratio).
  const old = core.ppo(logits, shape, taken, new Float32Array(samples), advantages, { clip }).logProbs;
  const history = core.ppoTrain(logits, shape, taken, old, advantages, { clip, lr, epochs });
  return { shape, taken, old, history };
}

/**
 * The state after `epoch` steps (0 to epochs), from the core.
 * @returns {{ logits: Float32Array, logProbs: Float32Array, ratio: Float32Array, loss: number,
 *   objective: Float32Array, gradRatio: Float32Array, actionLogProbs: Float32Array[] }}
 *   the logits [N, 3], the taken actions' log-probs, ratios, the batch's loss, the objectives and
 *   the ratios' gradients (of the step taken from this state; after the last step, of the step
 *   that would come next) [N] each, and actionLogProbs[k] every sample's log-prob of action k + 1
 */
export function epochNumbers(core, settings, training, epoch) {
  const { samples, advantages, clip, epochs } = settings;
  const { shape, taken, old, history } = training;
  const logits = rowOf(history.logits, epoch, samples * ACTIONS);
  const forward = core.ppo(logits, shape, taken, old, advantages, { clip });
  const gradRatio = epoch < epochs
    ? rowOf(history.gradRatio, epoch, samples)
    : core.ppoBackward(1, logits, shape, taken, old, advantages, { clip }).gradRatio;
  // The log-softmax's column k: every sample's log-prob of action k.
  const actionLogProbs = Array.from({ length: ACTIONS }, (_, k) => (
    Float32Array.from({ length: samples }, (_, n) => forward.logSoftmax[n * ACTIONS + k])));
  return {
    logits,
    logProbs: rowOf(history.logProbs, epoch, samples),
    ratio: rowOf(history.ratio, epoch, samples),
    loss: history.loss[epoch],
    objective: forward.objective,
    gradRatio,
    actionLogProbs,
  };
}

/** The selected epoch in detail, from a training for these settings (ppoTraining's). */
export function selectedEpoch(core, settings, training) {
  return epochNumbers(core, settings, training, Math.min(settings.selected, settings.epochs));
}

/** What the widget draws from a training for these settings: the training and the selected
 * epoch in detail (the widget's view of the training it keeps). */
export function ppoView(core, settings, training) {
  return { training, epoch: selectedEpoch(core, settings, training) };
}

/** Everything the widget shows, in one call (for the adapter's check of a lesson and the tests;
 * the widget itself computes the training and draws the selected epoch from it). */
export function ppoNumbers(core, settings) {
  return ppoView(core, settings, ppoTraining(core, settings));
}

// Exercises -------------------------------------------------------------------------------

const SPECS = 'ratio N E, objective N E, grad_ratio N E, log_prob N E, loss E or logit N K E '
  + '(sample N and action K from 1, epoch E the state after E steps, from 0)';

// Each spec: how many numbers it takes, and its number in an epoch's numbers.
const NAMES = Object.freeze({
  ratio: { count: 2, value: (numbers, [n]) => numbers.ratio[n - 1] },
  objective: { count: 2, value: (numbers, [n]) => numbers.objective[n - 1] },
  grad_ratio: { count: 2, value: (numbers, [n]) => numbers.gradRatio[n - 1] },
  log_prob: { count: 2, value: (numbers, [n]) => numbers.logProbs[n - 1] },
  loss: { count: 1, value: (numbers) => numbers.loss },
  logit: { count: 3, value: (numbers, [n, k]) => numbers.logits[(n - 1) * ACTIONS + k - 1] },
});

/**
 * The number an exercise names, after E steps: "ratio 1 1", "objective 2 3", "grad_ratio 1 9"
 * (the gradient of the step taken from that state, E up to epochs − 1), "log_prob 1 2",
 * "loss 3", "logit 1 2 4" (sample 1, action 2), computed by the core for these settings.
 * @throws {FieldError} for a spec it does not know, or a sample, action or epoch out of range
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim().replace(/\s+/g, ' ');
  const [name, ...words] = text.split(' ');
  const numbers = words.map((word) => (/^\d{1,9}$/.test(word) ? Number(word) : NaN));
  const known = Object.hasOwn(NAMES, name) ? NAMES[name] : null;
  if (!known || numbers.length !== known.count || numbers.some(Number.isNaN)) {
    throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  }
  const epoch = numbers.at(-1);
  const last = name === 'grad_ratio' ? settings.epochs - 1 : settings.epochs;
  if (epoch > last) throw new FieldError('core', `core names epoch ${epoch} in "${text}", but ${name} has epochs 0 to ${last}`);
  const [sample, action] = numbers;
  if (known.count > 1 && (sample < 1 || sample > settings.samples)) {
    throw new FieldError('core', `core names sample ${sample} in "${text}", but the samples are 1 to ${settings.samples}`);
  }
  if (known.count > 2 && (action < 1 || action > ACTIONS)) {
    throw new FieldError('core', `core names action ${action} in "${text}", but the actions are 1 to ${ACTIONS}`);
  }
  const training = ppoTraining(core, settings);
  return known.value(epochNumbers(core, settings, training, epoch), numbers);
}
