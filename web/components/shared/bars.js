// Horizontal bars that carry their values as text: one row per value, a label, a track with a
// fill, and the value written beside it, so a bar never speaks by length or colour alone. A
// scale from `min` to `max` places the zero line; a negative value fills leftwards from it
// (a dashed fill, so the sign shows without colour too). Rows may be buttons (aria-pressed),
// for a widget where choosing a bar means something (the softmax and cross-entropy widgets'
// chosen class). DOM only through element(), widths through the CSSOM, so a page with a strict
// Content-Security-Policy (no inline style attributes) shows them.
import { element, keepChildren, setAttributeIfChanged, setText } from './element.js';

/** The bars' rules, for an element's shadow styles (colours from palette.js). */
export const barsCss = `
.bars { display: grid; gap: 0.25rem; margin: 0; padding: 0; list-style: none; font-variant-numeric: tabular-nums; }
.bar {
  display: grid;
  /* The label gives way first (its words wrap), then the track, down to 2.5rem; a value is
     never broken (a number split over two lines reads as two). */
  grid-template-columns: minmax(0, 6.5em) minmax(2.5rem, 1fr) minmax(max-content, 6em);
  box-sizing: border-box;
  gap: 0.5rem;
  align-items: center;
  inline-size: 100%;
  min-height: 44px;
  padding: 0.15rem 0.4rem;
  text-align: start;
  border-radius: 0.375rem;
}
:where(button.bar) { border: 2px solid var(--pool-cell-border); background: var(--pool-surface); }
:where(button.bar[aria-pressed="true"]) { border-color: var(--pool-accent); background: var(--pool-surface); color: var(--pool-text); box-shadow: inset 4px 0 0 var(--pool-accent); }
.bar-label { overflow-wrap: anywhere; }
.bar-track { position: relative; block-size: 1.1rem; background: var(--pool-cell); border-radius: 0.2rem; overflow: hidden; }
.bar-fill { position: absolute; inset-block: 0; background: var(--pool-accent); }
.bar-fill.negative { background: repeating-linear-gradient(135deg, var(--pool-extra) 0 4px, transparent 4px 7px); border: 1px solid var(--pool-extra); }
.bar-zero { position: absolute; inset-block: 0; inline-size: 2px; background: var(--pool-text); }
.bar-value { font-weight: 600; text-align: end; white-space: nowrap; }
`;

/**
 * Draws bars into a list (an <ol class="bars">), building rows as needed.
 * @param {HTMLElement} list
 * @param {{ label: string, value: number, text: string, name?: string, pressed?: boolean }[]} items
 *   label: the row's words; value: where the fill ends on the scale; text: the value as written
 *   beside the bar; name: the row's accessible name when it is a button (default label and text)
 * @param {{ min?: number, max?: number, buttons?: boolean }} [options] the scale (0 to 1), and
 *   whether rows are buttons (then `pressed` marks the chosen one); a button row carries
 *   data-index, its place in the list
 */
export function drawBars(list, items, { min = 0, max = 1, buttons = false } = {}) {
  const span = max - min || 1;
  const place = (value) => Math.min(100, Math.max(0, ((value - min) / span) * 100));
  const zero = place(0);
  const newRow = (index) => element('li', {}, [
    element(buttons ? 'button' : 'div', { class: 'bar', type: buttons ? 'button' : undefined, 'data-index': index }, [
      element('span', { class: 'bar-label' }),
      element('span', { class: 'bar-track', 'aria-hidden': 'true' }, [element('span', { class: 'bar-fill' }), element('span', { class: 'bar-zero' })]),
      element('span', { class: 'bar-value' }),
    ]),
  ]);
  if (list.dataset.buttons !== String(buttons)) {
    list.dataset.buttons = String(buttons);
    list.replaceChildren();
  }
  // Rows are added or taken off at the end, so a bar more or less leaves the others in place.
  const rows = keepChildren(list, items.length, newRow);
  items.forEach((item, index) => {
    const row = rows[index].firstElementChild;
    const [label, track, value] = row.children;
    const [fill, zeroLine] = track.children;
    setText(label, item.label);
    setText(value, item.text);
    const end = Number.isFinite(item.value) ? place(item.value) : zero;
    fill.style.insetInlineStart = `${Math.min(zero, end)}%`;
    fill.style.inlineSize = `${Math.abs(end - zero)}%`;
    fill.classList.toggle('negative', item.value < 0);
    // Written only when it differs: a hidden attribute written again is styled again.
    const noZero = min >= 0;
    if (zeroLine.hidden !== noZero) zeroLine.hidden = noZero;
    zeroLine.style.insetInlineStart = `calc(${zero}% - 1px)`;
    if (buttons) {
      setAttributeIfChanged(row, 'aria-pressed', String(Boolean(item.pressed)));
      setAttributeIfChanged(row, 'aria-label', item.name ?? `${item.label}: ${item.text}`);
    }
  });
}
