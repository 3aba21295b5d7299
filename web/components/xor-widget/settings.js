// The settings of <xor-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). The hidden layer (its activation and its size), SGD's lr and momentum, the seed of the
// start the learning core draws, and how many steps of training are shown.
import { checkRange, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The hidden activations of the learning core's XOR network. */
export const ACTIVATIONS = Object.freeze(['tanh', 'relu', 'sigmoid']);

/** The most hidden units (the core's limit for the XOR network). */
export const MAX_HIDDEN = 16;

/** The most steps shown: the core's limit for one training. */
export const MAX_STEPS = 5000;

/** The largest seed the core's generator takes (2^32 − 1). */
export const MAX_SEED = 4294967295;

// The start a page gets without a seed: one from which two tanh units learn XOR (in 229 steps
// to a loss below 0.1), so a widget embedded as it comes shows the network succeed.
export const DEFAULT_SEED = 0;

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  { name: 'activation', key: 'activation', attribute: 'activation', kind: 'choice', choices: [...ACTIVATIONS], fallback: 'tanh' },
  // The attribute is not `hidden`, HTML's own, which would hide the element.
  { name: 'hidden', key: 'hidden', attribute: 'hidden-units', kind: 'count', min: 1, max: MAX_HIDDEN, fallback: 2 },
  { name: 'lr', key: 'lr', attribute: 'lr', kind: 'number', fallback: 0.5, check: ({ lr }, fail) => checkRange('lr', lr, 0, 10, fail) },
  {
    name: 'momentum', key: 'momentum', attribute: 'momentum', kind: 'number', fallback: 0,
    check: ({ momentum }, fail) => checkRange('momentum', momentum, 0, 1, fail, { below: true }),
  },
  { name: 'seed', key: 'seed', attribute: 'seed', kind: 'count', min: 0, max: MAX_SEED, fallback: DEFAULT_SEED },
  { name: 'steps', key: 'steps', attribute: 'steps', kind: 'count', min: 0, max: MAX_STEPS, fallback: 0 },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'xor-widget-change';
