// The numbers of <embedding-widget>: the embedding's forward (one table row per position) and
// backward (each position's gradient added into its row) from the layers core. No arithmetic
// here; the element and the adapter's exercise checks share it. DOM-free.
import { FieldError } from '../shared/settings-table.js';
import { DIM, VOCABULARY } from './settings.js';

const WEIGHT_SHAPE = [VOCABULARY.length, DIM];

/** The upstream gradient as numbers: "ones" is one 1 per output value. */
export const gradOutputValues = ({ gradOutput, indices }) => (gradOutput === 'ones' ? new Float32Array(indices.length * DIM).fill(1) : Float32Array.from(gradOutput));

/**
 * Everything the widget shows, from the core.
 * @param {object} core the layers core (loadLayers())
 * @returns {{ output: Float32Array, gradWeight: Float32Array, gradOutput: Float32Array }}
 *   output: positions × DIM; gradWeight: words × DIM (row-major)
 */
export function embeddingNumbers(core, settings) {
  const options = { paddingIdx: settings.paddingIdx };
  const gradOutput = gradOutputValues(settings);
  return {
    output: core.embedding(settings.indices, settings.weight, WEIGHT_SHAPE, options),
    gradWeight: core.embeddingBackward(gradOutput, settings.indices, WEIGHT_SHAPE, options),
    gradOutput,
  };
}

/** The positions (counted from 1) at which each word of the vocabulary is used. */
export function positionsOfWords(indices) {
  return VOCABULARY.map((_, word) => indices.flatMap((index, i) => (index === word ? [i + 1] : [])));
}

// Exercises -------------------------------------------------------------------------------

const SPECS = 'output P,D (position P, number D, from 1) or grad_weight WORD,D (a word of the table, number D from 1)';

/**
 * The number an exercise names: "output 2,1" (position 2's first number), "grad_weight the,3"
 * (the third number of the gradient that reaches the row of "the").
 * @throws {FieldError} for a spec it does not know, or a position, word or number the widget lacks
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim();
  const match = /^(output|grad_weight)\s+([^\s,]+)\s*,\s*(\d+)$/.exec(text);
  if (!match) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const [, what, at, dimText] = match;
  const dim = Number(dimText);
  if (dim < 1 || dim > DIM) throw new FieldError('core', `core names number ${dim} in "${text}", but each row holds ${DIM}, counted from 1`);
  const numbers = embeddingNumbers(core, settings);
  if (what === 'output') {
    const position = Number(at);
    if (!Number.isInteger(position) || position < 1 || position > settings.indices.length) {
      throw new FieldError('core', `core names position ${at} in "${text}", but the sentence has ${settings.indices.length} positions, counted from 1`);
    }
    return numbers.output[(position - 1) * DIM + dim - 1];
  }
  const word = VOCABULARY.indexOf(at);
  if (word === -1) throw new FieldError('core', `core names "${at}" in "${text}", which is not a word of the table (${VOCABULARY.join(', ')})`);
  return numbers.gradWeight[word * DIM + dim - 1];
}
