// The shadow root's styles: the course palette and the widgets' shared rules, then the loss
// widget's layout and the strokes of the strip and the curve (the compared
// loss dashed and in the palette's second colour, so the two differ by more than colour).
import { paletteCss } from '../shared/palette.js';
import { plotTextCss } from '../shared/plot-text.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { widgetCss } from '../shared/widget-styles.js';

export const cssText = `${paletteCss}${shadowCss}${widgetCss}${plotTextCss}
.widget { grid-template-columns: minmax(0, 1fr); }
.control.checkbox { display: inline-flex; align-items: center; gap: 0.5rem; min-height: 44px; }
.check { inline-size: 1.4rem; block-size: 1.4rem; margin: 0; accent-color: var(--pool-accent); }
.number-field { min-inline-size: 5.5em; }
.points { flex: 1 1 18rem; min-width: 0; }
.points, .curve-part { container-type: inline-size; --plot-drawn: min(100cqi, 30rem); }
.table-part { flex: 1 1 22rem; min-width: 0; }
.curve-part { min-width: 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { text-align: start; color: var(--pool-muted); font-size: 0.85rem; padding-bottom: 0.25rem; }
th, td { padding: 0.2rem 0.4rem; text-align: start; }
thead th { font-size: 0.85rem; color: var(--pool-muted); }
td.number { white-space: nowrap; }
td.number.compare-col, th.compare-col { color: var(--pool-extra); }
table:not(.comparing) .compare-col { display: none; }
.equation { margin: 0.5rem 0 0; font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
.result { font-weight: 700; }
.compare-line { color: var(--pool-extra); font-weight: 600; }
.compare-line:empty { display: none; }
svg.strip, svg.curve-plot {
  inline-size: min(100%, 30rem);
  block-size: auto;
  display: block;
  background: var(--pool-cell);
  border-radius: 0.5rem;
}
/* A drag moves a prediction along the strip, sideways; a swipe up or down still scrolls the page
   (the strip spans a phone's width). */
svg.strip { touch-action: pan-y; cursor: crosshair; }
/* The strip answers a touch as a whole (its listener reads where it landed), so only the
   handles are targets inside it, and the curve plot below takes no touches at all: hit testing
   a finger against strokes costs a phone's CPU before the touch reaches the listener. */
svg.strip .grid-lines, svg.strip .lane > :not(.handle), svg.curve-plot * { pointer-events: none; }
svg text { fill: var(--pool-muted); font-family: inherit; }
.axis, .zero { stroke: var(--pool-cell-border); stroke-width: 1; }
.gap { stroke: var(--pool-muted); stroke-dasharray: 2 3; }
.target-mark { fill: var(--pool-surface); stroke: var(--pool-text); stroke-width: 2; }
.pull { stroke-width: 3; }
.pull.main { stroke: var(--pool-accent); }
.pull.compare { stroke: var(--pool-extra); stroke-dasharray: 5 3; }
.head.main { fill: var(--pool-accent); }
.head.compare { fill: var(--pool-extra); }
.handle { cursor: grab; outline: none; }
.handle .touch { fill: transparent; }
.handle .marker { fill: var(--pool-accent); stroke: var(--pool-surface); stroke-width: 2; }
.handle:focus-visible .touch { fill: none; stroke: var(--pool-accent); stroke-width: 3; }
.handle.off-plot .marker { fill: var(--pool-muted); }
.curve { fill: none; stroke-width: 2.5; stroke-linejoin: round; }
.curve.main { stroke: var(--pool-accent); }
.curve.compare { stroke: var(--pool-extra); stroke-dasharray: 6 4; stroke-width: 2; }
.kink { stroke: var(--pool-muted); stroke-dasharray: 2 3; }
.kink-label { fill: var(--pool-text); font-weight: 600; }
.dot { fill: var(--pool-accent); stroke: var(--pool-surface); stroke-width: 1.5; }
.dot-label { fill: var(--pool-text); }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.5rem 0; padding: 0; list-style: none; font-size: 0.9rem; }
.legend li:empty { display: none; }
.key::before { content: ""; display: inline-block; inline-size: 1.5em; block-size: 0; margin-inline-end: 0.4em; vertical-align: middle; border-top: 3px solid var(--pool-accent); }
.key.compare::before { border-top: 3px dashed var(--pool-extra); }
.key.target::before { inline-size: 0.7em; block-size: 0.7em; border: 2px solid var(--pool-text); transform: rotate(45deg); }
.key.prediction::before { inline-size: 0.8em; block-size: 0.8em; border: 0; border-radius: 50%; background: var(--pool-accent); }
.status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
/* On a phone the table's every column is on screen: narrower fields and cells, so no number is
   cut off at the edge of its scroll box. */
@media (max-width: 30rem) {
  .number-field { min-inline-size: 3.4em; padding-inline: 0.25rem; }
  th, td { padding: 0.15rem 0.15rem; }
  table { font-size: 0.85rem; }
  thead th { font-size: 0.75rem; hyphens: auto; overflow-wrap: anywhere; }
}
`;
