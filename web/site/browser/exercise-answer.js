// Reading and judging a learner's answer to an exercise (see web/content/exercises.mjs). No DOM
// here, so Node tests can use it.

/**
 * The number a learner typed, or null: "2.5", "-1", " 3 ", "2,5" (a decimal comma), "1/4",
 * "1e-3", "−2" (a typographic minus).
 * @param {string} text
 * @returns {number | null}
 */
export function readAnswer(text) {
  const cleaned = String(text).trim().replace(/\u2212/g, '-').replace(/\s+/g, '');
  const number = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
  const decimalComma = /^[+-]?\d+,\d+$/;
  if (number.test(cleaned)) return Number(cleaned);
  if (decimalComma.test(cleaned)) return Number(cleaned.replace(',', '.'));
  const fraction = /^([+-]?\d+)\/(\d+)$/.exec(cleaned);
  if (fraction && Number(fraction[2]) !== 0) return Number(fraction[1]) / Number(fraction[2]);
  return null;
}

/**
 * @param {string} text what the learner typed
 * @param {number} answer the right answer
 * @param {number} tolerance how far off still counts as right
 * @returns {{ verdict: 'right' | 'wrong' | 'unreadable', value: number | null }}
 */
export function judgeAnswer(text, answer, tolerance) {
  const value = readAnswer(text);
  if (value === null) return { verdict: 'unreadable', value };
  // A hair of slack, so 0.1 + 0.2 style rounding never turns a right answer wrong.
  const right = Math.abs(value - answer) <= tolerance + 1e-9 * Math.max(1, Math.abs(answer));
  return { verdict: right ? 'right' : 'wrong', value };
}

/**
 * The likely mistake a wrong answer matches, if any: the first whose value is within the
 * exercise's tolerance of it.
 * @template T
 * @param {number} value what the learner answered
 * @param {{ value: number, feedback: T }[]} mistakes
 * @param {number} tolerance
 * @returns {T | null}
 */
export function mistakeFor(value, mistakes, tolerance) {
  const found = mistakes.find((mistake) => Math.abs(value - mistake.value) <= tolerance + 1e-9 * Math.max(1, Math.abs(value)));
  return found ? found.feedback : null;
}
