// The settings of <cross-entropy-widget>: one row each (see ../shared/settings-table.js for
// what a row holds). The element reads its attributes through them; adapter.js, links and
// snippets write them. Names are PyTorch's (F.cross_entropy's target and label_smoothing).
import { checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** How many logits the widget takes: a few classes, never a size that can freeze a tab. */
export const MIN_LOGITS = 3;
export const MAX_LOGITS = 8;

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  {
    name: 'logits', key: 'logits', attribute: 'logits', kind: 'numbers', fallback: [2, 1, 0.1],
    check: ({ logits }, fail) => {
      if (logits.length < MIN_LOGITS || logits.length > MAX_LOGITS) fail(`give ${MIN_LOGITS} to ${MAX_LOGITS} logits, not ${logits.length}.`);
      checkFinite(logits, fail);
      checkFloat32(logits, fail);
    },
  },
  {
    name: 'target', key: 'target', attribute: 'target', kind: 'count', min: 0, max: MAX_LOGITS - 1, fallback: 0,
    check: ({ logits, target }, fail) => {
      if (target >= logits.length) fail(`the true class must be one of 0 to ${logits.length - 1} (there are ${logits.length} logits), not ${target}.`);
    },
  },
  {
    name: 'label_smoothing', key: 'labelSmoothing', attribute: 'label-smoothing', kind: 'number', fallback: 0,
    check: ({ labelSmoothing }, fail) => {
      if (!(labelSmoothing >= 0 && labelSmoothing <= 1)) fail(`label smoothing must be from 0 to 1, not ${labelSmoothing}.`);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'cross-entropy-change';
