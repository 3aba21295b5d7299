// <softmax-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, scaleProblem, softmaxNumbers } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let layersCore = null;

/** The layers core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  layersCore ??= import('pooling-course/layers').then((module) => module.loadLayers());
  return layersCore;
}

/**
 * A lesson's widget block, checked: types and the rules between fields, the scores divided by
 * the temperature within float32, then the core (called once). Every problem is a FieldError
 * naming the field ("widget.temperature"). checkSettings checks settings an exercise's link
 * gives the same way (lesson-settings.js). Both take { core }, the layers core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  problem: scaleProblem, problemField: 'scores', compute: (settings) => softmaxNumbers(core, settings), errorName: 'LayerError', family: 'layers',
}));

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
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
