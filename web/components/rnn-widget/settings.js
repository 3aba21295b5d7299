// The settings of <rnn-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). One recurrent unit, torch.nn.RNN(1, 1): its inputs x_1..x_T (T from 1 to 12), its
// weights w_ih and w_hh, its bias (nn.RNN's bias_ih; bias_hh is 0), its starting state h0 and
// its nonlinearity; then the step whose computation is written out (0 for none).
import {
  checkFinite, checkFloat32, checkRange, COLOR_SCHEME_ROW, readAttributes,
} from '../shared/settings-table.js';

/** The most steps: twelve columns still scroll comfortably on a phone. */
export const MAX_STEPS = 12;

/** The largest size of a weight, the bias or h0: enough to saturate or explode, no more. */
export const LIMIT = 100;

/** The unit's nonlinearities, as nn.RNN names them. */
export const NONLINEARITIES = Object.freeze(['tanh', 'relu']);

// A scalar of the cell, held to ±LIMIT; `name` is the lesson's, which the message starts with.
const scalar = (name, key, attribute, fallback) => ({
  name, key, attribute, kind: 'number', fallback,
  check: (settings, fail) => checkRange(name, settings[key], -LIMIT, LIMIT, fail),
});

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  {
    // An impulse at step 1, then nothing: the state and the gradient show the cell alone.
    name: 'input', key: 'input', attribute: 'input', kind: 'numbers', fallback: [1, 0, 0, 0, 0, 0, 0, 0],
    check: ({ input }, fail) => {
      if (input.length < 1 || input.length > MAX_STEPS) fail(`give 1 to ${MAX_STEPS} inputs, one per step, not ${input.length}.`);
      checkFinite(input, fail);
      checkFloat32(input, fail);
    },
  },
  scalar('w_ih', 'wIh', 'w-ih', 1),
  scalar('w_hh', 'wHh', 'w-hh', 0.5),
  scalar('bias', 'bias', 'bias', 0),
  scalar('h0', 'h0', 'h0', 0),
  { name: 'nonlinearity', key: 'nonlinearity', attribute: 'nonlinearity', kind: 'choice', choices: [...NONLINEARITIES], fallback: 'tanh' },
  {
    name: 'selected', key: 'selected', attribute: 'selected', kind: 'count', min: 0, max: MAX_STEPS, fallback: 0,
    check: ({ selected, input }, fail) => {
      if (!(Number.isInteger(selected) && selected >= 0 && selected <= input.length)) {
        fail(`selected must be 0 (no step) or a step from 1 to ${input.length}, not ${selected}.`);
      }
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'rnn-widget-change';
