// How large an iframe shows the whole <linear-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// A cell's side and the gap between cells (styles.js: 3.2rem, 3px), a grid's caption above it,
// and the space between grids.
const CELL = 54;
const CAPTION = 32;
const GAP = 16;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const batch = settings.batch ?? 2;
  const inFeatures = settings.inFeatures ?? 3;
  const outFeatures = settings.outFeatures ?? 2;
  // Each pass's four grids [rows, columns], laid out in lines that wrap at the frame's width.
  // (Without a bias b and ∂L/∂b are hidden; the estimate keeps their room, a small margin.)
  const forward = [[batch, inFeatures], [outFeatures, inFeatures], [1, outFeatures], [batch, outFeatures]];
  const backward = [[batch, outFeatures], [batch, inFeatures], [outFeatures, inFeatures], [1, outFeatures]];
  const stage = (grids) => {
    let height = 0;
    let line = 0;
    let used = Infinity;
    for (const [rows, columns] of grids) {
      const gridWidth = Math.max(columns * CELL, 110);
      if (used + gridWidth > width - 24) {
        height += line + (height ? GAP : 0);
        line = 0;
        used = 0;
      }
      used += gridWidth + 24;
      line = Math.max(line, CAPTION + rows * CELL);
    }
    return height + line;
  };
  // The frame's title, the headings and hints of the three sections, the sum (wrapping more on
  // a narrow frame), the status line and the margins.
  const words = width >= 600 ? 390 : 500;
  const height = words + stage(forward) + stage(backward);
  return { width, height: Math.ceil(height / 10) * 10 };
}
