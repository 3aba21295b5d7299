// <pool-playground> in the course: its settings (settings.js) and how a lesson's `widget:` block becomes
// its attributes. DOM-free: the lesson loader (Node) and the lesson page read it through the
// registry. The playground is not embeddable (no EMBED).
import { MAX_SIDE } from '../shared/pool-settings.js';
import { checkPoolSettings, loadPoolCore, poolExerciseValue, readPoolLesson } from '../shared/pool-lesson.js';
import { attributesOf } from '../shared/settings-table.js';
import { SETTINGS } from './settings.js';

export { CHANGE_EVENT, POOLING, SETTINGS, settingsFromAttributes } from './settings.js';

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
  return readPoolLesson(raw, { table: SETTINGS, core, maxSide: MAX_SIDE, missing: { kernel_size: 'PyTorch needs it too' } });
}

/** The element's attributes for a lesson's settings; on a lesson page it keeps them in the address. */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, { ...settings, syncUrl: true }, { onlyChanged: true });
}
