// <softmax-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { attributesOf, FieldError, readFrontMatter } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, scaleProblem, softmaxNumbers } from './model.js';
import { SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

const PREFIX = 'widget.';

let layersCore = null;

/** The layers core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  layersCore ??= import('pooling-course/layers').then((module) => module.loadLayers());
  return layersCore;
}

/**
 * A lesson's widget block, checked: types and the rules between fields here, the rest by the
 * core (it is called once), so a value it refuses fails the build in its words. Every problem
 * is a FieldError naming the field ("widget.temperature").
 * @param {object} raw
 * @param {{ core: object }} context the layers core
 */
export async function readLessonWidget(raw, { core }) {
  const given = readFrontMatter(SETTINGS, raw, PREFIX, ['element']);
  const settings = {};
  for (const row of SETTINGS) {
    settings[row.key] = row.key in given ? given[row.key] : structuredClone(row.fallback);
    row.check?.(settings, (problem) => {
      throw new FieldError(`${PREFIX}${row.name}`, `${PREFIX}${row.name}: ${problem.replace(/\.$/, '')}, got ${JSON.stringify(settings[row.key])}`);
    });
  }
  const tooLarge = scaleProblem(settings);
  if (tooLarge) throw new FieldError(`${PREFIX}scores`, `${PREFIX}scores: ${tooLarge}`);
  try {
    softmaxNumbers(core, settings);
  } catch (error) {
    if (error?.name !== 'LayerError') throw error;
    const row = SETTINGS.find((candidate) => candidate.key === error.parameter || candidate.name === error.parameter);
    const name = row?.name ?? error.parameter;
    throw new FieldError(`${PREFIX}${name}`, `${PREFIX}${name}: the layers core rejects it: ${error.message}`);
  }
  return settings;
}

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("probability K", "shifted K", "gradient K", K a class from 0),
 * computed by the core for these settings. Throws a FieldError saying what is wrong for a spec
 * it does not know.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize });
