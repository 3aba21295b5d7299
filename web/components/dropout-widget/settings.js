// The settings of <dropout-widget>: one row each (see ../shared/settings-table.js for what a
// row holds). The input, the drop probability p, the seed of the core's mask generator (a
// setting, so a link reproduces the mask), training or evaluation mode, and the upstream
// gradient ("ones" or one number per input).
import { checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The most inputs the widget takes: one row each, and AVERAGE_MASKS masks of them per drawing. */
export const MAX_INPUTS = 12;

/** The largest seed the core's generator takes (2^32 − 1). */
export const MAX_SEED = 4294967295;

/** How many masks the mean column averages over. */
export const AVERAGE_MASKS = 1000;

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  {
    name: 'input', key: 'input', attribute: 'input', kind: 'numbers', fallback: [1, 2, -1, 0.5, 3, -2, 1.5, 4],
    check: ({ input }, fail) => {
      if (input.length < 1 || input.length > MAX_INPUTS) fail(`give 1 to ${MAX_INPUTS} numbers, not ${input.length}.`);
      checkFinite(input, fail);
      checkFloat32(input, fail);
    },
  },
  {
    name: 'p', key: 'p', attribute: 'p', kind: 'number', fallback: 0.5,
    check: ({ p }, fail) => {
      if (!(p >= 0 && p <= 1)) fail(`p must be from 0 to 1, not ${p}.`);
    },
  },
  {
    name: 'seed', key: 'seed', attribute: 'seed', kind: 'count', min: 0, max: MAX_SEED, fallback: 0,
    check: ({ seed }, fail) => {
      if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) fail(`the seed must be a whole number from 0 to ${MAX_SEED}, not ${seed}.`);
    },
  },
  { name: 'mode', key: 'mode', attribute: 'mode', kind: 'choice', choices: ['train', 'eval'], fallback: 'train' },
  {
    name: 'grad_output', key: 'gradOutput', attribute: 'grad-output', kind: 'numbers', ones: true, fallback: 'ones',
    check: ({ gradOutput, input }, fail) => {
      if (gradOutput === 'ones') return;
      if (gradOutput.length !== input.length) fail(`give ${input.length} numbers, one per input, or ones, not ${gradOutput.length}.`);
      checkFinite(gradOutput, fail);
      checkFloat32(gradOutput, fail);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'dropout-change';
