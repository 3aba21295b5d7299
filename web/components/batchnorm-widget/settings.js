// The settings of <batchnorm-widget>: one row each (see ../shared/settings-table.js for what a
// row holds). The element reads its attributes through them; adapter.js, links and snippets
// write them. The running statistics and the step count are settings too, so a link made after
// a few training steps shows the same running statistics.
import { checkFinite, checkFloat32, COLOR_SCHEME_ROW, isZeroInFloat32, readAttributes } from '../shared/settings-table.js';

/** The batch's shape, [N, C, H, W]: two samples of two channels, 2 x 2 each, small enough to show every number on a phone. */
export const SHAPE = Object.freeze([2, 2, 2, 2]);
export const [BATCH, CHANNELS, HEIGHT, WIDTH] = SHAPE;
/** Values in the batch: N * C * H * W. */
export const VALUES = BATCH * CHANNELS * HEIGHT * WIDTH;
/** The most training steps the counter counts (the running statistics settle long before). */
export const MAX_STEPS = 1000000;

// Channel 1 near 1, channel 2 near 1000, in [N, C, H, W] order: sample 1's two channels, then
// sample 2's. Each channel has mean 1 (and 1000) and biased variance 0.5 (and 50).
const DEFAULT_INPUT = [
  0, 1, 2, 1, 990, 1000, 1010, 1000,
  2, 1, 0, 1, 1010, 1000, 990, 1000,
];

// A list of one number per channel, finite and within float32.
function perChannel(key, what) {
  return (settings, fail) => {
    const values = settings[key];
    if (values.length !== CHANNELS) fail(`give one ${what} per channel: ${CHANNELS}, not ${values.length}.`);
    checkFinite(values, fail);
    checkFloat32(values, fail);
  };
}

export const SETTINGS = Object.freeze([
  {
    name: 'input', key: 'input', attribute: 'input', kind: 'numbers', fallback: DEFAULT_INPUT,
    check: ({ input }, fail) => {
      if (input.length !== VALUES) fail(`give ${VALUES} numbers (N = ${BATCH}, C = ${CHANNELS}, ${HEIGHT} x ${WIDTH}), not ${input.length}.`);
      checkFinite(input, fail);
      checkFloat32(input, fail);
    },
  },
  { name: 'weight', key: 'weight', attribute: 'weight', kind: 'numbers', fallback: [1, 1], check: perChannel('weight', 'weight (gamma)') },
  { name: 'bias', key: 'bias', attribute: 'bias', kind: 'numbers', fallback: [0, 0], check: perChannel('bias', 'bias (beta)') },
  { name: 'running_mean', key: 'runningMean', attribute: 'running-mean', kind: 'numbers', fallback: [0, 0], check: perChannel('runningMean', 'running mean') },
  {
    name: 'running_var', key: 'runningVar', attribute: 'running-var', kind: 'numbers', fallback: [1, 1],
    check: (settings, fail) => {
      perChannel('runningVar', 'running variance')(settings, fail);
      if (settings.runningVar.some((value) => value < 0)) fail('a variance is never negative.');
    },
  },
  { name: 'steps', key: 'steps', attribute: 'steps', kind: 'count', min: 0, max: MAX_STEPS, fallback: 0 },
  { name: 'training', key: 'training', attribute: 'training', kind: 'boolean', fallback: true },
  {
    name: 'momentum', key: 'momentum', attribute: 'momentum', kind: 'number', fallback: 0.1,
    check: ({ momentum }, fail) => {
      if (!(momentum >= 0 && momentum <= 1)) fail(`momentum must be in [0, 1], got ${momentum}.`);
    },
  },
  {
    name: 'eps', key: 'eps', attribute: 'eps', kind: 'number', fallback: 1e-5,
    check: ({ eps }, fail) => {
      if (!(eps > 0 && eps <= 1)) fail(`eps must be in (0, 1], got ${eps}.`);
      // The core adds eps in float32, where a number below about 7e-46 is 0 (and 1 / √0 is infinite).
      if (isZeroInFloat32(eps)) fail(`eps must be in (0, 1], got ${eps}, which is 0 in float32, the core's number type.`);
    },
  },
  {
    name: 'grad_output', key: 'gradOutput', attribute: 'grad-output', kind: 'numbers', ones: true, fallback: 'ones',
    check: ({ gradOutput }, fail) => {
      if (gradOutput === 'ones') return;
      if (gradOutput.length !== VALUES) fail(`give "ones" or ${VALUES} numbers, one per output, not ${gradOutput.length}.`);
      checkFinite(gradOutput, fail);
      checkFloat32(gradOutput, fail);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The flat index of [n, c, h, w] in the batch (row-major, as PyTorch lays it out). */
export const indexOf = (n, c, h, w) => ((n * CHANNELS + c) * HEIGHT + h) * WIDTH + w;

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'batchnorm-change';
