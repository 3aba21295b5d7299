// The type of a chart's labels. An SVG's text is sized in the SVG's own units, so it shrinks with
// the SVG: a chart 360 units wide drawn 288 px wide (on a 320 px phone) shows 12 px labels at
// 9.6 px. A label here is 12 px, and 1 px more for every 20 px the chart is drawn narrower than
// its units: a straight line above 12 px × units / drawn width (what shows at 12 px) for every
// drawn width from 240 px, so every label shows at 12 px or more there, and no larger than it
// needs by more than a pixel or so. The box a chart is drawn in is a size container
// (container-type: inline-size) that gives the chart's width in units, its viewBox's
// (--plot-units, in px), and its drawn width where that is not the box's (--plot-drawn).
export const plotTextCss = `
svg text { font-size: max(12px, 12px + (var(--plot-units) - var(--plot-drawn, 100cqi)) / 20); }
`;
