// <xor-widget> in the course: its settings (settings.js), how a lesson's `widget:` block becomes
// its attributes, the numbers its exercises name, and what embedding it needs. DOM-free: the
// lesson loader (Node), the lesson page, the iframe route and oEmbed read it through the
// registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, trainXor } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let learningCore = null;

/** The learning core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  learningCore ??= import('pooling-course/learning').then((module) => module.loadLearning());
  return learningCore;
}

/**
 * A lesson's widget block, checked: types and ranges by the table's rules, the start and the
 * training by the core (run once), so a value it refuses fails the build in its words. Every
 * problem is a FieldError naming the field ("widget.hidden").
 * checkSettings checks settings an exercise's link gives the same way (lesson-settings.js).
 * Both take { core }, the learning core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => trainXor(core, settings), errorName: 'LearningError', family: 'learning',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names after N steps ("loss 300", "probability 2 300", "hidden 2 1 0",
 * "w1 1 2 1000", "b1 1 N", "w2 2 N", "b2 N"), computed by the core for these settings; a spec
 * it does not know, or a unit the network does not have, is a FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
