// The settings of <positions-widget>: one row each (see ../shared/settings-table.js for what a
// row holds). The table's size (L positions of d_model features, d_model even: each clock is a
// sine and a cosine column), the position whose clocks are shown and a second one beside it.
// Positions count from 0, as the tutorial's formula does.
import { COLOR_SCHEME_ROW, readAttributes } from '../shared/settings-table.js';

/** The most positions: 64 rows still make a readable heat map. */
export const MAX_POSITIONS = 64;

/** The widest table: 32 clocks, each still drawn large enough to read its hand. */
export const MAX_D_MODEL = 64;

// A size's rule for what a learner types (the attribute reader checks a count itself, but a
// field hands over any number): a whole number from `min` to `max`.
const whole = (name, key, min, max) => (settings, fail) => {
  const value = settings[key];
  if (!Number.isInteger(value) || value < min || value > max) fail(`${name} must be a whole number from ${min} to ${max}, not ${value}.`);
};

// A position's rule: one of the table's rows, counted from 0.
const position = (name, key) => (settings, fail) => {
  const { positions } = settings;
  const value = settings[key];
  if (!Number.isInteger(value) || value < 0 || value > positions - 1) {
    fail(`${name} must be a position from 0 to ${positions - 1} (L = ${positions}, counted from 0), not ${value}.`);
  }
};

/** The sizes the steppers change, with their link names and limits; d_model goes by 2. */
export const SIZES = Object.freeze([
  { key: 'positions', name: 'positions', min: 1, max: MAX_POSITIONS, step: 1 },
  { key: 'dModel', name: 'd_model', min: 2, max: MAX_D_MODEL, step: 2 },
]);

/** The two positions the clocks show, each a number field with −/+ buttons. */
export const CHOSEN = Object.freeze(['selected', 'compare']);

/** The widget's settings, in the order attributes and links list them. */
export const SETTINGS = Object.freeze([
  {
    name: 'positions', key: 'positions', attribute: 'positions', kind: 'count', min: 1, max: MAX_POSITIONS, fallback: 16,
    check: whole('positions', 'positions', 1, MAX_POSITIONS),
  },
  {
    name: 'd_model', key: 'dModel', attribute: 'd-model', kind: 'count', min: 2, max: MAX_D_MODEL, fallback: 8,
    check: (settings, fail) => {
      whole('d_model', 'dModel', 2, MAX_D_MODEL)(settings, fail);
      if (settings.dModel % 2 !== 0) fail(`d_model must be even, not ${settings.dModel}: each clock is a sine and a cosine column.`);
    },
  },
  { name: 'selected', key: 'selected', attribute: 'selected', kind: 'count', min: 0, max: MAX_POSITIONS - 1, fallback: 1, check: position('selected', 'selected') },
  { name: 'compare', key: 'compare', attribute: 'compare', kind: 'count', min: 0, max: MAX_POSITIONS - 1, fallback: 0, check: position('compare', 'compare') },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The event the element fires after a learner's change, with { state, byUser: true }. */
export const CHANGE_EVENT = 'positions-widget-change';

/**
 * The settings with `positions` rows: a chosen position beyond the last row becomes the last.
 * @param {object} settings
 * @param {number} positions
 */
export function withPositions(settings, positions) {
  const last = positions - 1;
  return { ...settings, positions, selected: Math.min(settings.selected, last), compare: Math.min(settings.compare, last) };
}
