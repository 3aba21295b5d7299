// The numbers of <positions-widget>, every one from the transformer core's `positionalEncoding`:
// the table [L, d_model] (column 2i the sine of pos · ωᵢ, column 2i + 1 its cosine) and the
// frequencies ωᵢ [d_model / 2]. This file does no arithmetic on them. DOM-free: the element and
// the adapter's exercise checks share it.
import { FieldError } from '../shared/settings-table.js';

/**
 * Everything the widget shows for these settings.
 * @param {object} core the transformer core (loadTransformer())
 * @param {{ positions: number, dModel: number }} settings
 * @returns {{ table: Float32Array, frequencies: Float32Array }} [L, d_model] row-major, and [d_model / 2]
 */
export function positionsNumbers(core, { positions, dModel }) {
  return core.positionalEncoding(positions, dModel);
}

const SPECS = 'value P J (the table at position P, column J) or frequency I (clock I\'s ω), each from 0';

/**
 * The number an exercise names for these settings: "value 1 0" (the table at position 1,
 * column 0) or "frequency 1" (ω₁), counted from 0 as the formula counts; computed by the core.
 * @throws {FieldError} for a spec it does not know or a number the table does not have
 */
export function exerciseNumber(core, settings, spec) {
  const text = String(spec).trim().replace(/\s+/g, ' ');
  const value = /^value (\d{1,9}) (\d{1,9})$/.exec(text);
  const frequency = /^frequency (\d{1,9})$/.exec(text);
  if (!value && !frequency) throw new FieldError('core', `core must be ${SPECS}, got "${text}"`);
  const { positions, dModel } = settings;
  const numbers = positionsNumbers(core, settings);
  if (frequency) {
    const clock = Number(frequency[1]);
    if (clock > dModel / 2 - 1) throw new FieldError('core', `core names "${text}", but d_model ${dModel} has clocks 0 to ${dModel / 2 - 1}`);
    return numbers.frequencies[clock];
  }
  const [row, column] = [Number(value[1]), Number(value[2])];
  if (row > positions - 1 || column > dModel - 1) {
    throw new FieldError('core', `core names "${text}", but the table is positions ${positions} × d_model ${dModel} (rows and columns from 0)`);
  }
  return numbers.table[row * dModel + column];
}
