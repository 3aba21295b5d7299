// The settings of <descent-widget>: one row each (see ../shared/settings-table.js for what a
// row holds). The surface walked down, the optimiser and its options (PyTorch's names), where
// the walk starts, how many steps are shown, and whether plain gradient descent walks beside it.
import {
  checkBetas, checkFinite, checkFloat32, checkRange, COLOR_SCHEME_ROW, readAttributes,
} from '../shared/settings-table.js';

/** The most steps the widget shows: a path the eye can follow, and a call that stays quick. */
export const MAX_STEPS = 200;

/** The surfaces of the optim core, and the part of the plane each is drawn over. */
export const VIEWS = Object.freeze({
  bowl: Object.freeze({ x: [-5, 5], y: [-3, 3], minimum: [0, 0] }),
  ravine: Object.freeze({ x: [-5, 5], y: [-3, 3], minimum: [0, 0] }),
  rosenbrock: Object.freeze({ x: [-2, 2], y: [-1, 3], minimum: [1, 1] }),
});

/** The optimisers, as the core names them. */
export const OPTIMIZERS = Object.freeze(['sgd', 'rmsprop', 'adam']);

/** Which options each optimiser reads (the rest are kept but not used). */
export const OPTIONS_OF = Object.freeze({
  sgd: Object.freeze(['lr', 'momentum']),
  rmsprop: Object.freeze(['lr', 'alpha', 'eps', 'momentum']),
  adam: Object.freeze(['lr', 'betas', 'eps']),
});

// A start further out than this is off every picture by far, and its values overflow float32.
const MAX_START = 1000;

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  { name: 'surface', key: 'surface', attribute: 'surface', kind: 'choice', choices: Object.keys(VIEWS), fallback: 'ravine' },
  { name: 'optimizer', key: 'optimizer', attribute: 'optimizer', kind: 'choice', choices: [...OPTIMIZERS], fallback: 'sgd' },
  { name: 'lr', key: 'lr', attribute: 'lr', kind: 'number', fallback: 0.02, check: ({ lr }, fail) => checkRange('lr', lr, 0, 10, fail) },
  {
    name: 'momentum', key: 'momentum', attribute: 'momentum', kind: 'number', fallback: 0,
    check: ({ momentum }, fail) => checkRange('momentum', momentum, 0, 1, fail, { below: true }),
  },
  { name: 'alpha', key: 'alpha', attribute: 'alpha', kind: 'number', fallback: 0.99, check: ({ alpha }, fail) => checkRange('alpha', alpha, 0, 1, fail) },
  {
    name: 'betas', key: 'betas', attribute: 'betas', kind: 'numbers', fallback: [0.9, 0.999],
    check: ({ betas }, fail) => checkBetas(betas, fail),
  },
  { name: 'eps', key: 'eps', attribute: 'eps', kind: 'number', fallback: 1e-8, check: ({ eps }, fail) => checkRange('eps', eps, 0, 1, fail) },
  {
    name: 'start', key: 'start', attribute: 'start', kind: 'numbers', fallback: [-4, 1],
    check: ({ start }, fail) => {
      if (start.length !== 2) fail(`give two numbers, x and y, not ${start.length}.`);
      checkFinite(start, fail);
      checkFloat32(start, fail);
      if (start.some((value) => Math.abs(value) > MAX_START)) fail(`x and y must be from ${-MAX_START} to ${MAX_START}.`);
    },
  },
  { name: 'steps', key: 'steps', attribute: 'steps', kind: 'count', min: 0, max: MAX_STEPS, fallback: 20 },
  { name: 'compare', key: 'compare', attribute: 'compare', kind: 'boolean', fallback: false },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'descent-change';
