// A lesson's widget block read against an element's settings table: the fields it gives
// (readFrontMatter), the others from their fallbacks, and every row's check, so a rule between
// settings fails the build naming the field ("widget.weight: give 24 numbers ..."). For the
// elements whose adapters need nothing more than the table's rules and a core call.
import { FieldError, readFrontMatter } from './settings-table.js';

/**
 * @param {object[]} table the element's settings table
 * @param {object} raw the front matter's widget block
 * @param {string} [prefix]
 * @returns {object} every setting
 */
export function readLessonSettings(table, raw, prefix = 'widget.') {
  const given = readFrontMatter(table, raw, prefix, ['element']);
  const settings = {};
  for (const row of table) {
    const { fallback } = row;
    settings[row.key] = row.key in given ? given[row.key] : (typeof fallback === 'function' ? fallback(settings) : structuredClone(fallback));
    row.check?.(settings, (problem) => {
      throw new FieldError(`${prefix}${row.name}`, `${prefix}${row.name}: ${problem.replace(/\.$/, '')}, got ${JSON.stringify(settings[row.key])}`);
    });
  }
  return settings;
}

/**
 * Runs `compute` (which calls the core); a CoreError naming a setting becomes a FieldError
 * naming the field, in the core's words.
 */
export function withCoreFieldErrors(table, compute, family, prefix = 'widget.') {
  try {
    return compute();
  } catch (error) {
    if (!(error instanceof Error) || typeof error.parameter !== 'string') throw error;
    const row = table.find((candidate) => candidate.key === error.parameter || candidate.name === error.parameter);
    const name = row?.name ?? error.parameter;
    throw new FieldError(`${prefix}${name}`, `${prefix}${name}: the ${family} core rejects it: ${error.message}`);
  }
}
