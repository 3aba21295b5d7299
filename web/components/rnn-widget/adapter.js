// <rnn-widget> in the course: its settings (settings.js), how a lesson's `widget:` block becomes
// its attributes, the numbers its exercises name, and what embedding it needs. DOM-free: the
// lesson loader (Node), the lesson page, the iframe route and oEmbed read it through the
// registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, rnnNumbers } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let sequenceCore = null;

/** The sequence core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  sequenceCore ??= import('pooling-course/sequence').then((module) => module.loadSequence());
  return sequenceCore;
}

/**
 * A lesson's widget block, checked: types and each row's rules by the table, then one run of
 * the core, so a value it refuses fails the build in its words. Every problem is a FieldError
 * naming the field ("widget.w_hh").
 * checkSettings checks settings an exercise's link gives the same way (lesson-settings.js).
 * Both take { core }, the sequence core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => rnnNumbers(core, settings), errorName: 'SequenceError', family: 'sequence',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("hidden 8", "grad 1", "grad_w_hh", "grad_w_ih", "grad_bias",
 * "grad_h0"; steps from 1), computed by the core for these settings; a spec it does not know,
 * or a step out of range, is a FieldError.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
