// How large an iframe shows the whole <ppo-widget>: an estimate made where there is no core or
// DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls. The figures are the frame's page measured in Chromium, rounded up.

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

// The samples' cards (styles.js: at least 17rem wide, 16 px apart, as many to a row as fit).
const CARD_MIN = 272;
const CARD_GAP = 16;
// A row of cards: a sample's settings card and its card of numbers. A card narrower than
// NARROW_CARD wraps its headings and sentences onto more lines.
const NARROW_CARD = 340;
const ROW = 600;
const NARROW_ROW = 740;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const samples = settings.samples ?? 2;
  const perRow = Math.max(1, Math.floor((width + CARD_GAP) / (CARD_MIN + CARD_GAP)));
  const rows = Math.ceil(samples / perRow);
  const cardWidth = (width - CARD_GAP * (perRow - 1)) / perRow;
  // Everything but the cards: the frame's title, the intro, the controls, the chart (as wide as
  // the frame up to 560 px) with its legend and stepper, the headings, the loss, the notes; all
  // of it wraps more on a narrow frame.
  const rest = width >= 600 ? 890 : width >= 500 ? 920 : 960;
  const height = rest + rows * (cardWidth < NARROW_CARD ? NARROW_ROW : ROW) + 30;
  return { width, height: Math.ceil(height / 10) * 10 };
}
