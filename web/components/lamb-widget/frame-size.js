// How large an iframe shows the whole <lamb-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls. The figures are the frame's page measured in Chromium, rounded up.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// From this width the two layers stand side by side (styles.js: two columns of 19rem and the
// gap between them); below it they stack, and their sentences wrap more the narrower it gets.
const SIDE_BY_SIDE = 632;
// The step-by-step table: a row per step, in a box that shows about six before it scrolls.
const HISTORY_ROW = 28;
const HISTORY_ROWS_SHOWN = 6;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const steps = settings.steps ?? 1;
  const sideBySide = width >= SIDE_BY_SIDE;
  // Everything at one step: the frame's title, the options, the steps, a layer (two stacked),
  // the rule under them; a margin for a layer's table that scrolls sideways (its scroll bar).
  const base = sideBySide ? 1040 : 1550 + 1.75 * Math.max(0, 600 - width);
  const history = Math.min(steps, HISTORY_ROWS_SHOWN) - 1;
  const height = base + (sideBySide ? 1 : 2) * HISTORY_ROW * history + 20;
  return { width, height: Math.ceil(height / 10) * 10 };
}
