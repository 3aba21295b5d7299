// How the course's elements write numbers, in one place: whole numbers as they are, others
// rounded to 4 decimals (4 significant digits below 1) with trailing zeros dropped, so
// 2.5, 0.3333, 12.3457, -1, 0. Tests match on these strings.

/**
 * A float32 as the number with the fewest significant digits that gives it back (at most 9
 * do): 3.4e38 for the float32 nearest 3.4e38, whose double is 3.3999999521443642e+38.
 * @param {number} value a float32
 */
export function shortestFloat32(value) {
  for (let digits = 1; digits <= 9; digits++) {
    const short = Number(value.toPrecision(digits));
    if (Math.fround(short) === value) return short;
  }
  return value;
}

// A whole number too large for plain digits (String writes 1e21 and above with an exponent) is
// written with the fewest digits that give the same float32 back, when it is one: the core's
// 3.4e38 reads 3.4e+38, not 3.3999999521443642e+38.
function largeWhole(value) {
  return String(Math.abs(value) < 1e21 || Math.fround(value) !== value ? value : shortestFloat32(value));
}

/** @param {number} value */
export function formatNumber(value) {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return '0'; // -0 too
  if (Number.isInteger(value)) return largeWhole(value);
  const rounded = Math.abs(value) < 1 ? Number(value.toPrecision(4)) : Number(value.toFixed(4));
  return String(rounded);
}

/**
 * formatNumber for a grid's cell, which has room for about a dozen characters: a whole float32
 * of a billion or more is written as a power of ten with the fewest digits that give it back
 * (25000000000000000000 as 2.5e+19), since its plain digits past float32's seventh or so are
 * rounding, not digits anyone wrote.
 * @param {number} value
 */
export function cellNumber(value) {
  const large = Number.isInteger(value) && Math.abs(value) >= 1e9 && Math.fround(value) === value;
  return large ? shortestFloat32(value).toExponential() : formatNumber(value);
}

/**
 * formatNumber with a typographic minus, for sentences and formulas, in its power of ten too
 * (−2.929e−7): a line may break after a hyphen, which would leave "2.929e-" and "7" on two lines
 * to read as two numbers, never after a minus sign. Cells keep "-", so what they show can be
 * typed back.
 */
export function readableNumber(value) {
  return formatNumber(value).replace(/-/g, '−');
}

/**
 * formatNumber, with as many more significant digits as it takes for a number that is not whole
 * not to read as a whole one: a setting such as a probability of 0.999999 is not shown as 1,
 * which means something else.
 */
export function formatSetting(value) {
  const text = formatNumber(value);
  if (!Number.isFinite(value) || Number.isInteger(value) || !Number.isInteger(Number(text))) return text;
  let digits = 5;
  while (Number.isInteger(Number(value.toPrecision(digits)))) digits += 1;
  return String(Number(value.toPrecision(digits)));
}

/** formatSetting with a typographic minus (readableNumber's), for sentences. */
export function readableSetting(value) {
  return formatSetting(value).replace(/-/g, '−');
}

/**
 * A number as a term of a written-out sum: readableNumber, in parentheses when negative, so
 * that "0.5 × (−1)" reads.
 */
export function termNumber(value) {
  const text = readableNumber(value);
  return text.startsWith('−') ? `(${text})` : text;
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** The digits of a place as subscripts, for a symbol's name: x₂, w₁,₂, h₁₂. */
export function subscript(place) {
  return String(place).replace(/\d/g, (digit) => SUBSCRIPTS[Number(digit)]);
}

/** "2 × 3" for a [height, width] pair. */
export function bySize([height, width]) {
  return `${height} × ${width}`;
}
