// How large an iframe shows the whole <encoder-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls. The figures are the frame's page measured in Chromium, rounded up.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// A grid: its caption above it and a row of cells (styles.js: 3.2rem cells, 3px apart), and how
// wide a column of cells is.
const CAPTION = 32;
const ROW = 54;
const COLUMN = 52;
const HEAD_CAPTION_WIDTH = 190;
// The room between grids, between a section's parts and between the widget's parts.
const GRID_GAP = 24;
const STAGE_GAP = 12;
const PART_GAP = 16;
// A line of text and about how many characters fill a pixel of width, at 0.9 to 1rem.
const LINE = 24;
const CHARACTER = 8.3;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const tokens = settings.tokens ?? 3;
  const nhead = settings.nhead ?? 2;
  const perLine = Math.max(20, Math.floor(width / CHARACTER));
  const lines = (characters) => Math.ceil(characters / perLine);
  const grid = (rows) => CAPTION + rows * ROW;
  // The heads' grids side by side, wrapping at the frame's width.
  const headWidth = Math.max(tokens * COLUMN, HEAD_CAPTION_WIDTH) + GRID_GAP;
  const headLines = Math.ceil(nhead / Math.max(1, Math.floor(width / headWidth)));
  const section = (hint) => 40 + LINE * lines(hint);
  const inputs = section(110) + grid(tokens);
  const heads = section(120) + headLines * grid(tokens) + (headLines - 1) * STAGE_GAP;
  // Seven stages, one under another.
  const block = section(120) + 7 * grid(tokens) + 6 * STAGE_GAP;
  // The table: its caption, its head (two lines on a narrow frame) and four rows.
  const params = 40 + LINE + (width >= 600 ? 50 : 75) + 4 * 36;
  // The frame's title, the intro, the controls (wrapping on a narrow frame), the gaps between
  // the parts, the live line and a margin.
  const controls = width >= 700 ? 150 : width >= 500 ? 230 : 330;
  const height = 22 + LINE * lines(260) + controls + 6 * PART_GAP + inputs + heads + block + params + LINE + 30;
  return { width, height: Math.ceil(height / 10) * 10 };
}
