// The settings of <lamb-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). Two layers, each a parameter vector with its own gradient, then the options the
// optimiser shares (PyTorch's names: lr, betas, eps, weight_decay) and how many steps each
// layer takes, every one with the same gradient.
import {
  checkBetas, checkFinite, checkFloat32, checkRange, COLOR_SCHEME_ROW, readAttributes,
} from '../shared/settings-table.js';

/** The layers the widget shows, as their settings number them. */
export const LAYERS = Object.freeze([1, 2]);

/** The most values a layer holds: a row of them fits beside the other layer's. */
export const MAX_VALUES = 8;

/** The most steps: the step-by-step table stays short, and a tap stays quick. */
export const MAX_STEPS = 100;

// The default gradient, taken over again in order when a layer has more values than it.
const DEFAULT_GRAD = Object.freeze([0.5, -0.5]);
const fitted = (values, count) => Array.from({ length: count }, (_, i) => values[i % values.length]);

/** The keys of layer L's parameter and gradient. */
export const paramKey = (layer) => `param${layer}`;
export const gradKey = (layer) => `grad${layer}`;

// A layer's two rows: its parameter (1 to MAX_VALUES finite float32 numbers) and its gradient
// (one per parameter value; left out, the default's numbers fitted to the parameter).
function layerRows(layer, param) {
  const p = paramKey(layer);
  const g = gradKey(layer);
  return [
    {
      name: p, key: p, attribute: p, kind: 'numbers', fallback: param,
      check: (settings, fail) => {
        const values = settings[p];
        if (values.length < 1 || values.length > MAX_VALUES) fail(`give 1 to ${MAX_VALUES} numbers, not ${values.length}.`);
        checkFinite(values, fail);
        checkFloat32(values, fail);
      },
    },
    {
      name: g, key: g, attribute: g, kind: 'numbers',
      fallback: (settings) => fitted(DEFAULT_GRAD, settings[p]?.length ?? DEFAULT_GRAD.length),
      check: (settings, fail) => {
        const values = settings[g];
        if (values.length !== settings[p].length) fail(`give one gradient per parameter value: ${settings[p].length}, not ${values.length}.`);
        checkFinite(values, fail);
        checkFloat32(values, fail);
      },
    },
  ];
}

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  // A layer of big weights and a layer of tiny ones, pushed by the same gradient.
  ...layerRows(1, [3, 4]),
  ...layerRows(2, [0.03, 0.04]),
  { name: 'lr', key: 'lr', attribute: 'lr', kind: 'number', fallback: 0.01, check: ({ lr }, fail) => checkRange('lr', lr, 0, 10, fail) },
  { name: 'betas', key: 'betas', attribute: 'betas', kind: 'numbers', fallback: [0.9, 0.999], check: ({ betas }, fail) => checkBetas(betas, fail) },
  { name: 'eps', key: 'eps', attribute: 'eps', kind: 'number', fallback: 1e-6, check: ({ eps }, fail) => checkRange('eps', eps, 0, 1, fail) },
  {
    name: 'weight_decay', key: 'weightDecay', attribute: 'weight-decay', kind: 'number', fallback: 0,
    check: ({ weightDecay }, fail) => checkRange('weight_decay', weightDecay, 0, 10, fail),
  },
  {
    name: 'steps', key: 'steps', attribute: 'steps', kind: 'count', min: 1, max: MAX_STEPS, fallback: 1,
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'lamb-widget-change';
