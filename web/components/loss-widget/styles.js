// The shadow root's styles: the course palette and shared rules, then the loss widget's
// layout, fields that look editable, and the strokes of the strip and the curve (the compared
// loss dashed and in the palette's second colour, so the two differ by more than colour).
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}
:host {
  display: block;
  max-width: 100%;
  font-family: var(--pool-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--pool-font-size, 1rem);
  line-height: 1.45;
  color: var(--pool-text);
  background: var(--pool-surface);
}
.widget { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; padding: 0.25rem 0; }
.body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
.control { display: inline-grid; gap: 0.25rem; font-size: 0.9rem; color: var(--pool-text); }
.control > span { font-weight: 600; }
.control.checkbox { display: inline-flex; align-items: center; gap: 0.5rem; min-height: 44px; }
.check { inline-size: 1.4rem; block-size: 1.4rem; margin: 0; accent-color: var(--pool-accent); }
select, .number-field {
  min-height: 44px;
  padding: 0.4rem 0.6rem;
  border: 2px solid var(--pool-cell-border);
  border-radius: 0.375rem;
  background: var(--pool-surface);
  color: var(--pool-text);
  font: inherit;
  font-variant-numeric: tabular-nums;
}
.number-field { inline-size: 5.5em; box-shadow: inset 0 1px 2px rgb(0 0 0 / 0.12); }
.number-field:hover, select:hover { border-color: var(--pool-accent); }
.number-field[aria-invalid="true"] { border-color: var(--pool-error-text); background: var(--pool-error-surface); }
.stage { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.points { flex: 1 1 18rem; min-width: 0; }
.table-part { flex: 1 1 22rem; min-width: 0; }
.curve-part { min-width: 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { text-align: start; color: var(--pool-muted); font-size: 0.85rem; padding-bottom: 0.25rem; }
th, td { padding: 0.2rem 0.4rem; text-align: start; }
thead th { font-size: 0.85rem; color: var(--pool-muted); }
td.number { white-space: nowrap; }
td.number.compare-col, th.compare-col { color: var(--pool-extra); }
table:not(.comparing) .compare-col { display: none; }
.equation { margin: 0.5rem 0 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
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
svg.strip { touch-action: none; cursor: crosshair; }
svg.curve-plot { aspect-ratio: 360 / 220; }
svg text { fill: var(--pool-muted); font-size: 12px; font-family: inherit; }
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
.dot-label { fill: var(--pool-text); font-size: 11px; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.5rem 0; padding: 0; list-style: none; font-size: 0.9rem; }
.legend li:empty { display: none; }
.key::before { content: ""; display: inline-block; inline-size: 1.5em; block-size: 0; margin-inline-end: 0.4em; vertical-align: middle; border-top: 3px solid var(--pool-accent); }
.key.compare::before { border-top: 3px dashed var(--pool-extra); }
.key.target::before { inline-size: 0.7em; block-size: 0.7em; border: 2px solid var(--pool-text); transform: rotate(45deg); }
.key.prediction::before { inline-size: 0.8em; block-size: 0.8em; border: 0; border-radius: 50%; background: var(--pool-accent); }
.status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
