// The lesson adapter of an element that shows the layers core (<embedding-widget>,
// <dropout-widget>): the core for the build's checks, a lesson's widget block checked by the
// table's rules and by the core, the attributes a lesson writes, exercises and embedding.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it.
import { lessonReaders } from './lesson-settings.js';
import { attributesOf } from './settings-table.js';

let layersCore = null;

/** The layers core for the build's checks: the package's own export, loaded once. */
export function loadLayersCore() {
  layersCore ??= import('pooling-course/layers').then((module) => module.loadLayers());
  return layersCore;
}

/**
 * @param {object} element
 * @param {object[]} element.SETTINGS the element's settings table
 * @param {(core: object, settings: object) => unknown} element.numbers every number it shows,
 *   from the core (called once per lesson, so a value the core refuses fails the build)
 * @param {(core: object, settings: object, spec: string) => number} element.exerciseNumber
 * @param {Function} element.frameSize
 * @param {string} element.changeEvent the event the element fires after a learner's change
 */
export function layersAdapter({ SETTINGS, numbers, exerciseNumber, frameSize, changeEvent }) {
  return {
    loadCore: loadLayersCore,
    // A lesson's widget block, and settings an exercise's link gives, checked; every problem
    // is a FieldError naming the field.
    ...lessonReaders(SETTINGS, (core) => ({ compute: (settings) => numbers(core, settings), errorName: 'LayerError', family: 'layers' })),
    /** The element's attributes for a lesson's settings (those that differ from the defaults). */
    lessonAttributes: (settings) => attributesOf(SETTINGS, settings, { onlyChanged: true }),
    exerciseValue: exerciseNumber,
    EMBED: Object.freeze({ frameSize, changeEvent }),
  };
}
