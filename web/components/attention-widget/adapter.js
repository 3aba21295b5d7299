// <attention-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { attentionNumbers, exerciseNumber } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let sequenceCore = null;

/** The sequence core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  sequenceCore ??= import('pooling-course/sequence').then((module) => module.loadSequence());
  return sequenceCore;
}

/**
 * A lesson's widget block, checked: types and each row's rules by the table, the attention by
 * the core (run once), so a value it refuses fails the build in its words. Every problem is a
 * FieldError naming the field ("widget.key").
 * checkSettings checks settings an exercise's link gives the same way (lesson-settings.js).
 * Both take { core }, the sequence core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => attentionNumbers(core, settings), errorName: 'SequenceError', family: 'sequence',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("score I J", "weight I J", "output I K", from 1), computed by
 * the core for these settings; a spec it does not know, or a cell the grids do not have, is a
 * FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
