// <pool-widget> in the course: its settings (settings.js), how a lesson's `widget:` block becomes its
// attributes, and what embedding it needs. DOM-free: the lesson loader (Node), the lesson page,
// the iframe route and oEmbed read it through the registry.
import { checkPoolSettings, loadPoolCore, poolExerciseValue, readPoolLesson } from '../shared/pool-lesson.js';
import { attributesOf } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { HIDEABLE_PARTS, SETTINGS, settingsFromAttributes } from './settings.js';

/** The core that computes this element, for the build's checks. */
export const loadCore = loadPoolCore;

/** The number an exercise's `core:` line names ("output 1,1", "outputs", ...). */
export const exerciseValue = poolExerciseValue;

/** Settings an exercise's link gives, run through the core (a combination it refuses fails the build). */
export const checkSettings = checkPoolSettings;

/**
 * A lesson's widget block, checked (types here, combinations by the core).
 * @param {object} raw
 * @param {{ core: import('../../../core/pool/js/index.js').PoolCore }} context
 */
export function readLessonWidget(raw, { core }) {
  return readPoolLesson(raw, {
    table: SETTINGS,
    core,
    missing: { kernel_size: 'PyTorch needs it too', grad_output: 'one upstream gradient per output' },
  });
}

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * Embedding: the one-tag script, the iframe route and oEmbed size the frame with frameSize(state);
 * the lesson's "Embed this" rewrites its snippets on changeEvent.
 */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
