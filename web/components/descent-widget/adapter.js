// <descent-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { descentNumbers, exerciseNumber } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let optimCore = null;

/** The optim core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  optimCore ??= import('pooling-course/optim').then((module) => module.loadOptim());
  return optimCore;
}

/**
 * A lesson's widget block, checked: types and ranges by the table's rules, the walk by the
 * core (computed once), so a value it refuses fails the build in its words. Every problem is a
 * FieldError naming the field ("widget.lr").
 * checkSettings checks settings an exercise's link gives the same way (lesson-settings.js).
 * Both take { core }, the optim core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => descentNumbers(core, settings), errorName: 'OptimError', family: 'optim',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("x 3", "value 3", "grad_y 0", "exp_avg_x 1", ... after N
 * steps), computed by the core for these settings; a spec it does not know is a FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
