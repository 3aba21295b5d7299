// A lesson's `widget:` block read through an element's settings table, for the adapters of
// every element but the two pooling ones (pool-lesson.js reads theirs; the layers widgets come
// through layers-adapter.js): each field's type, each row's rule in order with its fallback,
// the element's own check, then one call of the core, whose error naming a parameter is quoted
// with the field. Every problem is a FieldError naming the field
// ("widget.temperature"). The same checks run on settings read elsewhere (an exercise's link,
// over the lesson's): an adapter's checkSettings. DOM-free.
import { FieldError, readFrontMatter } from './settings-table.js';

const PREFIX = 'widget.';

/**
 * @param {object[]} table the element's settings table
 * @param {object} raw the lesson's widget block
 * @param {LessonChecks} checks
 * @returns {object} the settings, every row filled in
 */
export function readLessonSettings(table, raw, checks) {
  const given = readFrontMatter(table, raw, PREFIX, ['element']);
  const settings = {};
  for (const row of table) {
    const { fallback } = row;
    // A fallback may depend on the rows before it (a weight per input), which are checked first.
    settings[row.key] = row.key in given ? given[row.key] : (typeof fallback === 'function' ? fallback(settings) : structuredClone(fallback));
    checkRow(row, settings);
  }
  return checkWithCore(table, settings, checks);
}

/**
 * Settings the widget read elsewhere (an exercise's link, over the lesson's), every row filled
 * in, checked as a lesson's widget block is after its fields are read: each row's rule, then the
 * element's own check and the core. Problems are FieldErrors naming the field as the block would
 * ("widget.temperature").
 * @param {object[]} table
 * @param {object} settings
 * @param {LessonChecks} checks
 * @returns {object} the settings
 */
export function checkLessonSettings(table, settings, checks) {
  for (const row of table) checkRow(row, settings);
  return checkWithCore(table, settings, checks);
}

/**
 * An adapter's readLessonWidget and checkSettings, for an element whose lesson block is its
 * settings table's rows: `checksOf(core)` gives the checks both run.
 * @param {object[]} table
 * @param {(core: object) => LessonChecks} checksOf
 */
export function lessonReaders(table, checksOf) {
  return {
    readLessonWidget: async (raw, { core }) => readLessonSettings(table, raw, checksOf(core)),
    checkSettings: async (settings, { core }) => checkLessonSettings(table, settings, checksOf(core)),
  };
}

/**
 * @typedef {object} LessonChecks
 * @property {(settings: object) => string | null} [problem] why settings cannot be shown before
 *   the core is asked (a value beyond float32), said of `problemField`
 * @property {string} [problemField] the field `problem` is about
 * @property {(settings: object) => unknown} compute the core's call for these settings
 * @property {string} errorName the core family's error class name ("LayerError")
 * @property {string} family how the message names the core ("layers")
 */

function checkRow(row, settings) {
  row.check?.(settings, (reason) => {
    throw new FieldError(`${PREFIX}${row.name}`, `${PREFIX}${row.name}: ${reason.replace(/\.$/, '')}, got ${JSON.stringify(settings[row.key])}`);
  });
}

function checkWithCore(table, settings, { problem, problemField, compute, errorName, family }) {
  const early = problem?.(settings);
  if (early) throw new FieldError(`${PREFIX}${problemField}`, `${PREFIX}${problemField}: ${early}`);
  try {
    compute(settings);
  } catch (error) {
    if (error?.name !== errorName) throw error;
    const row = table.find((candidate) => candidate.key === error.parameter || candidate.name === error.parameter);
    const name = row?.name ?? error.parameter;
    throw new FieldError(`${PREFIX}${name}`, `${PREFIX}${name}: the ${family} core rejects it: ${error.message}`);
  }
  return settings;
}
