// The numbers of softmax over a few scores, and of its backward pass for one chosen class: the
// probabilities are the layers core's softmax, and the gradient of class k's probability with
// respect to every score is its softmaxBackward with a one-hot gradOutput (p_k (δ_kj − p_j) / T).
// The only arithmetic here is the explanation of the stable form: the scores divided by the
// temperature and shifted by their largest value, in float32 as the core's kernel does before
// its exp. DOM-free: the element and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';

const f32 = Math.fround;

/** The scores divided by the temperature, in float32 (the core's first step). */
export const scaledScores = ({ scores, temperature }) => scores.map((score) => f32(f32(score) / f32(temperature)));

/** Why these scores cannot be divided by this temperature in float32, or null. */
export function scaleProblem(settings) {
  const scaled = scaledScores(settings);
  const bad = scaled.findIndex((value) => !Number.isFinite(value));
  return bad === -1 ? null : `score ${settings.scores[bad]} divided by the temperature ${settings.temperature} is beyond float32 (about 3.4e38), the core's number type`;
}

/**
 * Everything the widget shows for these settings.
 * @param {object} core the layers core (loadLayers())
 * @returns {{ scaled: number[], largest: number, shifted: number[], probabilities: Float32Array,
 *   gradient: Float32Array, argmax: number }}
 */
export function softmaxNumbers(core, { scores, temperature, gradClass }) {
  const input = Float32Array.from(scores);
  const shape = [input.length];
  const probabilities = core.softmax(input, shape, { temperature });
  const oneHot = new Float32Array(input.length);
  oneHot[gradClass] = 1;
  const gradient = core.softmaxBackward(oneHot, input, shape, { temperature });
  const scaled = scaledScores({ scores, temperature });
  const largest = Math.max(...scaled);
  return {
    scaled,
    largest,
    shifted: scaled.map((value) => f32(value - largest)),
    probabilities,
    gradient,
    argmax: scaled.indexOf(largest),
  };
}

// Exercises -------------------------------------------------------------------------------

const SPECS = 'probability K, shifted K or gradient K (K a class, from 0)';

/**
 * The number an exercise names, for these settings: "probability 0" (class 0's probability),
 * "shifted 1" (score 1 / T minus the largest), "gradient 2" (∂p_k/∂x_2 for the settings'
 * grad_class k). Classes count from 0, as PyTorch and the widget number them.
 * @throws {FieldError} for a spec it does not know, or a class the scores do not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const match = /^(probability|shifted|gradient)\s+(\d+)$/.exec(text);
  if (!match) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const k = Number(match[2]);
  if (k >= settings.scores.length) throw new FieldError('core', `core names "${text}", but there are ${settings.scores.length} scores, classes 0 to ${settings.scores.length - 1}`);
  const numbers = softmaxNumbers(core, settings);
  const lists = { probability: numbers.probabilities, shifted: numbers.shifted, gradient: numbers.gradient };
  return lists[match[1]][k];
}
