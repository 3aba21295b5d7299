// How large an iframe shows the whole <lstm-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls. The figures are the frame's page measured in Chromium, rounded up.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// With no step written out: the frame's title, the intro, the gates' grid and its slider, the
// timeline (as tall for 12 steps as for 1: its columns scroll sideways), the buttons under it,
// the hint where a step's lines would be, the rule and the live line. Below 640 px the
// sentences wrap more, each pixel narrower adding about one pixel.
const BASE = 1230;
const WRAPS_BELOW = 640;
const PER_NARROW_PIXEL = 0.95;
// A step written out: eight lines instead of the hint, wrapping more the narrower the frame.
const WRITTEN = 205;
const WRITTEN_WRAPS_BELOW = 720;
const WRITTEN_PER_NARROW_PIXEL = 0.55;
const MARGIN = 10;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const base = BASE + PER_NARROW_PIXEL * Math.max(0, WRAPS_BELOW - width);
  const written = settings.selected ? WRITTEN + WRITTEN_PER_NARROW_PIXEL * Math.max(0, WRITTEN_WRAPS_BELOW - width) : 0;
  return { width, height: Math.ceil((base + written + MARGIN) / 10) * 10 };
}
