// How large an iframe shows the whole <batchnorm-widget>: an estimate made where there is no
// core or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too
// short, the iframe scrolls.

/** Default width of the iframe, in CSS pixels: the two channels side by side. */
export const FRAME_WIDTH = 760;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  // A channel's card: its heading, gamma and beta, three rows of two 2 x 2 grids, the
  // statistics, the running statistics and the closed backward pass; two fit side by side from
  // about 480 px.
  const sideBySide = width >= 480;
  // Stacked on a narrow frame, each card's labels wrap: about 50 px more a card.
  const channel = sideBySide ? 870 : 920;
  const height = 240 + (sideBySide ? channel : 2 * channel);
  return { width, height: Math.ceil(height / 10) * 10 };
}
