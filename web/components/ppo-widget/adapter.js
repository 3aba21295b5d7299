// <ppo-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, ppoNumbers } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let rlCore = null;

/** The rl core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  rlCore ??= import('pooling-course/rl').then((module) => module.loadRl());
  return rlCore;
}

/**
 * A lesson's widget block, checked: types and each row's rules by the table, the training by
 * the core (run once), so a value it refuses fails the build in its words. Every problem is a
 * FieldError naming the field ("widget.actions").
 * checkSettings checks settings an exercise's link gives the same way (lesson-settings.js).
 * Both take { core }, the rl core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => ppoNumbers(core, settings), errorName: 'RlError', family: 'rl',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names after E steps ("ratio N E", "objective N E", "grad_ratio N E",
 * "log_prob N E", "loss E", "logit N K E"; samples and actions from 1, epochs from 0), computed
 * by the core for these settings; a spec it does not know, or a place out of range, is a
 * FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
