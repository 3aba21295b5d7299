// The shadow root's styles: the course palette and the widgets' shared rules, then the
// descent widget's rows of controls, its picture (level curves thin and muted, the walk in
// the accent colour with a dot per step, plain gradient descent dashed in the second colour,
// so the two differ by more than colour) and its table.
import { paletteCss } from '../shared/palette.js';
import { plotTextCss } from '../shared/plot-text.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { widgetCss } from '../shared/widget-styles.js';

export const cssText = `${paletteCss}${shadowCss}${widgetCss}${plotTextCss}
.widget { grid-template-columns: minmax(0, 1fr); }
.controls { display: grid; gap: 0.75rem; }
.row { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; align-items: end; }
.pair { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
[data-option][hidden] { display: none; }
.slider { inline-size: min(12rem, 60vw); min-height: 44px; accent-color: var(--pool-accent); }
.number-field { min-inline-size: 5.5em; }
.control.checkbox { display: inline-flex; align-items: center; gap: 0.5rem; min-height: 44px; }
.check { inline-size: 1.4rem; block-size: 1.4rem; margin: 0; accent-color: var(--pool-accent); }
.stepper button { min-inline-size: 44px; }
h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
.plot-box { inline-size: min(100%, 32rem); container-type: inline-size; }
svg.plot { display: block; inline-size: 100%; block-size: auto; background: var(--pool-cell); border-radius: 0.5rem; touch-action: manipulation; cursor: crosshair; }
/* The picture answers a tap as a whole (its listener reads where it landed): nothing inside it
   is a target, so a touch is not hit-tested against every curve. */
svg.plot * { pointer-events: none; }
.levels { fill: none; stroke: var(--pool-cell-border); stroke-width: 1; }
.minimum-mark { stroke: var(--pool-text); stroke-width: 2; }
.path { fill: none; stroke-linejoin: round; stroke-linecap: round; }
.path.walk { stroke: var(--pool-accent); stroke-width: 2.5; }
.path.plain { stroke: var(--pool-extra); stroke-width: 2; stroke-dasharray: 5 4; }
.dots circle { fill: var(--pool-accent); }
.here { fill: var(--pool-accent); stroke: var(--pool-surface); stroke-width: 2; }
.here.plain { fill: var(--pool-extra); }
.here[hidden] { display: none; }
svg text { fill: var(--pool-muted); font-family: inherit; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0.5rem 0; padding: 0; list-style: none; font-size: 0.9rem; }
.key::before { content: ""; display: inline-block; inline-size: 1.5em; block-size: 0; margin-inline-end: 0.4em; vertical-align: middle; border-top: 3px solid var(--pool-accent); }
.key.plain::before { border-top: 3px dashed var(--pool-extra); }
.key.minimum::before { inline-size: 0.8em; block-size: 0.8em; border: 0; background: linear-gradient(var(--pool-text), var(--pool-text)) center / 100% 2px no-repeat, linear-gradient(var(--pool-text), var(--pool-text)) center / 2px 100% no-repeat; }
:host(:not([compare])) .key.plain, :host([compare="false"]) .key.plain { display: none; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.2rem 0.5rem; text-align: start; }
thead th { font-size: 0.85rem; color: var(--pool-muted); }
td.number { text-align: end; white-space: nowrap; }
th.code { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.9em; font-weight: 400; }
.value { font-weight: 600; font-variant-numeric: tabular-nums; }
.note { font-weight: 600; color: var(--pool-extra); }
.note:empty { display: none; }
.hint, .status { color: var(--pool-muted); font-size: 0.9rem; margin: 0; }
`;
