// How large an iframe shows the whole <descent-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls.
import { VIEWS } from './settings.js';

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 640;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const view = VIEWS[settings.surface] ?? VIEWS.ravine;
  const plotWidth = Math.min(512, width - 34);
  const plot = (plotWidth * (view.y[1] - view.y[0])) / (view.x[1] - view.x[0]);
  const controls = width >= 600 ? 260 : 420;
  const rows = settings.optimizer === 'rmsprop' || settings.optimizer === 'adam' ? 4 : 3;
  // Below 600 px the table's labels and the sentences under the plot wrap too: 210 px more.
  const height = controls + 80 + 60 + plot + 90 + 120 + rows * 34 + 110 + (width < 600 ? 210 : 0);
  return { width, height: Math.ceil(height / 10) * 10 };
}
