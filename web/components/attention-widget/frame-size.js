// How large an iframe shows the whole <attention-widget>: an estimate made where there is no
// core or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too
// short, the iframe scrolls. The figures are the frame's page measured in Chromium, rounded up.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// A grid: its caption above it and a row of cells (styles.js: 3.2rem cells, 3px apart), and how
// wide a column of cells is. Each grid's caption sets its least width (the weights' is long).
const CAPTION = 32;
const ROW = 54;
const COLUMN = 52;
const CAPTION_WIDTHS = { query: 155, key: 130, value: 135, scores: 165, weights: 315, output: 130 };
// The room between grids across and down, and between the widget's parts.
const GRID_GAP = 24;
const STAGE_GAP = 16;
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
  const queries = settings.queries ?? 3;
  const keys = settings.keys ?? 3;
  const dim = settings.dim ?? 2;
  const valueDim = settings.valueDim ?? 2;
  const perLine = Math.max(20, Math.floor(width / CHARACTER));
  const lines = (characters) => Math.ceil(characters / perLine);
  // A section's grids [name, rows, columns], laid out in lines that wrap at the frame's width.
  const stage = (grids) => {
    let height = 0;
    let line = 0;
    let used = Infinity;
    for (const [name, rows, columns] of grids) {
      const gridWidth = Math.max(columns * COLUMN, CAPTION_WIDTHS[name]);
      if (used + gridWidth > width) {
        height += line + (height ? STAGE_GAP : 0);
        line = 0;
        used = 0;
      }
      used += gridWidth + GRID_GAP;
      line = Math.max(line, CAPTION + rows * ROW);
    }
    return height + line;
  };
  // Each section: its heading, its hints (the results' mask hint counted, for a causal link),
  // and its grids.
  const inputs = 40 + LINE * lines(110) + stage([['query', queries, dim], ['key', keys, dim], ['value', keys, valueDim]]);
  const results = 40 + LINE * (lines(85) + lines(70)) + stage([['scores', queries, keys], ['weights', queries, keys], ['output', queries, valueDim]]);
  // The selected query written out: a score per key (its products), the softmax's formula and
  // weights, the output's names, its terms and its result, under three headings.
  const scoreLines = keys * lines(32 + 16 * dim);
  const outputLines = lines(14 * keys) + lines(4 + keys * (12 + 7 * valueDim)) + lines(4 + 8 * valueDim);
  const selected = 130 + LINE * (scoreLines + 1 + lines(14 * keys) + outputLines);
  // The frame's title, the intro, the steppers and the switch (wrapping on a narrow frame), the
  // gaps between the parts, and a margin.
  const controls = width >= 700 ? 125 : width >= 500 ? 200 : 280;
  const height = 22 + LINE * lines(215) + controls + 5 * PART_GAP + inputs + results + selected + 30;
  return { width, height: Math.ceil(height / 10) * 10 };
}
