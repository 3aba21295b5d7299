// How large an iframe shows the whole <dropout-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder).

/** Default width of the iframe, in CSS pixels. */
export const FRAME_WIDTH = 640;

/**
 * @param {object} settings the widget's settings, as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const inputs = settings.input?.length ?? 8;
  const controls = width >= 600 ? 140 : 260;
  const height = 120 + controls + 90 + inputs * 50 + 120;
  return { width, height: Math.ceil(height / 10) * 10 };
}
