// The numbers of cross-entropy for one sample: logits [C], a true class, label smoothing eps.
// The loss is the losses core's crossEntropy, the gradient its crossEntropyBackward (both with
// reduction 'sum' and, for the backward, gradOutput 1: one sample's own loss and gradient).
// The probabilities come from the gradient: it is p − q, where q is the smoothed target
// (1 − eps) onehot + eps / C, so p = gradient + q. That keeps the page on the losses family's
// WASM alone; q (and so p) is the element's only arithmetic, in float32. DOM-free: the element
// and the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';

const f32 = Math.fround;
const OPTIONS = (labelSmoothing) => ({ reduction: 'sum', labelSmoothing });

/** The smoothed target q: (1 − eps) at the true class plus eps / C everywhere, in float32. */
export function smoothedTarget({ logits, target, labelSmoothing }) {
  const eps = f32(labelSmoothing);
  const share = f32(eps / logits.length);
  return logits.map((_, j) => (j === target ? f32(f32(1 - eps) + share) : share));
}

/**
 * Everything the widget shows for these settings.
 * @param {object} core the losses core (loadLosses())
 * @returns {{ loss: number, gradient: Float32Array, smoothed: number[], probabilities: number[] }}
 */
export function crossEntropyNumbers(core, settings) {
  const input = Float32Array.from(settings.logits);
  const shape = [input.length];
  const target = [settings.target];
  const options = OPTIONS(settings.labelSmoothing);
  const loss = core.crossEntropy(input, shape, target, options);
  const gradient = core.crossEntropyBackward(1, input, shape, target, options);
  const smoothed = smoothedTarget(settings);
  return { loss, gradient, smoothed, probabilities: Array.from(gradient, (g, j) => f32(g + smoothed[j])) };
}

// Exercises -------------------------------------------------------------------------------

const SPECS = 'loss, probability K, target K or gradient K (K a class, from 0)';

/**
 * The number an exercise names: "loss", "probability K", "target K" (the smoothed target q_K),
 * "gradient K" (∂loss/∂logit K). Classes count from 0, as PyTorch numbers them.
 * @throws {FieldError} for a spec it does not know, or a class the logits do not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const numbers = crossEntropyNumbers(core, settings);
  if (text === 'loss') return numbers.loss;
  const match = /^(probability|target|gradient)\s+(\d+)$/.exec(text);
  if (!match) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const k = Number(match[2]);
  if (k >= settings.logits.length) throw new FieldError('core', `core names "${text}", but there are ${settings.logits.length} logits, classes 0 to ${settings.logits.length - 1}`);
  return { probability: numbers.probabilities, target: numbers.smoothed, gradient: numbers.gradient }[match[1]][k];
}
