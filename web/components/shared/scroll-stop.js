// A box whose content scrolls is a Tab stop, so a keyboard can scroll it (WCAG 2.1.1; axe's
// scrollable-region-focusable): a table wider than a phone, a long history. A box whose content
// fits is not one, or the learner tabs to a table that does nothing when they get there. Some
// browsers make a scrolling box focusable themselves; the others need its tabindex, which this
// keeps to whether it scrolls as its size or its content's changes (its children's boxes are
// watched, so a child that holds the content is a block). A template marks such a box with
// SCROLL_STOP; the SettingsWidget keeps the boxes of every tree it builds, <pool-widget> those of
// its own.
import { setAttributeIfChanged } from './element.js';

/** The attribute that marks a box which is a Tab stop while it scrolls. */
export const SCROLL_STOP = 'data-scroll-stop';

/**
 * Keeps each box `tree` marks with SCROLL_STOP a Tab stop while its content overflows it,
 * measured whenever a box or one of its children changes size, and when it loses the focus: a
 * box that holds the focus stays a stop (taking its tabindex away would drop the focus to the
 * page). Returns the function that stops watching (for a tree a new one replaces).
 * @param {Element} tree
 * @returns {() => void}
 */
export function keepScrollStops(tree) {
  const boxes = [...tree.querySelectorAll(`[${SCROLL_STOP}]`)];
  if (boxes.length === 0) return () => {};
  const measure = () => {
    for (const box of boxes) {
      const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      setAttributeIfChanged(box, 'tabindex', scrolls || box.matches(':focus') ? '0' : null);
    }
  };
  const watch = new ResizeObserver(measure);
  for (const box of boxes) {
    watch.observe(box);
    for (const child of box.children) watch.observe(child);
    box.addEventListener('focusout', measure);
  }
  return () => {
    watch.disconnect();
    for (const box of boxes) box.removeEventListener('focusout', measure);
  };
}
