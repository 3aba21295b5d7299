// The settings of <ppo-widget>: one row each (see ../shared/settings-table.js for what a row
// holds). N samples, each a row of three logits (the policy's scores of actions 1 to 3), the
// action taken in it (from 1) and that action's advantage; then PPO's clip ε, the step's lr,
// how many epochs of steps run, and the epoch whose numbers are shown in detail.
import { checkFinite, checkRange, COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** Every sample has three actions: a row of a table fits a phone. */
export const ACTIONS = 3;

/** The most samples: four lines on the chart stay apart. */
export const MAX_SAMPLES = 4;

/** The most epochs: a point per epoch stays wide enough to see on a phone. */
export const MAX_EPOCHS = 50;

/** The largest size of a logit: e^±40 between two actions, far past any visible probability. */
export const MAX_LOGIT = 20;

/** The largest size of an advantage. */
export const MAX_ADVANTAGE = 100;

// Defaults for two samples; other numbers of samples take them over again, in order.
const DEFAULTS = Object.freeze({
  logits: Object.freeze([0, 0, 0, 0, 0, 0]),
  actions: Object.freeze([1, 2]),
  advantages: Object.freeze([1, -1]),
});

/** The number of values each list holds for N samples. */
const LENGTHS = Object.freeze({ logits: (samples) => samples * ACTIONS, actions: (samples) => samples, advantages: (samples) => samples });

/** `count` numbers: the default as it is when it fits, else taken over again in order. */
const fitted = (values, count) => Array.from({ length: count }, (_, i) => values[i % values.length]);

/** The default of a list for these settings' number of samples. */
export function defaultOf(key, { samples }) {
  return fitted(DEFAULTS[key], LENGTHS[key](samples));
}

// A list's rule: as many values as the samples need, then each value's own rule.
function fits(key, each) {
  return (settings, fail) => {
    const values = settings[key];
    const count = LENGTHS[key](settings.samples);
    if (values.length !== count) {
      if (key === 'logits') fail(`give ${count} numbers (samples ${settings.samples} × ${ACTIONS} actions), not ${values.length}.`);
      fail(`give ${count} numbers, one per sample, not ${values.length}.`);
    }
    checkFinite(values, fail);
    each(values, fail);
  };
}

const withinMagnitude = (what, most) => (values, fail) => {
  const large = values.find((value) => Math.abs(value) > most);
  if (large !== undefined) fail(`every ${what} must be from -${most} to ${most}, not ${large}.`);
};

const listRow = (key, each) => ({
  name: key, key, attribute: key, kind: 'numbers', fallback: (settings) => defaultOf(key, settings), check: fits(key, each),
});

export const SETTINGS = Object.freeze([
  { name: 'samples', key: 'samples', attribute: 'samples', kind: 'count', min: 1, max: MAX_SAMPLES, fallback: 2 },
  listRow('logits', withinMagnitude('logit', MAX_LOGIT)),
  listRow('actions', (values, fail) => {
    const bad = values.find((value) => !(Number.isInteger(value) && value >= 1 && value <= ACTIONS));
    if (bad !== undefined) fail(`every action must be 1, 2 or 3, not ${bad}.`);
  }),
  listRow('advantages', withinMagnitude('advantage', MAX_ADVANTAGE)),
  {
    name: 'clip', key: 'clip', attribute: 'clip', kind: 'number', fallback: 0.2,
    check: ({ clip }, fail) => {
      if (!(clip > 0 && clip < 1)) fail(`clip must be more than 0 and less than 1, not ${clip}.`);
    },
  },
  { name: 'lr', key: 'lr', attribute: 'lr', kind: 'number', fallback: 0.5, check: ({ lr }, fail) => checkRange('lr', lr, 0, 100, fail) },
  {
    name: 'epochs', key: 'epochs', attribute: 'epochs', kind: 'count', min: 1, max: MAX_EPOCHS, fallback: 10,
  },
  {
    // The state after this many steps, shown in detail; left out, the last.
    name: 'selected', key: 'selected', attribute: 'selected', kind: 'count', min: 0, max: MAX_EPOCHS,
    fallback: (settings) => settings.epochs ?? 10,
    check: ({ selected, epochs }, fail) => {
      if (!(Number.isInteger(selected) && selected >= 0 && selected <= epochs)) {
        fail(`there are ${epochs} epochs, so selected must be from 0 to ${epochs}, not ${selected}.`);
      }
    },
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'ppo-widget-change';

/**
 * The settings with `samples` samples: the lists keep each sample that remains and give a new
 * one the default's numbers for its place.
 */
export function withSamples(settings, samples) {
  const next = { ...settings, samples };
  for (const key of Object.keys(DEFAULTS)) {
    const kept = settings[key].slice(0, LENGTHS[key](samples));
    next[key] = [...kept, ...defaultOf(key, next).slice(kept.length)];
  }
  return next;
}

/**
 * The settings with `epochs` epochs: the selected epoch stays where it was, unless it was the
 * last (it stays the last) or the training no longer reaches it (it becomes the last).
 */
export function withEpochs(settings, epochs) {
  const last = settings.selected === settings.epochs || settings.selected > epochs;
  return { ...settings, epochs, selected: last ? epochs : settings.selected };
}
