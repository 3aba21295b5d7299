// <linear-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { readLessonSettings } from '../shared/lesson-settings.js';
import { attributesOf, FieldError } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, linearNumbers } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let learningCore = null;

/** The learning core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  learningCore ??= import('pooling-course/learning').then((module) => module.loadLearning());
  return learningCore;
}

const BIAS = SETTINGS.find((row) => row.key === 'bias');

/**
 * A lesson's widget block, checked: types and each row's rules by the table, the layer by the
 * core (run once), so a value it refuses fails the build in its words. `bias` is a list or
 * null (nn.Linear(bias=False)), which no shared kind reads: the table reads the rest, then the
 * bias given takes its place and every rule is checked again. Every problem is a FieldError
 * naming the field ("widget.weight").
 * @param {object} raw
 * @param {{ core: object }} context the learning core
 */
export async function readLessonWidget(raw, { core }) {
  const { bias } = raw;
  if (bias !== undefined && bias !== null && !(Array.isArray(bias) && bias.every((value) => typeof value === 'number' && Number.isFinite(value)))) {
    throw new FieldError('widget.bias', `widget.bias must be a list of finite numbers or null, got ${JSON.stringify(bias)}`);
  }
  const compute = (settings) => linearNumbers(core, settings);
  const settings = readLessonSettings(SETTINGS, raw, { compute, errorName: 'LearningError', family: 'learning' });
  if (bias === undefined) return settings;
  const given = { ...settings, bias };
  for (const row of SETTINGS) {
    row.check?.(given, (reason) => {
      throw new FieldError(`widget.${row.name}`, `widget.${row.name}: ${reason.replace(/\.$/, '')}, got ${JSON.stringify(given[row.key])}`);
    });
  }
  compute(given);
  return given;
}

/** The element's attributes for a lesson's settings (those that differ from the defaults); no bias is bias="null". */
export function lessonAttributes(settings) {
  const pairs = attributesOf(SETTINGS, settings, { onlyChanged: true });
  if (settings.bias !== null) return pairs;
  const at = pairs.findIndex(([name]) => SETTINGS.findIndex((row) => row.attribute === name) > SETTINGS.indexOf(BIAS));
  pairs.splice(at < 0 ? pairs.length : at, 0, ['bias', 'null']);
  return pairs;
}

/**
 * The number an exercise names ("output 1,2", "grad_input 2,3", "grad_weight 1,2",
 * "grad_bias 2", rows and columns from 1), computed by the core for these settings; a spec it
 * does not know, or a cell the layer does not have, is a FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
