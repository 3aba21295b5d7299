// The numbers of <xor-widget>, every one from the learning core (`pooling-course/learning`): the
// seeded start (xorInit), the training (xorTrain: the loss after each step, then the network,
// the four points' hidden features and probabilities after the last) and the picture of the
// input plane (xorForward over a grid). This file does no arithmetic on them. DOM-free: the
// element and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';
import { MAX_STEPS } from './settings.js';

/** The four XOR points (x1, x2) in the core's order, and their targets. */
export const POINTS = Object.freeze([[0, 0], [0, 1], [1, 0], [1, 1]]);
export const TARGETS = Object.freeze([0, 1, 1, 0]);

/** The part of the input plane the picture shows: x1 and x2 each from VIEW[0] to VIEW[1]. */
export const VIEW = Object.freeze([-0.5, 1.5]);

/** The picture's grid: GRID x GRID cells, one probability (one pixel) each. */
export const GRID = 64;

let gridPoints = null;

/**
 * The centres of the picture's cells as [P, 2] points, row by row from the top (x2 highest)
 * and each row from the left: the order of an ImageData's pixels.
 */
export function pictureGrid() {
  if (gridPoints) return gridPoints;
  gridPoints = new Float32Array(2 * GRID * GRID);
  const [low, high] = VIEW;
  const at = (i) => low + ((high - low) * (i + 0.5)) / GRID;
  for (let row = 0; row < GRID; row++) {
    for (let column = 0; column < GRID; column++) {
      const k = 2 * (row * GRID + column);
      gridPoints[k] = at(column);
      gridPoints[k + 1] = at(GRID - 1 - row);
    }
  }
  return gridPoints;
}

// The core's training options for these settings.
const trainOptions = ({ activation, lr, momentum }) => ({ activation, lr, momentum });

/**
 * One training from the settings' start, as the core computes it in one call.
 * @returns {{ start: object, losses: Float32Array, params: object, hidden: Float32Array, probabilities: Float32Array }}
 */
export function trainXor(core, settings, steps = settings.steps) {
  const start = core.xorInit(settings.hidden, settings.seed);
  return { start, ...core.xorTrain(start, trainOptions(settings), steps) };
}

// Steps between the trainings a learner's taps continue from (see XorTrainer).
const CHUNK = 100;
// Starts and trainings kept: a learner goes back and forth between a few settings.
const KEEP = 8;

// A Map that forgets its oldest entry beyond KEEP.
function remember(map, key, value) {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEEP) map.delete(map.keys().next().value);
  return value;
}

/**
 * The trainings a widget shows, kept so that a tap costs a few steps of training rather than a
 * training from the start (5000 steps of 16 tanh units take some 18 ms in Node, four times
 * that on a slow phone). The start is kept per (hidden, seed). A training continued from the
 * network and SGD state (its momentum buffers) another returned is the same training, to the
 * bit (core/learning/README.md), so the network and state after every CHUNK steps are kept, and
 * the training after N steps is at most CHUNK - 1 steps on from one of them, with momentum or
 * without; the losses of every step trained so far are kept too.
 */
export class XorTrainer {
  #core;
  #starts = new Map();
  #runs = new Map();

  constructor(core) {
    this.#core = core;
  }

  /** The seeded start of `hidden` units. */
  start(hidden, seed) {
    const key = `${hidden} ${seed}`;
    return this.#starts.get(key) ?? remember(this.#starts, key, this.#core.xorInit(hidden, seed));
  }

  /**
   * The training after `steps` steps: what trainXor returns, its losses a view of the first
   * steps + 1 (treat them as read-only).
   */
  train(settings, steps = settings.steps) {
    const start = this.start(settings.hidden, settings.seed);
    const options = trainOptions(settings);
    const key = `${settings.hidden} ${settings.seed} ${options.activation} ${options.lr} ${options.momentum}`;
    const run = this.#runs.get(key)
      ?? remember(this.#runs, key, { checkpoints: [{ params: start, state: null }], losses: new Float32Array(MAX_STEPS + 1) });
    const { checkpoints, losses } = run;
    const chunk = Math.floor(steps / CHUNK);
    const trainFrom = (k, count) => {
      const { params, state } = checkpoints[k];
      const trained = this.#core.xorTrain(params, options, count, state);
      losses.set(trained.losses, k * CHUNK);
      return trained;
    };
    while (checkpoints.length <= chunk) {
      const { params, state } = trainFrom(checkpoints.length - 1, CHUNK);
      checkpoints.push({ params, state });
    }
    const trained = trainFrom(chunk, steps - chunk * CHUNK);
    return { start, ...trained, losses: losses.subarray(0, steps + 1) };
  }
}

// Exercises -------------------------------------------------------------------------------

const SPECS = `loss N, probability K N, hidden K J N, w1 J I N, b1 J N, w2 J N or b2 N (K a point from 1 to 4, J a hidden unit from 1, I an input, 1 or 2, N steps from 0 to ${MAX_STEPS})`;

// Each spec's name and the numbers before N it takes, with the range of each.
const FORMS = {
  loss: [],
  probability: ['K'],
  hidden: ['K', 'J'],
  w1: ['J', 'I'],
  b1: ['J'],
  w2: ['J'],
  b2: [],
};

/**
 * The number an exercise names, after N steps of the lesson's training: "loss N",
 * "probability K N" (K: the points (0,0), (0,1), (1,0), (1,1), from 1), "hidden K J N" (point
 * K's feature of unit J), "w1 J I N" (unit J's weight of input I), "b1 J N", "w2 J N" and
 * "b2 N", computed by the core.
 * @throws {FieldError} for a spec it does not know, or a unit the network does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const words = text.split(/\s+/);
  const form = Object.hasOwn(FORMS, words[0]) ? FORMS[words[0]] : null;
  const numbers = words.slice(1).map((word) => (/^\d+$/.test(word) ? Number(word) : NaN));
  if (!form || numbers.length !== form.length + 1 || numbers.some(Number.isNaN) || numbers.at(-1) > MAX_STEPS) {
    throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  }
  const index = Object.fromEntries(form.map((letter, i) => [letter, numbers[i]]));
  const H = settings.hidden;
  const beyond = [['K', 4, 'points'], ['J', H, 'hidden units'], ['I', 2, 'inputs']]
    .find(([letter, most]) => letter in index && (index[letter] < 1 || index[letter] > most));
  if (beyond) {
    const [letter, most, what] = beyond;
    throw new FieldError('core', `core names "${text}", but ${letter} must be from 1 to ${most}: the network has ${most} ${what}`);
  }
  const trained = trainXor(core, settings, numbers.at(-1));
  const { K, J, I } = index;
  switch (words[0]) {
    case 'loss': return trained.losses.at(-1);
    case 'probability': return trained.probabilities[K - 1];
    case 'hidden': return trained.hidden[(K - 1) * H + J - 1];
    case 'w1': return trained.params.w1[(J - 1) * 2 + I - 1];
    case 'b1': return trained.params.b1[J - 1];
    case 'w2': return trained.params.w2[J - 1];
    default: return trained.params.b2[0];
  }
}
