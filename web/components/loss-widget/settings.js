// The settings of <loss-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). The element reads its attributes through them; adapter.js, links and snippets write
// them.
import { checkAxisRange, checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The losses, in the order the course teaches them; each is a pair of calls of the core. */
export const LOSSES = Object.freeze(['mse', 'huber']);

/** How the course names each loss in text. */
export const LOSS_NAMES = Object.freeze({ mse: 'MSE', huber: 'Huber' });

/** The most points the widget takes: each is a row of fields and a lane of the strip. */
export const MAX_POINTS = 8;

/** The widest value axis the strip draws. */
export const MAX_SPAN = 1000;

const checkValues = (values, fail) => {
  checkFinite(values, fail);
  checkFloat32(values, fail);
};

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  { name: 'loss', key: 'loss', attribute: 'loss', kind: 'choice', choices: LOSSES, fallback: 'mse' },
  {
    name: 'predictions', key: 'predictions', attribute: 'predictions', kind: 'numbers', fallback: [2.5, 0, 2],
    check: ({ predictions }, fail) => {
      if (predictions.length < 1 || predictions.length > MAX_POINTS) fail(`give 1 to ${MAX_POINTS} predictions, not ${predictions.length}.`);
      checkValues(predictions, fail);
    },
  },
  {
    name: 'targets', key: 'targets', attribute: 'targets', kind: 'numbers',
    fallback: ({ predictions }) => [3, -0.5, 2, 0, 0, 0, 0, 0].slice(0, predictions?.length ?? 3),
    check: ({ predictions, targets }, fail) => {
      if (targets.length !== predictions.length) fail(`give one target per prediction: ${predictions.length}, not ${targets.length}.`);
      checkValues(targets, fail);
    },
  },
  { name: 'reduction', key: 'reduction', attribute: 'reduction', kind: 'choice', choices: ['mean', 'sum', 'none'], fallback: 'mean' },
  // Huber's delta; with compare, also the Huber loss beside mean squared error. The core
  // judges it (positive, finite) and names it.
  { name: 'delta', key: 'delta', attribute: 'delta', kind: 'number', fallback: 1, check: ({ delta }, fail) => checkFloat32([delta], fail) },
  { name: 'compare', key: 'compare', attribute: 'compare', kind: 'boolean', fallback: false },
  {
    name: 'range', key: 'range', attribute: 'range', kind: 'numbers', fallback: [-5, 5],
    check: ({ range }, fail) => checkAxisRange(range, MAX_SPAN, fail),
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The widget's defaults: mean squared error of [2.5, 0, 2] against [3, -0.5, 2]. */
export const defaultSettings = () => settingsFromAttributes(() => null);

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'loss-change';
