// How large an iframe shows the whole <rnn-widget>: an estimate made where there is no core or
// DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls. The figures are the frame's page measured in Chromium, rounded up.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  // The timeline scrolls sideways, so the number of steps hardly changes the height; the
  // controls and the sentences wrap more the narrower the frame is, and below a phone's width
  // the controls take a row each. A step worked out adds its two formulas, which wrap too.
  const narrower = Math.max(0, FRAME_WIDTH - width);
  let height = 1150 + 0.85 * narrower + 3.5 * Math.max(0, 358 - width);
  if (settings.selected) height += 60 + 0.2 * narrower;
  return { width, height: Math.ceil(height / 10) * 10 };
}
