// <encoder-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { encoderNumbers, exerciseNumber } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let transformerCore = null;

/** The transformer core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  transformerCore ??= import('pooling-course/transformer').then((module) => module.loadTransformer());
  return transformerCore;
}

/**
 * A lesson's widget block, checked: types and each row's rules by the table, the block by the
 * core (run once), so a value it refuses fails the build in its words. Every problem is a
 * FieldError naming the field ("widget.key").
 * checkSettings checks settings an exercise's link gives the same way (lesson-settings.js).
 * Both take { core }, the transformer core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => encoderNumbers(core, settings), errorName: 'TransformerError', family: 'transformer',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("output T J", "norm1 T J", "residual1 T J", "hidden T J",
 * "attention H T S", "count PART D H F"), computed by the core for these settings; a spec it
 * does not know, or a cell the block does not have, is a FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
