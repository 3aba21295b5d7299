// How large an iframe shows the whole <embedding-widget>: an estimate made where there is no
// core or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too
// short, the iframe scrolls.
import { VOCABULARY } from './settings.js';

/** Default width of the iframe, in CSS pixels: the table beside the output. */
export const FRAME_WIDTH = 720;

/**
 * @param {object} settings the widget's settings, as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const positions = settings.indices?.length ?? 6;
  const picker = width >= 600 ? 170 : 260;
  const table = 90 + VOCABULARY.length * 50;
  const output = 90 + positions * 34;
  const sideBySide = width >= 760;
  // Headings, sentences and the table's scroll box wrap on a phone's frame (under 600 px): some
  // 380 px more, measured on the lesson's sentence at 358 px.
  const height = 80 + picker + (sideBySide ? Math.max(table, output) : table + output) + table + (width < 600 ? 380 : 0);
  return { width, height: Math.ceil(height / 10) * 10 };
}
