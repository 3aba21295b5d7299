// A lesson's `widget:` block read through an element's settings table, for the adapters of the
// settings widgets (neuron, softmax, cross-entropy, loss, and the layers widgets through
// layers-adapter.js): each field's type, each row's rule in order
// with its fallback, the element's own check, then one call of the core, whose error naming a
// parameter is quoted with the field. Every problem is a FieldError naming the field
// ("widget.temperature"). DOM-free.
import { FieldError, readFrontMatter } from './settings-table.js';

const PREFIX = 'widget.';

/**
 * @param {object[]} table the element's settings table
 * @param {object} raw the lesson's widget block
 * @param {object} options
 * @param {(settings: object) => string | null} [options.problem] why settings cannot be shown
 *   before the core is asked (a value beyond float32), said of `problemField`
 * @param {string} [options.problemField] the field `problem` is about
 * @param {(settings: object) => unknown} options.compute the core's call for these settings
 * @param {string} options.errorName the core family's error class name ("LayerError")
 * @param {string} options.family how the message names the core ("layers")
 * @returns {object} the settings, every row filled in
 */
export function readLessonSettings(table, raw, { problem, problemField, compute, errorName, family }) {
  const given = readFrontMatter(table, raw, PREFIX, ['element']);
  const settings = {};
  for (const row of table) {
    const { fallback } = row;
    // A fallback may depend on the rows before it (a weight per input).
    settings[row.key] = row.key in given ? given[row.key] : (typeof fallback === 'function' ? fallback(settings) : structuredClone(fallback));
    row.check?.(settings, (reason) => {
      throw new FieldError(`${PREFIX}${row.name}`, `${PREFIX}${row.name}: ${reason.replace(/\.$/, '')}, got ${JSON.stringify(settings[row.key])}`);
    });
  }
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
