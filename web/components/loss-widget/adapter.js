// <loss-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { lessonReaders } from '../shared/lesson-settings.js';
import { attributesOf, FieldError } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, lossNumbers, otherLoss, overflowProblem } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

const PREFIX = 'widget.';

let lossesCore = null;

/** The losses core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  lossesCore ??= import('pooling-course/losses').then((module) => module.loadLosses());
  return lossesCore;
}

/**
 * A lesson's widget block, checked: types and the rules between fields here, delta by the core
 * (both losses are computed once), so a value it refuses fails the build in its words. Every
 * problem is a FieldError naming the field ("widget.delta"). checkSettings checks settings an
 * exercise's link gives the same way (lesson-settings.js). Both take { core }, the losses core.
 */
export const { readLessonWidget, checkSettings } = lessonReaders(SETTINGS, (core) => ({
  compute: (settings) => {
    for (const loss of [settings.loss, ...(settings.compare ? [otherLoss(settings.loss)] : [])]) {
      const problem = overflowProblem(lossNumbers(core, settings, loss));
      if (problem) throw new FieldError(`${PREFIX}predictions`, `${PREFIX}predictions: ${problem}`);
    }
  },
  errorName: 'LossError',
  family: 'losses',
}));

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("loss", "term N", "grad N", N from 1; "mse …" or "huber …"
 * for that loss), computed by the core for these settings. Throws an Error saying what is
 * wrong for a spec it does not know.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
