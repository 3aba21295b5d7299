// A box whose content scrolls is a Tab stop, so a keyboard can scroll it (WCAG 2.1.1; axe's
// scrollable-region-focusable): a table wider than a phone, a long history. A box whose content
// fits is not one, or the learner tabs to a table that does nothing when they get there. Some
// browsers make a scrolling box focusable themselves; the others need its tabindex, which this
// keeps to whether it scrolls as its size or its content's changes.
import { setAttributeIfChanged } from './element.js';

/**
 * Keeps each of `boxes` a Tab stop exactly while its content overflows it, measured whenever a
 * box or one of its children changes size. Returns the function that stops watching (for boxes
 * a new tree replaces).
 * @param {HTMLElement[]} boxes
 * @returns {() => void}
 */
export function keepScrollStops(boxes) {
  const watch = new ResizeObserver(() => {
    for (const box of boxes) {
      const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      setAttributeIfChanged(box, 'tabindex', scrolls ? '0' : null);
    }
  });
  for (const box of boxes) {
    watch.observe(box);
    for (const child of box.children) watch.observe(child);
  }
  return () => watch.disconnect();
}
