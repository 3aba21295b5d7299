// How large an iframe shows the whole <xor-widget>: an estimate made where there is no core or
// DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls.
import { MAX_HIDDEN } from './settings.js';

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// Measured in the iframe route with the widget's styles (steps 300, every H): side by side
// (a frame of 720 px or more) the widget is 1522 + 29.6 H px tall, stacked (358 to 700 px)
// 1708 + 29.6 H, and 305 px more for the hidden space's picture, which only two units have.
// A row of the weights' table is 30 px; the estimate keeps a margin of some 30 px.
const ROW = 30;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const hidden = Math.min(MAX_HIDDEN, Math.max(1, settings.hidden ?? 2));
  // Below 720 px the input plane and the hidden space stand one above the other.
  const height = width >= 720 ? 1550 + ROW * hidden : 1740 + ROW * hidden + (hidden === 2 ? 305 : 0);
  return { width, height: Math.ceil(height / 10) * 10 };
}
