// A stepper: a number's name, "−" and "+" buttons and the number between them, in a group named
// by the words and the number together, so a screen reader hears "Queries 3" on entering it.
// The buttons turn inert at the number's limits rather than refuse a press. Shared by the
// widgets whose sizes go one at a time (<attention-widget>, <encoder-widget>, <ppo-widget>);
// <positions-widget> holds a number field between its buttons and shares the look and the
// limits.
import { element, setText } from './element.js';

/** The stepper's rules, for an element's shadow styles (colours from palette.js). */
export const stepperCss = `
.stepper { display: grid; gap: 0.25rem; font-size: 0.9rem; }
.stepper-label { font-weight: 600; }
.stepper-buttons { display: flex; align-items: center; gap: 0.25rem; }
.stepper-value { min-inline-size: 1.5em; text-align: center; font-variant-numeric: tabular-nums; font-size: 1rem; }
button.step { min-inline-size: 44px; padding: 0 0.5rem; border-radius: 0.375rem; font-size: 1.1rem; }
button.step:disabled { opacity: 0.6; cursor: not-allowed; border-color: var(--pool-muted); color: var(--pool-muted); }
`;

/**
 * One stepper, its ids `${key}-label` and `${key}-value`. With `dataSize`, both buttons carry
 * data-size (the key) and data-by (−1 or 1), so one click listener on the root serves them all.
 * @param {string} key
 * @param {{ label: string, fewer: string, more: string }} words the name and the buttons' names
 * @returns {{ group: HTMLElement, fewer: HTMLButtonElement, more: HTMLButtonElement, value: HTMLElement }}
 */
export function stepper(key, { label, fewer: fewerName, more: moreName }, { dataSize = false } = {}) {
  const data = (by) => (dataSize ? { 'data-size': key, 'data-by': by } : {});
  const name = element('span', { class: 'stepper-label', id: `${key}-label` }, label);
  const value = element('span', { class: 'stepper-value', id: `${key}-value` });
  const fewer = element('button', { type: 'button', class: 'step', ...data('-1'), 'aria-label': fewerName }, '−');
  const more = element('button', { type: 'button', class: 'step', ...data('1'), 'aria-label': moreName }, '+');
  const group = element('div', { class: 'stepper', role: 'group', 'aria-labelledby': `${key}-label ${key}-value` }, [
    name, element('span', { class: 'stepper-buttons' }, [fewer, value, more]),
  ]);
  return { group, fewer, more, value };
}

/**
 * Shows `number` between the buttons (where the stepper has a value to write it in) and disables
 * each button at its limit.
 * @param {{ fewer: HTMLButtonElement, more: HTMLButtonElement, value?: HTMLElement }} parts
 * @param {number} number
 * @param {{ min: number, max: number }} limits
 */
export function syncStepper({ fewer, more, value }, number, { min, max }) {
  if (value) setText(value, String(number));
  fewer.disabled = number <= min;
  more.disabled = number >= max;
}

/**
 * A stepper for each of `sizes` ({ key }), by key, its words `w`'s sizes.<key>,
 * sizes.fewer.<key> and sizes.more.<key>, its buttons carrying data-size and data-by.
 * @param {{ key: string }[]} sizes
 * @param {(key: string) => string} w the widget's words
 */
export function sizeSteppers(sizes, w) {
  return Object.fromEntries(sizes.map(({ key }) => [key, stepper(key, {
    label: w(`sizes.${key}`), fewer: w(`sizes.fewer.${key}`), more: w(`sizes.more.${key}`),
  }, { dataSize: true })]));
}

/**
 * Listens on `root` for sizeSteppers' buttons, each a size's −1 or +1 (`step(key, by)`), and for
 * the computed cells (button.computed, data-row from 0) that select their row
 * (`selectRow(row)`, the row counted from 1 as the page names it).
 * @param {HTMLElement} root
 * @param {{ step: (key: string, by: number) => void, selectRow: (row: number) => void }} handlers
 */
export function listenToSizesAndRows(root, { step, selectRow }) {
  root.addEventListener('click', (event) => {
    const button = event.target.closest?.('button.step[data-size]');
    if (button) {
      step(button.dataset.size, Number(button.dataset.by));
      return;
    }
    const cell = event.target.closest?.('button.computed');
    if (cell) selectRow(Number(cell.dataset.row) + 1);
  });
}

/**
 * A size one more or one less (`by`), within its limits (`sizes`' min, 1 if none, and max): the
 * settings `withSize` gives for it (what the size shapes, kept where it stays) are stored for the
 * keys in `follows`, then the size is applied (drawn, said as `words(key, size)` and reported).
 * @param {{ settings: object | null, change: Function, apply: Function }} widget a SettingsWidget
 * @param {string} key
 * @param {number} by
 * @param {{ sizes: { key: string, min?: number, max: number }[], withSize: (settings: object, key: string, size: number) => object,
 *   follows: string[], words: (key: string, size: number) => string }} rules
 */
export function stepSize(widget, key, by, { sizes, withSize, follows, words }) {
  const { settings } = widget;
  if (!settings) return;
  const { min = 1, max } = sizes.find((size) => size.key === key);
  const size = settings[key] + by;
  if (size < min || size > max) return;
  const next = withSize(settings, key, size);
  for (const name of follows) {
    if (next[name] !== settings[name]) widget.change(name, undefined, next[name]);
  }
  widget.apply(key, size, words(key, size));
}
