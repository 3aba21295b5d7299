// The settings of <lstm-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). One LSTM unit, torch.nn.LSTM(1, 1): the input sequence, then each gate's three
// numbers in PyTorch's row order i, f, g, o (its input weight w_x, its recurrent weight w_h and
// its bias b; bias_hh is 0), the step whose computation is written out, and the colours.
import { checkFinite, checkFloat32, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The most steps: a column each, so the timeline stays readable and a tap stays quick. */
export const MAX_STEPS = 12;

/** The largest size of a gate's number: beyond it every gate is saturated anyway. */
export const MAX_PARAM = 100;

/** The gates in PyTorch's row order (weight_ih_l0's rows i, f, g, o), by their names in specs. */
export const GATES = Object.freeze(['input', 'forget', 'cell', 'output']);

/** The settings key of a gate's three numbers [w_x, w_h, b]. */
export const gateKey = (gate) => `${gate}Gate`;

/** Where each of a gate's numbers sits in its list. */
export const W_X = 0;
export const W_H = 1;
export const BIAS = 2;

// A gate's row: exactly three finite float32 numbers, none larger than MAX_PARAM.
function gateRow(gate, fallback) {
  const key = gateKey(gate);
  return {
    name: `${gate}_gate`, key, attribute: `${gate}-gate`, kind: 'numbers', fallback,
    check: (settings, fail) => {
      const values = settings[key];
      if (values.length !== 3) fail(`give 3 numbers (w_x, w_h and b), not ${values.length}.`);
      checkFinite(values, fail);
      checkFloat32(values, fail);
      const large = values.find((value) => Math.abs(value) > MAX_PARAM);
      if (large !== undefined) fail(`each number must be from -${MAX_PARAM} to ${MAX_PARAM}, not ${large}.`);
    },
  };
}

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  {
    // One value written at step 1, then nothing: what the cell keeps, and for how long.
    name: 'input', key: 'input', attribute: 'input', kind: 'numbers', fallback: [1, 0, 0, 0, 0, 0],
    check: ({ input }, fail) => {
      if (input.length < 1 || input.length > MAX_STEPS) fail(`give 1 to ${MAX_STEPS} numbers, not ${input.length}.`);
      checkFinite(input, fail);
      checkFloat32(input, fail);
    },
  },
  // The input gate opens only when x is 1 (σ(10x − 5)); the forget and output gates stay open
  // (σ(5)); the candidate is tanh(2x).
  gateRow('input', [10, 0, -5]),
  gateRow('forget', [0, 0, 5]),
  gateRow('cell', [2, 0, 0]),
  gateRow('output', [0, 0, 5]),
  {
    name: 'selected', key: 'selected', attribute: 'selected', kind: 'count', min: 0, max: MAX_STEPS, fallback: 0,
    // The kind reads attributes, links and lessons; a step past the input's end is refused.
    check: ({ selected, input }, fail) => {
      if (!(Number.isInteger(selected) && selected >= 0 && selected <= MAX_STEPS)) fail(`it must be a whole number from 0 to ${MAX_STEPS}.`);
      if (selected > input.length) fail(`selected names step ${selected}, but the input has ${input.length} steps (0 selects none).`);
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'lstm-widget-change';
