// The shadow root's styles: the course palette and shared rules, then the neuron's layout,
// fields that look editable, and the plot's strokes (the derivative dashed, the comparison in
// the palette's second colour, so the curves differ by more than colour).
import { fieldCss } from '../shared/field-styles.js';
import { paletteCss } from '../shared/palette.js';
import { plotTextCss } from '../shared/plot-text.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}${fieldCss}${plotTextCss}
.body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
.controls, .range { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
.stage { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.neuron, .figure, .backward { min-width: 0; max-width: 100%; }
.figure { flex: 1 1 20rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.2rem 0.4rem; text-align: start; }
thead th { font-size: 0.85rem; color: var(--pool-muted); }
.bias { margin-top: 0.5rem; }
.equation { margin: 0.5rem 0 0; font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
.equation-label { margin: 0.75rem 0 0; }
.result { font-weight: 700; }
.plot-row {
  display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: flex-start;
  container-type: inline-size; --plot-drawn: min(100cqi, 30rem);
}
svg.plot {
  inline-size: min(100%, 30rem);
  block-size: auto;
  /* A drag moves the point along the x axis, sideways; a swipe up or down still scrolls the page
     (the plot spans a phone's width). */
  touch-action: pan-y;
  cursor: crosshair;
  background: var(--pool-cell);
  border-radius: 0.5rem;
}
/* The plot answers a touch as a whole (the svg's listener reads where it landed), so only the
   point is a target inside it: hit testing a finger against the curves' strokes cost some 5 ms
   of a phone's CPU before the touch reached the listener. */
svg.plot > :not(.point) { pointer-events: none; }
svg text { fill: var(--pool-muted); font-family: inherit; }
.axis { stroke: var(--pool-cell-border); stroke-width: 1; }
.curve { fill: none; stroke-width: 2.5; stroke-linejoin: round; }
.curve.main { stroke: var(--pool-accent); }
.curve.compare { stroke: var(--pool-extra); stroke-width: 2; }
.curve.slope { stroke-dasharray: 6 4; stroke-width: 1.75; }
.guide { stroke: var(--pool-muted); stroke-dasharray: 2 3; }
.point { cursor: grab; outline: none; }
.point .target { fill: transparent; }
.point .marker { fill: var(--pool-accent); stroke: var(--pool-surface); stroke-width: 2; }
.point .marker.slope { fill: var(--pool-surface); stroke: var(--pool-accent); }
.point:focus-visible .target { fill: none; stroke: var(--pool-accent); stroke-width: 3; }
.point.off-plot .marker { fill: var(--pool-muted); }
.readout { display: grid; grid-template-columns: auto auto; gap: 0.15rem 0.75rem; margin: 0; font-variant-numeric: tabular-nums; }
.readout dt { font-weight: 600; }
.readout dd { margin: 0; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.5rem 0; padding: 0; list-style: none; font-size: 0.9rem; }
.key::before { content: ""; display: inline-block; inline-size: 1.5em; block-size: 0; margin-inline-end: 0.4em; vertical-align: middle; border-top: 3px solid var(--pool-accent); }
.key.compare::before { border-top-color: var(--pool-extra); }
.key.slope::before { border-top-style: dashed; }
.stop { margin: 0.5rem 0 0; font-weight: 600; color: var(--pool-extra); }
.stop:empty { display: none; }
.status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
