// The type of a chart's labels. An SVG's text is sized in the SVG's own units, so it shrinks with
// the SVG: a chart 360 units wide drawn 288 px wide (on a 320 px phone) shows 12 px labels at
// 9.6 px. A label here is 12 px, and 1 px more for every 20 px the chart is drawn narrower than
// its units: a straight line above 12 px × units / drawn width (what shows at 12 px) for every
// drawn width from 240 px, so every label shows at 12 px or more there, and no larger than it
// needs by more than a pixel or so. The box a chart is drawn in is a size container
// (container-type: inline-size) that gives the chart's drawn width where that is not the box's
// (--plot-drawn); the chart's width in units (--plot-units, in px) is its viewBox's, which
// setPlotViewBox writes with the viewBox, so the two cannot differ. Since a label's size in the
// chart's units follows its drawn width, a chart that makes room for its labels measures them as
// drawn (measureTexts), places them by their boxes (placeText) and lays itself out again when its
// drawn width changes (layOutOnResize).
import { setAttributeIfChanged } from './element.js';

export const plotTextCss = `
svg text { font-size: max(12px, 12px + (var(--plot-units) - var(--plot-drawn, 100cqi)) / 20); }
`;

/**
 * Gives a chart's SVG the viewBox 0 0 width height, its box the same aspect ratio (so the box
 * has its height before the browser reads the viewBox, and no style repeats the sizes), and its
 * labels the same width in units. Both are set through the CSSOM, which a page's Content
 * Security Policy allows where it refuses a style attribute.
 * @param {SVGSVGElement} svg
 * @param {number} width
 * @param {number} height
 */
export function setPlotViewBox(svg, width, height) {
  const viewBox = `0 0 ${width} ${height}`;
  if (svg.getAttribute('viewBox') !== viewBox) svg.setAttribute('viewBox', viewBox);
  const units = `${width}px`;
  if (svg.style.getPropertyValue('--plot-units') !== units) svg.style.setProperty('--plot-units', units);
  const ratio = `${width} / ${height}`;
  if (svg.style.aspectRatio !== ratio) svg.style.aspectRatio = ratio;
}

/**
 * Each text's box as drawn, in the picture's units: its size, and where it stands from the
 * text's (x, y). Null while the picture is not drawn (hidden, or not on a page): its texts have
 * no size then, and some browsers refuse to measure them.
 * @param {SVGTextElement[]} texts
 * @returns {Map<SVGTextElement, { dx: number, dy: number, width: number, height: number }> | null}
 */
export function measureTexts(texts) {
  try {
    const boxes = new Map(texts.map((text) => {
      const box = text.getBBox();
      return [text, { dx: box.x - Number(text.getAttribute('x') ?? 0), dy: box.y - Number(text.getAttribute('y') ?? 0), width: box.width, height: box.height }];
    }));
    return [...boxes.values()].some((box) => box.height > 0) ? boxes : null;
  } catch {
    return null;
  }
}

/**
 * Moves a text (written from its start, text-anchor start) so that its box, of the size
 * measureTexts gave, has its left end at `left` and its top at `top`; returns that box.
 */
export function placeText(text, size, left, top) {
  setAttributeIfChanged(text, 'x', (left - size.dx).toFixed(1));
  setAttributeIfChanged(text, 'y', (top - size.dy).toFixed(1));
  return { left, top, width: size.width, height: size.height };
}

/**
 * Calls `layOut` whenever the picture's drawn width changes, and when it is first drawn: a
 * narrower picture draws its labels larger (plotTextCss), so their room changes.
 */
export function layOutOnResize(picture, layOut) {
  new ResizeObserver(() => layOut()).observe(picture);
}
