// <neuron-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes, the numbers its exercises name, and what embedding it needs.
// DOM-free: the lesson loader (Node), the lesson page, the iframe route and oEmbed read it
// through the registry.
import { checkLessonSettings, readLessonSettings } from '../shared/lesson-settings.js';
import { attributesOf, FieldError, readFrontMatter } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';
import { exerciseNumber, neuronNumbers, sumProblem } from './model.js';
import { ACTIVATION_NAMES, belongsTo, CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

const PREFIX = 'widget.';

let activationsCore = null;

/** The activations core for the build's checks: the package's own export, loaded once. */
export function loadCore() {
  activationsCore ??= import('pooling-course/activations').then((module) => module.loadActivations());
  return activationsCore;
}

/**
 * A lesson's widget block, checked: types and the rules between fields here, the activation's
 * options by the core (it is called once), so a value it refuses fails the build in its words.
 * Every problem is a FieldError naming the field ("widget.beta").
 * @param {object} raw
 * @param {{ core: object }} context the activations core
 */
export async function readLessonWidget(raw, { core }) {
  const given = readFrontMatter(SETTINGS, raw, PREFIX, ['element']);
  const activation = given.activation ?? 'relu';
  const foreign = SETTINGS.find((row) => raw[row.name] !== undefined && !belongsTo(row, activation));
  if (foreign) {
    const owners = foreign.ops.map((op) => ACTIVATION_NAMES[op]).join(' and ');
    throw new FieldError(`${PREFIX}${foreign.name}`,
      `${PREFIX}${foreign.name} is for ${owners} only, and this widget has activation: ${activation}`);
  }
  return readLessonSettings(SETTINGS, raw, checksOf(core));
}

/**
 * Settings an exercise's link gives, checked as a lesson's block is once its fields are read
 * (lesson-settings.js).
 * @param {object} settings
 * @param {{ core: object }} context the activations core
 */
export async function checkSettings(settings, { core }) {
  return checkLessonSettings(SETTINGS, settings, checksOf(core));
}

// The sum's float32 range, then the core.
const checksOf = (core) => ({
  problem: (settings) => {
    const tooLarge = sumProblem(settings);
    return tooLarge && `with these weights and bias, ${tooLarge}`;
  },
  problemField: 'inputs',
  compute: (settings) => neuronNumbers(core, settings),
  errorName: 'ActivationError',
  family: 'activations',
});

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/**
 * The number an exercise names ("sum", "output", "derivative", "grad_bias", "grad_weight N",
 * "grad_input N", N from 1), computed by the core for these settings. Throws an Error saying
 * what is wrong for a spec it does not know.
 */
export const exerciseValue = exerciseNumber;

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize, changeEvent: CHANGE_EVENT });
