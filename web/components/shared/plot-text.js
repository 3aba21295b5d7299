// The type of a chart's labels. An SVG's text is sized in the SVG's own units, so it shrinks with
// the SVG: a chart 360 units wide drawn 288 px wide (on a 320 px phone) shows 12 px labels at
// 9.6 px. A label here is 12 px, and 1 px more for every 20 px the chart is drawn narrower than
// its units: a straight line above 12 px × units / drawn width (what shows at 12 px) for every
// drawn width from 240 px, so every label shows at 12 px or more there, and no larger than it
// needs by more than a pixel or so. The box a chart is drawn in is a size container
// (container-type: inline-size) that gives the chart's drawn width where that is not the box's
// (--plot-drawn); the chart's width in units (--plot-units, in px) is its viewBox's, which
// setPlotViewBox writes with the viewBox, so the two cannot differ.
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
