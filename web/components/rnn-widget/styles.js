// The shadow root's styles: the layer widgets' shared layout and the add and remove buttons'
// row, the timeline's step buttons and selected column, then the recurrent cell's: a row of
// settings with the w_hh slider beside its field, the timeline as a table with one column per
// step that scrolls sideways inside its own box, a bar per step on a log scale under the
// gradients, and the written-out step in tabular figures.
import { layerCss } from '../shared/layer-styles.js';
import { stepTimelineCss } from '../shared/step-timeline.js';
import { widgetRulesCss } from '../shared/widget-styles.js';

export const cssText = `${layerCss}${widgetRulesCss}${stepTimelineCss}
.controls { align-items: end; }
.controls .number-field { min-inline-size: 6em; }
.pair { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
.slider { inline-size: min(12rem, 60vw); }
.timeline, .selected, .gradients { display: grid; gap: 0.5rem; min-width: 0; }
caption { text-align: start; font-weight: 600; padding-bottom: 0.25rem; }
/* The row headings stay in view while the steps scroll under them, so they wrap to stay narrow. */
table.steps tbody th {
  inline-size: 8.5rem; min-inline-size: 6.5rem; font-weight: 600; font-size: 0.85rem; line-height: 1.25;
  position: sticky; inset-inline-start: 0; z-index: 1; background: var(--pool-surface);
}
table.steps td.number { min-inline-size: 4.5em; }
tr.given td { padding-block: 0.1rem; }
.steps .number-field { min-inline-size: 4.5em; }
td.bar { vertical-align: bottom; }
.bar-track { display: flex; align-items: flex-end; justify-content: center; block-size: 4.5rem; background: var(--pool-cell); border-radius: 0.2rem; }
.bar-fill { display: block; inline-size: 60%; background: var(--pool-accent); border-radius: 0.2rem 0.2rem 0 0; }
.gradients table { justify-self: start; }
.gradients th { font-weight: 600; padding-inline-end: 1.5rem; }
`;
