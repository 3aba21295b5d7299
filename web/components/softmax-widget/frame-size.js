// How large an iframe shows the whole <softmax-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 640;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const scores = settings.scores?.length ?? 3;
  // Controls, the score fields (wrapping on a narrow frame), the shifted line, then two lists of
  // bars (48 px a row) with their headings.
  const fieldsPerLine = Math.max(1, Math.floor((width - 20) / 130));
  const fields = Math.ceil(scores / fieldsPerLine) * 80;
  // The explanations wrap to more lines on a phone's frame (under 600 px): 60 px more there.
  const height = 360 + fields + 2 * (110 + scores * 48) + (width < 600 ? 60 : 0);
  return { width, height: Math.ceil(height / 10) * 10 };
}
