// How large an iframe shows the whole <neuron-widget>: an estimate made where there is no core
// or DOM to ask (the oEmbed endpoint, the snippet builder). Too tall leaves a margin; too short,
// the iframe scrolls.

/** Default width of the iframe, in CSS pixels: the neuron beside the plot. */
export const FRAME_WIDTH = 720;

/**
 * @param {object} settings the widget's settings (settings.js), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const inputs = settings.inputs?.length ?? 2;
  // The plot keeps a 16:10 box up to 480 px; the neuron's rows sit beside it when both fit.
  const plot = Math.min(480, width - 34) * 0.625 + 140;
  const neuron = 200 + inputs * 56;
  const backward = 150 + inputs * 34;
  const sideBySide = width >= 760;
  // On a phone's frame (under 600 px) the equations and labels wrap: some 400 px more, measured
  // on the lessons' neurons at 358 px; GELU's longer equations and its approximate choice take
  // about 200 px more there, 60 px on a wide frame; Swish's beta and ELU's alpha about 50.
  const narrow = width < 600;
  const own = { gelu: narrow ? 200 : 60, swish: narrow ? 50 : 0, elu: narrow ? 50 : 0 }[settings.activation] ?? 0;
  const height = 120 + (sideBySide ? Math.max(plot, neuron) : plot + neuron) + backward + (narrow ? 400 : 0) + own;
  return { width, height: Math.ceil(height / 10) * 10 };
}
