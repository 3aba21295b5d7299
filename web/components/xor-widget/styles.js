// The shadow root's styles: the course palette and the widgets' shared rules, then the XOR
// widget's own: rows of controls, the two pictures side by side where they fit (one above the
// other on a phone), the input plane's colour ramp, the loss curve and the tables.
//
// The ramp runs from blue (p = 0) through a neutral (0.5) to orange (1): a pair that colour-blind
// readers tell apart, light tints on a light page and deep ones on a dark page, so the markers
// and labels over it (the text colour, with a halo of the surface's) stay readable in both. The
// markers' shape and fill say the target, so no colour has to.
import { paletteCss } from '../shared/palette.js';
import { plotTextCss } from '../shared/plot-text.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { widgetCss } from '../shared/widget-styles.js';

export const cssText = `${paletteCss}${shadowCss}${widgetCss}${plotTextCss}
:host {
  --xor-zero: light-dark(#8fbce6, #2b5d8c);
  --xor-half: light-dark(#f4f4f2, #2c2f36);
  --xor-one: light-dark(#f2b36b, #8a5618);
}
.widget { grid-template-columns: minmax(0, 1fr); }
.controls { display: grid; gap: 0.75rem; }
.row { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; align-items: end; }
.pair { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
.slider { inline-size: min(12rem, 60vw); min-height: 44px; accent-color: var(--pool-accent); }
.number-field { min-inline-size: 5.5em; }
.controls .number-field[data-key="seed"] { min-inline-size: 8em; }
.row > button, .stepper button { min-inline-size: 44px; padding: 0.3rem 0.8rem; border-radius: 0.375rem; }
h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
.pictures { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: flex-start; }
.picture { inline-size: min(100%, 20rem); min-width: 0; }
.plane-box { container-type: inline-size; position: relative; inline-size: 100%; aspect-ratio: 1; border-radius: 0.5rem; overflow: hidden; border: 1px solid var(--pool-cell-border); }
canvas.probabilities { display: block; inline-size: 100%; block-size: 100%; background: var(--xor-half); }
svg.plane { position: absolute; inset: 0; inline-size: 100%; block-size: 100%; }
.swatch { display: none; }
.swatch.zero { color: var(--xor-zero); }
.swatch.half { color: var(--xor-half); }
.swatch.one { color: var(--xor-one); }
svg text { font-family: inherit; fill: var(--pool-text); paint-order: stroke; stroke: var(--pool-surface); stroke-width: 3px; stroke-linejoin: round; }
.cut { stroke: var(--pool-text); stroke-width: 2; stroke-dasharray: 6 4; }
.cut-label { font-weight: 700; }
.point-label { font-weight: 700; font-variant-numeric: tabular-nums; }
.marker .halo { fill: none; stroke: var(--pool-surface); stroke-width: 5; }
.marker.target-0 .mark { fill: none; stroke: var(--pool-text); stroke-width: 3; }
.marker.target-1 .mark { fill: var(--pool-text); stroke: none; }
.marker.target-1 .halo { fill: var(--pool-surface); stroke-width: 2; }
.legend { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.5rem; margin: 0.5rem 0 0; font-size: 0.9rem; }
.ramp { display: inline-block; inline-size: 8rem; block-size: 0.9rem; border: 1px solid var(--pool-cell-border); border-radius: 0.25rem;
  background: linear-gradient(to right, var(--xor-zero), var(--xor-half), var(--xor-one)); }
.ramp-words { color: var(--pool-muted); }
.keys { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.4rem 0 0; padding: 0; list-style: none; font-size: 0.9rem; }
.key::before { content: ""; display: inline-block; vertical-align: middle; margin-inline-end: 0.4em; }
.key.target-0::before { inline-size: 0.7em; block-size: 0.7em; border: 3px solid var(--pool-text); border-radius: 50%; }
.key.target-1::before { inline-size: 0.8em; block-size: 0.8em; background: var(--pool-text); }
.key.cut::before { inline-size: 1.6em; border-top: 2px dashed var(--pool-text); }
.key.output-cut::before { inline-size: 1.6em; border-top: 3px solid var(--pool-accent); }
.space-box { inline-size: 100%; container-type: inline-size; }
svg.space { display: block; inline-size: 100%; block-size: auto; }
.frame { fill: var(--pool-cell); stroke: var(--pool-cell-border); }
.output-cut { stroke: var(--pool-accent); stroke-width: 3; }
.output-cut[hidden] { display: none; }
.curve-box { inline-size: min(100%, 32rem); container-type: inline-size; }
svg.curve-plot { display: block; inline-size: 100%; block-size: auto; }
.axis { fill: none; stroke: var(--pool-muted); stroke-width: 1; }
.curve { fill: none; stroke: var(--pool-accent); stroke-width: 2; stroke-linejoin: round; }
.now { fill: var(--pool-accent); stroke: var(--pool-surface); stroke-width: 2; }
.loss-text, .output-bias { margin: 0.25rem 0 0; font-weight: 600; font-variant-numeric: tabular-nums; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.2rem 0.4rem; text-align: start; }
thead th { white-space: nowrap; }
thead th { font-size: 0.85rem; color: var(--pool-muted); }
td.number { text-align: end; white-space: nowrap; }
.hint, .status { color: var(--pool-muted); font-size: 0.9rem; margin: 0; }
`;
