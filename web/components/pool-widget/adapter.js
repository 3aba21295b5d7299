// <pool-widget> in the course: its settings (settings.js), how a lesson's `widget:` block becomes its
// attributes, and what embedding it needs. DOM-free: the lesson loader (Node), the lesson page,
// the iframe route and oEmbed read it through the registry.
import { checkedPoolModel, loadPoolCore, poolExerciseValue, readPoolLesson } from '../shared/pool-lesson.js';
import { attributesOf, FieldError } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { CHANGE_EVENT, SETTINGS, selectedWindowProblem } from './settings.js';

export { HIDEABLE_PARTS, SETTINGS, settingsFromAttributes } from './settings.js';

/** The core that computes this element, for the build's checks. */
export const loadCore = loadPoolCore;

/** The number an exercise's `core:` line names ("output 1,1", "outputs", ...). */
export const exerciseValue = poolExerciseValue;

/**
 * Settings an exercise's link gives (or a lesson's block, once read), run through the core as
 * the widget runs them, with the selected window one the output has: what the widget would
 * refuse fails the build.
 * @param {object} settings
 * @param {{ core: import('../../../core/pool/js/index.js').PoolCore }} context
 */
export async function checkSettings(settings, { core }) {
  const model = checkedPoolModel(core, settings);
  const problem = selectedWindowProblem(settings.selected, model.windows.length);
  if (problem) throw new FieldError('widget.selected', `widget.selected: ${problem}`);
  return settings;
}

/**
 * A lesson's widget block, checked (types here, combinations by the core, the selected window
 * against the output).
 * @param {object} raw
 * @param {{ core: import('../../../core/pool/js/index.js').PoolCore }} context
 */
export async function readLessonWidget(raw, { core }) {
  const settings = await readPoolLesson(raw, {
    table: SETTINGS,
    core,
    missing: { kernel_size: 'PyTorch needs it too', grad_output: 'one upstream gradient per output' },
  });
  return checkSettings(settings, { core });
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
