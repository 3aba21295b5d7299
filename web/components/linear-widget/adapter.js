// <linear-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { checkLessonSettings, readLessonSettings } from '../shared/lesson-settings.js';
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
  const settings = readLessonSettings(SETTINGS, raw, checksOf(core));
  return bias === undefined ? settings : checkSettings({ ...settings, bias }, { core });
}

/**
 * Settings an exercise's link gives (or a lesson's, its bias in place), checked as a lesson's
 * block is once its fields are read (lesson-settings.js).
 * @param {object} settings
 * @param {{ core: object }} context the learning core
 */
export function checkSettings(settings, { core }) {
  return checkLessonSettings(SETTINGS, settings, checksOf(core));
}

const checksOf = (core) => ({ compute: (settings) => linearNumbers(core, settings), errorName: 'LearningError', family: 'learning' });

/** The element's attributes for a lesson's settings (those that differ from the defaults); no bias is bias="null". */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("output 1,2", "grad_input 2,3", "grad_weight 1,2",
 * "grad_bias 2", rows and columns from 1), computed by the core for these settings; a spec it
 * does not know, or a cell the layer does not have, is a FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
