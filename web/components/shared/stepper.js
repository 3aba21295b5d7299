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
