// The settings of <neuron-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). The element reads its attributes through them; adapter.js, links and snippets write
// them. A row with `ops` belongs to those activations only (GELU's approximate, Swish's beta,
// ELU's alpha), as pooling's rows belong to average or max pooling.
import { belongsTo, checkAxisRange, checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The activations, in the order the course teaches them; each is a function of the core. */
export const ACTIVATIONS = Object.freeze(['relu', 'sigmoid', 'tanh', 'gelu', 'swish', 'elu']);

/** How the course names each activation in text. */
export const ACTIVATION_NAMES = Object.freeze({
  relu: 'ReLU', sigmoid: 'Sigmoid', tanh: 'Tanh', gelu: 'GELU', swish: 'Swish', elu: 'ELU',
});

/** The widest x axis the plot draws. */
export const MAX_SPAN = 100;

const DEFAULT_WEIGHTS = [0.5, 0.25, -0.5];

/** Does a row belong to this activation? (A row without `ops` belongs to every one.) */
export { belongsTo };

/** The widget's settings, in the order attributes and links list them. */

export const SETTINGS = Object.freeze([
  { name: 'activation', key: 'activation', attribute: 'activation', kind: 'choice', choices: ACTIVATIONS, fallback: 'relu' },
  {
    name: 'inputs', key: 'inputs', attribute: 'inputs', kind: 'numbers', fallback: [1, -2],
    check: ({ inputs }, fail) => {
      if (inputs.length < 2 || inputs.length > 3) fail(`give 2 or 3 inputs, not ${inputs.length}.`);
      checkFinite(inputs, fail);
      checkFloat32(inputs, fail);
    },
  },
  {
    // The default weights follow the number of inputs, in an attribute and in a link alike.
    name: 'weights', key: 'weights', attribute: 'weights', kind: 'numbers',
    fallback: ({ inputs }) => DEFAULT_WEIGHTS.slice(0, inputs?.length ?? 2),
    check: ({ inputs, weights }, fail) => {
      if (weights.length !== inputs.length) fail(`give one weight per input: ${inputs.length}, not ${weights.length}.`);
      checkFinite(weights, fail);
      checkFloat32(weights, fail);
    },
  },
  { name: 'bias', key: 'bias', attribute: 'bias', kind: 'number', fallback: 0, check: ({ bias }, fail) => checkFloat32([bias], fail) },
  { name: 'approximate', key: 'approximate', attribute: 'approximate', kind: 'choice', choices: ['none', 'tanh'], fallback: 'none', ops: ['gelu'] },
  { name: 'beta', key: 'beta', attribute: 'beta', kind: 'number', fallback: 1, ops: ['swish'], check: ({ beta }, fail) => checkFloat32([beta], fail) },
  { name: 'alpha', key: 'alpha', attribute: 'alpha', kind: 'number', fallback: 1, ops: ['elu'], check: ({ alpha }, fail) => checkFloat32([alpha], fail) },
  {
    name: 'grad_output', key: 'gradOutput', attribute: 'grad-output', kind: 'number', fallback: 1,
    check: ({ gradOutput }, fail) => checkFloat32([gradOutput], fail),
  },
  {
    name: 'range', key: 'range', attribute: 'range', kind: 'numbers', fallback: [-5, 5],
    check: ({ range }, fail) => checkAxisRange(range, MAX_SPAN, fail),
  },
  { name: 'compare', key: 'compare', attribute: 'compare', kind: 'choice', choices: ['none', ...ACTIVATIONS], fallback: 'none' },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The widget's defaults: a ReLU neuron with inputs [1, -2] and weights [0.5, 0.25]. */
export const defaultSettings = () => settingsFromAttributes(() => null);

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'neuron-change';
