// How large an iframe shows the whole <pool-widget> for some settings: an estimate from the
// picture's rows and the output's size, made where there is no core to ask (the oEmbed
// endpoint, the snippet builder). Too tall leaves a margin; too short, the iframe scrolls.

/** Default width of the iframe, in CSS pixels: room for a 6-cell picture beside its output. */
export const FRAME_WIDTH = 640;

const CELL = 56 + 4; // the widest cell and its gap

/**
 * @param {object} settings the widget's settings (adapter.js SETTINGS), as far as they are known
 * @param {{ width?: number }} [options]
 * @returns {{ width: number, height: number }} whole CSS pixels
 */
export function frameSize(settings, { width = FRAME_WIDTH } = {}) {
  const H = settings.inputHeight;
  const W = settings.inputWidth;
  const [kh, kw] = settings.kernelSize;
  const [sh, sw] = settings.stride;
  const [ph, pw] = settings.padding;
  // PyTorch's output size, with ceil_mode's extra window unless it would start in the padding.
  const outSide = (n, k, s, p) => {
    const step = Math.max(1, s);
    let out = Math.floor((n + 2 * p - k + (settings.ceilMode ? step - 1 : 0)) / step) + 1;
    if (settings.ceilMode && (out - 1) * step >= n + p) out -= 1;
    return Math.max(1, out);
  };
  const OH = outSide(H, kh, sh, ph);
  const OW = outSide(W, kw, sw, pw);
  const inputRows = H + 2 * ph;
  const inputWidth = (W + 2 * pw) * CELL + 40;
  const outputWidth = OW * (settings.view === 'backward' ? 84 : CELL) + 40;
  // The two grids sit side by side when they fit, one above the other when not.
  const sideBySide = inputWidth + 32 + outputWidth <= width - 34;
  const grids = sideBySide ? Math.max(inputRows, OH) * CELL + 60 : (inputRows + OH) * CELL + 120;
  const shown = (part) => !settings.hide.includes(part);
  // The frame's own title line and margins, and on a phone's frame (under 600 px) the hint's and
  // the formula's extra lines.
  let height = 104 + grids + (width < 600 ? 30 : 0);
  if (shown('toggle')) height += 60;
  if (shown('hint')) height += 62;
  if (shown('formula')) height += 80;
  if (shown('code')) height += 60;
  return { width, height: Math.ceil(height / 10) * 10 };
}
