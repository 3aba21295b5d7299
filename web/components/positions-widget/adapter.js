// <positions-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, positionsNumbers } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let transformerCore = null;

/** The transformer core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  transformerCore ??= import('pooling-course/transformer').then((module) => module.loadTransformer());
  return transformerCore;
}

/**
 * A lesson's widget block, checked: types and each row's rules by the table, the table by the
 * core (run once), so a value it refuses fails the build in its words. Every problem is a
 * FieldError naming the field ("widget.d_model").
 * checkSettings checks settings an exercise's link gives the same way (lesson-settings.js).
 * Both take { core }, the transformer core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => positionsNumbers(core, settings), errorName: 'TransformerError', family: 'transformer',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("value P J", "frequency I", from 0), computed by the core for
 * these settings; a spec it does not know, or a number the table does not have, is a
 * FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
