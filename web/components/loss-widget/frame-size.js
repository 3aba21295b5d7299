// How large an iframe shows the whole <loss-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls.
import { CURVE_HEIGHT, PLOT_WIDTH, stripHeight } from './geometry.js';

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 720;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const points = settings.predictions?.length ?? 3;
  const plotWidth = Math.min(480, width - 34);
  // The figures scale from their units to the plot's width; the table has one row per point.
  const scale = plotWidth / PLOT_WIDTH;
  const strip = scale * stripHeight(points);
  const table = 110 + points * 56;
  const curve = scale * CURVE_HEIGHT + 90;
  // On a phone's frame (under 600 px) the table's cells and the equations wrap: some 420 px more,
  // and the second curve's legend and readings 150 px more, measured on the lessons at 358 px.
  const narrow = width < 600 ? 420 + (settings.compare ? 150 : 0) : 0;
  const height = 170 + strip + table + curve + narrow;
  return { width, height: Math.ceil(height / 10) * 10 };
}
