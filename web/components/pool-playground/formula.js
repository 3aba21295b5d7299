// The output-size formula of one side, written out with the learner's numbers. This is for
// reading only: the grids take their size from the core (pool2dOutputShape), and when the two
// disagree it is because PyTorch dropped a last window, which `explainDrop` puts into words.
import { readableNumber as n } from '../shared/format-number.js';
import { translator } from '../../i18n/i18n.js';

/**
 * @param {object} side
 * @param {'height'|'width'} side.name
 * @param {number} side.size      H or W
 * @param {number} side.kernel    k
 * @param {number} side.stride    s
 * @param {number} side.padding   p
 * @param {number} side.dilation  d (1 for average pooling)
 * @param {boolean} side.ceilMode
 * @param {boolean} side.showDilation  write the d(k − 1) term (max pooling) or (k − 1)
 * @returns {{ symbolic: string, substituted: string, value: number | null, lastStart: number | null }}
 *   value is null when the numbers give no whole result (a stride of 0, an empty field).
 */
export function sideFormula({ name, size, kernel, stride, padding, dilation, ceilMode, showDilation }, t = translator('en')) {
  const letter = name === 'height' ? 'H' : 'W';
  const dTerm = showDilation ? 'd·(k − 1)' : '(k − 1)';
  const ceilTerm = ceilMode ? ' + (s − 1)' : '';
  const symbolic = `⌊(${letter} + 2p − ${dTerm} − 1${ceilTerm}) / s⌋ + 1`;

  const numbers = [size, kernel, stride, padding, dilation];
  if (!numbers.every(Number.isInteger)) {
    return { symbolic, substituted: t('pool-playground.formula.needsWhole'), value: null, lastStart: null };
  }
  const dNumbers = showDilation ? `${n(dilation)}·(${n(kernel)} − 1)` : `(${n(kernel)} − 1)`;
  const ceilNumbers = ceilMode ? ` + (${n(stride)} − 1)` : '';
  const inside = `${n(size)} + 2·${n(padding)} − ${dNumbers} − 1${ceilNumbers}`;
  const numerator = size + 2 * padding - dilation * (kernel - 1) - 1 + (ceilMode ? stride - 1 : 0);
  if (stride === 0) {
    return { symbolic, substituted: t('pool-playground.formula.noValue', { expression: `⌊(${inside}) / 0⌋ + 1` }), value: null, lastStart: null };
  }
  const value = Math.floor(numerator / stride) + 1;
  const substituted = `⌊(${inside}) / ${n(stride)}⌋ + 1 = ⌊${n(numerator)} / ${n(stride)}⌋ + 1 = ${n(value)}`;
  return { symbolic, substituted, value, lastStart: (value - 1) * stride };
}

/**
 * Why the core's count is one less than the formula's: with ceil_mode, PyTorch drops a last
 * window that would start past the input, on the padding after it.
 */
export function explainDrop({ name, size, stride, padding }, formulaValue, coreValue, t = translator('en')) {
  const rowOrColumn = t(`pool-playground.formula.${name === 'height' ? 'row' : 'column'}`);
  return t('pool-playground.formula.dropped', {
    number: formulaValue, rowOrColumn, stride: n(stride), start: n((formulaValue - 1) * stride),
    padding: n(padding), size: n(size), end: n(padding + size - 1), value: n(coreValue),
  });
}
