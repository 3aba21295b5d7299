// The shadow root's styles: the layer widgets' shared layout and the add and remove buttons'
// row, the timeline's step buttons and selected column, then the LSTM's: the gates' grid (a row
// per gate, its name beside three number fields, narrow enough for a phone; the rows share the
// grid's columns, so a field grown by a long number widens its column in every row), the forget
// bias's slider, the timeline table that scrolls sideways inside its own box with its row names
// staying in view, the small bars under each number, and the written-out lines.
import { layerCss } from '../shared/layer-styles.js';
import { stepTimelineCss } from '../shared/step-timeline.js';
import { widgetRulesCss } from '../shared/widget-styles.js';

export const cssText = `${layerCss}${widgetRulesCss}${stepTimelineCss}
section { display: grid; gap: 0.5rem; align-content: start; }
h3 { margin: 0; }
.gate-grid { display: grid; grid-template-columns: minmax(6rem, 1fr) repeat(3, max-content); gap: 0.25rem; inline-size: min(100%, 26rem); min-inline-size: 18.5rem; }
.gate-row { grid-column: 1 / -1; display: grid; grid-template-columns: subgrid; align-items: center; }
.gate-row.head > * { font-size: 0.85rem; color: var(--pool-muted); font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.gate-row.head > :first-child { font-family: inherit; }
.gate-name { display: grid; font-weight: 600; line-height: 1.2; }
.gate-role { font-weight: 400; font-size: 0.85rem; color: var(--pool-muted); }
.gate-row .number-field { inline-size: 100%; min-inline-size: 4rem; }
.slider-control { inline-size: min(100%, 22rem); }
caption { text-align: start; font-size: 0.9rem; color: var(--pool-muted); padding-bottom: 0.25rem; }
.timeline .scroll { border: 1px solid var(--pool-cell-border); border-radius: 0.375rem; }
.timeline table { border-collapse: separate; border-spacing: 0; }
.timeline th[scope="row"] {
  position: sticky; inset-inline-start: 0; z-index: 1; background: var(--pool-surface);
  white-space: nowrap; font-weight: 400; padding-inline: 0.4rem; border-inline-end: 1px solid var(--pool-cell-border);
}
.symbol { font-weight: 600; font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.words { font-size: 0.85rem; color: var(--pool-muted); }
.timeline td, .timeline thead th { padding: 0.2rem 0.25rem; text-align: center; }
.timeline td.number { min-inline-size: 4.25rem; }
.timeline tr[data-row="gradCells"] > *, .timeline tr[data-row="cells"] > * { border-block-start: 1px solid var(--pool-cell-border); }
.timeline .number-field { min-inline-size: 4rem; text-align: center; }
.value { display: block; }
.bar { display: block; position: relative; block-size: 0.4rem; margin-block-start: 0.15rem; background: var(--pool-cell); border-radius: 0.2rem; overflow: hidden; }
.fill { position: absolute; inset-block: 0; background: var(--pool-accent); }
.fill.negative { background: repeating-linear-gradient(135deg, var(--pool-extra) 0 3px, transparent 3px 5px); box-shadow: inset 0 0 0 1px var(--pool-extra); }
.lines { margin: 0; padding-inline-start: 1.25rem; display: grid; gap: 0.35rem; font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
`;
