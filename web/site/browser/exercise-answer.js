// Reading and judging a learner's answer to an exercise (see web/content/exercises.mjs). No DOM
// here, so Node tests can use it.

// A number grouped in thousands by commas: "1,050,624", "1,050.5". With one group and no point
// ("1,050") it may as well be a decimal comma; either reading is judged (readAnswers).
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const ONE_GROUP = /^[+-]?\d{1,3},\d{3}$/;

// What a learner typed, in plain ASCII: full-width digits, signs, points and slashes, as a
// Chinese input method types them, become their ASCII forms (NFKC); an ideographic full stop
// between digits is a decimal point; a typographic minus is a minus; spaces go (a space may group
// thousands, "1 050 624").
function plain(text) {
  return String(text).normalize('NFKC').trim()
    .replace(/(\d)\u3002(?=\d)/g, '$1.')
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, '');
}

/**
 * The numbers a learner's text may mean, most likely first, or none: "2.5", "-1", " 3 ", "2,5"
 * (a decimal comma), "1,050,624" (thousands), "1/4", "1e-3", "−2" (a typographic minus),
 * "０.５" or "0。5" (as Chinese input methods type them). "1,050" may be either 1.05 or 1050.
 * @param {string} text
 * @returns {number[]}
 */
export function readAnswers(text) {
  const cleaned = plain(text);
  // settings-table.js's DECIMAL_NUMBER, written here since the lesson's first script does not
  // load the settings table before the widget's numbers show: its digits split one way only, so
  // a pasted line of digits is tested in linear time.
  const number = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
  const decimalComma = /^[+-]?\d+,\d+$/;
  if (number.test(cleaned)) return [Number(cleaned)];
  const grouped = GROUPED.test(cleaned) ? Number(cleaned.replaceAll(',', '')) : null;
  if (decimalComma.test(cleaned)) {
    const decimal = Number(cleaned.replace(',', '.'));
    return ONE_GROUP.test(cleaned) ? [decimal, grouped] : [decimal];
  }
  if (grouped !== null) return [grouped];
  const fraction = /^([+-]?\d+)\/(\d+)$/.exec(cleaned);
  if (fraction && Number(fraction[2]) !== 0) return [Number(fraction[1]) / Number(fraction[2])];
  return [];
}

/**
 * The number a learner typed, or null: the likeliest of readAnswers.
 * @param {string} text
 * @returns {number | null}
 */
export function readAnswer(text) {
  return readAnswers(text)[0] ?? null;
}

// Within the tolerance, with a hair of slack, so 0.1 + 0.2 style rounding never turns a right
// answer wrong.
const near = (value, target, tolerance) => Math.abs(value - target) <= tolerance + 1e-9 * Math.max(1, Math.abs(target));

// The plain decimals a learner's text may be, each with its digits after the point: "0.24" and
// "0,24" { value: 0.24, digits: 2 }, ".5" { 0.5, 1 }, "3" { 3, 0 }; "1,050" both 1.05 (3 digits)
// and 1050 (0 digits), as readAnswers reads it; none for another form (a fraction, an exponent,
// thousands in groups).
function decimalsTyped(text) {
  const cleaned = plain(text);
  if (ONE_GROUP.test(cleaned)) {
    return [{ value: Number(cleaned.replace(',', '.')), digits: 3 }, { value: Number(cleaned.replace(',', '')), digits: 0 }];
  }
  const decimal = /^[+-]?(?:\d+(?:[.,](\d+))?|\.(\d+))$/.exec(cleaned);
  if (!decimal) return [];
  return [{ value: Number(cleaned.replace(',', '.')), digits: (decimal[1] ?? decimal[2] ?? '').length }];
}

// The fewest digits after the point at which rounding stays within `tolerance` (half the last
// place at most), or null if none up to 12 does.
function digitsNeeded(tolerance) {
  for (let digits = 0; digits <= 12; digits += 1) {
    if (0.5 * 10 ** -digits <= tolerance * (1 + 1e-9)) return digits;
  }
  return null;
}

// `target` rounded to `digits` after the point, in units of the last place, as a learner may
// round it: half away from zero (四舍五入) or half to even, which differ only half way.
function roundingsOf(target, digits) {
  const scaled = Math.abs(target) * 10 ** digits;
  const low = Math.floor(scaled);
  const fraction = scaled - low;
  const sign = Math.sign(target);
  if (Math.abs(fraction - 0.5) > 1e-9 * Math.max(1, scaled)) return [sign * (fraction < 0.5 ? low : low + 1)];
  return [sign * (low + 1), ...(low % 2 === 0 ? [sign * low] : [])];
}

/**
 * Whether the learner typed `target` rounded, one digit after the point short of what the
 * exercise's tolerance takes ("0.24" for 0.242 within 0.001; "3" for 2.6 within 0.05): the
 * digits it takes, else null. Shorter roundings are wrong answers, so a learner cannot narrow
 * the answer down, digit by digit, without spending tries; and a rounding to 0 is no answer.
 * @param {string} text
 * @param {number} target
 * @param {number} tolerance
 * @returns {number | null}
 */
export function roundedShort(text, target, tolerance) {
  const needed = digitsNeeded(tolerance);
  if (needed === null || needed === 0) return null;
  const rounded = decimalsTyped(text).some(({ value, digits }) => value !== 0 && digits === needed - 1
    && roundingsOf(target, digits).includes(Math.round(value * 10 ** digits)));
  return rounded ? needed : null;
}

/**
 * @param {string} text what the learner typed
 * @param {number} answer the right answer
 * @param {number} tolerance how far off still counts as right
 * @returns {{ verdict: 'right' | 'rounded' | 'wrong' | 'unreadable', value: number | null, needed?: number }}
 *   value: the reading judged (the right one, if a reading is right); 'rounded': the answer
 *   rounded to fewer digits after the point than the tolerance takes, and `needed` says how
 *   many it takes
 */
export function judgeAnswer(text, answer, tolerance) {
  const values = readAnswers(text);
  if (values.length === 0) return { verdict: 'unreadable', value: null };
  const right = values.find((value) => near(value, answer, tolerance));
  if (right !== undefined) return { verdict: 'right', value: right };
  const needed = roundedShort(text, answer, tolerance);
  return needed === null ? { verdict: 'wrong', value: values[0] } : { verdict: 'rounded', value: values[0], needed };
}

/**
 * The likely mistake a wrong answer matches, if any: the first whose value is within the
 * exercise's tolerance of it, else, given what the learner typed, the first it rounds to fewer
 * digits after the point (a rounded mistake is still that mistake).
 * @template T
 * @param {number} value what the learner answered
 * @param {{ value: number, feedback: T }[]} mistakes
 * @param {number} tolerance
 * @param {string} [text] what the learner typed
 * @returns {T | null}
 */
export function mistakeFor(value, mistakes, tolerance, text) {
  const found = mistakes.find((mistake) => near(value, mistake.value, tolerance))
    ?? (text === undefined ? undefined : mistakes.find((mistake) => roundedShort(text, mistake.value, tolerance) !== null));
  return found ? found.feedback : null;
}
