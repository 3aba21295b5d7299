// The shadow root's styles: the layer widgets' shared layout and the add and remove buttons'
// row, then LAMB's: the two layers side by side where there is room for both and stacked on a
// phone, each layer's table scrolling sideways inside its own box, and the step-by-step table in
// a box of fixed height that scrolls, its headings staying in view.
import { layerCss } from '../shared/layer-styles.js';
import { widgetRulesCss } from '../shared/widget-styles.js';

export const cssText = `${layerCss}${widgetRulesCss}
.controls { align-items: end; }
.controls .number-field { min-inline-size: 7em; }
.layers { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 19rem), 1fr)); gap: 1rem 1.5rem; }
.layer { display: grid; gap: 0.5rem; align-content: start; padding: 0.75rem; border: 1px solid var(--pool-cell-border); border-radius: 0.5rem; }
h3 { margin: 0; }
h4 { margin: 0.25rem 0 0; font-size: 0.95rem; }
caption { text-align: start; font-weight: 600; padding-bottom: 0.25rem; }
tbody th { white-space: nowrap; font-weight: 600; }
th.code { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.9em; font-weight: 400; }
td.number { white-space: nowrap; }
tr.given td { padding-block: 0.1rem; }
.values .number-field { min-inline-size: 4.5em; }
.ratio { font-weight: 600; font-variant-numeric: tabular-nums; }
.history { max-block-size: 12rem; overflow: auto; border: 1px solid var(--pool-cell-border); border-radius: 0.375rem; }
.history table { inline-size: 100%; }
.history thead th { position: sticky; top: 0; background: var(--pool-surface); }
.history td.number, .history th { padding-inline: 0.5rem; }
`;
