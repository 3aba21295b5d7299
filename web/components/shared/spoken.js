// What a live sentence names among many numbers: the places where a row of weights peaks, and a
// list read as the language reads one ("2, 2, 3, and 3"; "2、2、3和3").

/**
 * The places of the largest numbers of `values` as the learner sees them: every place whose
 * number, written by `write`, reads as the largest's does (two weights that show the same are
 * the same to the learner). Empty for an empty row.
 * @param {ArrayLike<number>} values
 * @param {(value: number) => string} write
 * @returns {number[]}
 */
export function largestPlaces(values, write) {
  if (values.length === 0) return [];
  let most = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[most]) most = i;
  const shown = write(values[most]);
  return [...Array(values.length).keys()].filter((i) => write(values[i]) === shown);
}

/**
 * `items` as one phrase of the language `lang` names: "a, b, and c" (`type` 'conjunction') or
 * "a or b" ('disjunction').
 * @param {string} lang
 * @param {string[]} items
 * @param {'conjunction' | 'disjunction'} [type]
 */
export function spokenList(lang, items, type = 'conjunction') {
  return new Intl.ListFormat(lang, { type }).format(items);
}
