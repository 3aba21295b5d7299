// Where the learner's focus is, as a place that survives building a tree again: a widget that
// draws its controls anew in another language has the same controls in the same order, so a
// control's place among the focusable ones names it in the old tree and in the new.
import { SCROLL_STOP } from './scroll-stop.js';

// A box that is a Tab stop only while it scrolls (scroll-stop.js) counts whether it is one now
// or not: a new tree's boxes are measured after the focus has been given back.
const FOCUSABLE = `input, select, textarea, button, a[href], summary, [tabindex], [${SCROLL_STOP}]`;

/**
 * The place of the focused control among the focusable ones of `root`, or -1 when the focus is
 * not in it.
 * @param {ShadowRoot} root
 */
export function focusPlace(root) {
  const focused = root.activeElement;
  return focused ? [...root.querySelectorAll(FOCUSABLE)].indexOf(focused) : -1;
}

/**
 * Gives the focus back to the control at `place`, if the focus has left `root` (its control
 * was removed) and there is a control there.
 * @param {ShadowRoot} root
 * @param {number} place from focusPlace
 */
export function refocusAt(root, place) {
  if (place < 0 || root.activeElement) return;
  root.querySelectorAll(FOCUSABLE)[place]?.focus({ preventScroll: true });
}
