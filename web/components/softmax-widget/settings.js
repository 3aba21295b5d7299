// The settings of <softmax-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). The element reads its attributes through them; adapter.js, links and snippets write
// them.
import { checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** How many scores the widget takes: a choice among a few classes, never a size that can freeze a tab. */
export const MIN_SCORES = 3;
export const MAX_SCORES = 8;

/** The temperatures the widget takes (the slider's log scale spans them): near argmax to near uniform. */
export const MIN_TEMPERATURE = 0.01;
export const MAX_TEMPERATURE = 100;

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  {
    name: 'scores', key: 'scores', attribute: 'scores', kind: 'numbers', fallback: [2, 1, 0.1],
    check: ({ scores }, fail) => {
      if (scores.length < MIN_SCORES || scores.length > MAX_SCORES) fail(`give ${MIN_SCORES} to ${MAX_SCORES} scores, not ${scores.length}.`);
      checkFinite(scores, fail);
      checkFloat32(scores, fail);
    },
  },
  {
    name: 'temperature', key: 'temperature', attribute: 'temperature', kind: 'number', fallback: 1,
    check: ({ temperature }, fail) => {
      if (!(temperature >= MIN_TEMPERATURE && temperature <= MAX_TEMPERATURE)) {
        fail(`the temperature must be from ${MIN_TEMPERATURE} to ${MAX_TEMPERATURE}, not ${temperature}.`);
      }
    },
  },
  {
    name: 'grad_class', key: 'gradClass', attribute: 'grad-class', kind: 'count', min: 0, max: MAX_SCORES - 1, fallback: 0,
    check: ({ scores, gradClass }, fail) => {
      if (gradClass >= scores.length) fail(`the class must be one of 0 to ${scores.length - 1} (there are ${scores.length} scores), not ${gradClass}.`);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The widget's defaults: scores (2, 1, 0.1) at temperature 1, the backward pass for class 0. */
export const defaultSettings = () => settingsFromAttributes(() => null);

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'softmax-change';
