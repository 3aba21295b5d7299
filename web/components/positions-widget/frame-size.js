// How large an iframe shows the whole <positions-widget>: an estimate made where there is no
// core or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too
// short, the iframe scrolls. The figures are the frame's page measured in Chromium, rounded up.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// A line of text and about how many characters fill a pixel of width, at 0.9 to 1rem.
const LINE = 24;
const CHARACTER = 7.4;
// A stepper (its words over "−", the field and "+") and how wide one is, with the gap after it.
const STEPPER = 80;
const STEPPER_WIDTH = 175;
// The heat map: its column heads, and a row's height by the number of rows (styles: 1.5rem,
// 1rem or 0.75rem, 1px apart), the scale above it and the line that reads a cell under it.
const HEADS = 62;
const rowHeight = (positions) => (positions <= 16 ? 25 : positions <= 32 ? 17 : 13);
// A clock with its two caption lines, and how wide one is with its gap.
const CLOCK = 122;
const CLOCK_WIDTH = 88;
// A row of the numbers' table.
const TABLE_ROW = 29;
const PART_GAP = 16;
const ROUNDED_UP = 30;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const positions = settings.positions ?? 16;
  const dModel = settings.dModel ?? 8;
  const perLine = Math.max(20, Math.floor(width / CHARACTER));
  const lines = (characters) => Math.ceil(characters / perLine);
  const controls = STEPPER * Math.ceil(4 / Math.max(1, Math.floor(width / STEPPER_WIDTH)));
  const map = 30 + LINE * lines(200) + 24 + HEADS + positions * rowHeight(positions) + 8 + LINE;
  const clockRows = Math.ceil(dModel / 2 / Math.max(1, Math.floor(width / CLOCK_WIDTH)));
  const clocks = LINE * lines(80) + LINE * lines(190) + LINE + clockRows * (CLOCK + 12);
  const table = 30 + TABLE_ROW * (dModel + 1) + 16;
  // The intro, the parts with the gaps between them and the live line; each part's figures are
  // rounded up, so their sum, less ROUNDED_UP, leaves a margin of 25 to 120 px over the page as
  // measured (the frame's title line included).
  const height = LINE * lines(190) + controls + map + clocks + table + 6 * PART_GAP + LINE - ROUNDED_UP;
  return { width, height: Math.ceil(height / 10) * 10 };
}
