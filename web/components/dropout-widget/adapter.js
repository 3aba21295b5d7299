// <dropout-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { readLessonSettings, withCoreFieldErrors } from '../shared/lesson-settings.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { dropoutNumbers, exerciseNumber } from './model.js';
import { SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

let layersCore = null;

/** The layers core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  layersCore ??= import('pooling-course/layers').then((module) => module.loadLayers());
  return layersCore;
}

/**
 * A lesson's widget block, checked by the table's rules and by the core (called once), so a
 * value either refuses fails the build naming the field ("widget.p").
 * @param {object} raw
 * @param {{ core: object }} context the layers core
 */
export async function readLessonWidget(raw, { core }) {
  const settings = readLessonSettings(SETTINGS, raw);
  withCoreFieldErrors(SETTINGS, () => dropoutNumbers(core, settings), 'layers');
  return settings;
}

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("output N", "grad_input N", "mask N", "kept", "scale", "mean N"), computed by the core for
 * these settings.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize });
