// The shadow root's styles: the layer widgets' shared layout, fields and slider, then PPO's:
// the steppers 44 px tall, the samples' cards side by side where they fit and stacked on a phone
// (each table scrolling inside its own box, the words of its heads wrapping first), the chart as
// wide as its room up to 560 px with the band shaded and a colour and a shape per sample, the
// taken action's column marked, and the numbers in tabular figures.
import { layerCss } from '../shared/layer-styles.js';
import { plotTextCss } from '../shared/plot-text.js';
import { stepperCss } from '../shared/stepper.js';
import { widgetRulesCss } from '../shared/widget-styles.js';

export const cssText = `${layerCss}${widgetRulesCss}${stepperCss}${plotTextCss}
.hint { margin: 0; }
.controls .number-field { min-inline-size: 6em; }
button.step { min-block-size: 44px; }
.part { display: grid; gap: 0.5rem; min-width: 0; }
h3 { margin: 0; }
h4 { margin: 0; font-size: 0.95rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr)); gap: 1rem; }
.card { display: grid; gap: 0.5rem; align-content: start; min-width: 0; padding: 0.75rem; border: 1px solid var(--pool-cell-border); border-radius: 0.5rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.15rem 0.35rem; text-align: end; }
tbody th { text-align: start; white-space: nowrap; font-weight: 600; }
thead th { font-weight: 600; font-size: 0.9rem; white-space: nowrap; }
td.number { white-space: nowrap; }
.detail-table { min-inline-size: 100%; }
.detail-table th, .detail-table td { padding-inline: 0.2rem; }
.detail-table thead th { white-space: normal; }
th.taken, td.taken { background: var(--pool-highlight); }
.card .number-field { min-inline-size: 4.5em; }
.card-controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
.numbers { display: grid; grid-template-columns: auto auto; gap: 0.15rem 0.75rem; margin: 0; justify-content: start; }
.numbers dt { font-weight: 600; }
.numbers dd { margin: 0; font-variant-numeric: tabular-nums; text-align: end; }
.clipped { margin: 0; font-size: 0.9rem; }
.clipped.stopped { font-weight: 600; }
.loss { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
.chart-box { inline-size: min(100%, 560px); container-type: inline-size; }
.chart { display: block; inline-size: 100%; block-size: auto; }
.chart text { fill: var(--pool-text); }
.chart .axis { fill: none; stroke: var(--pool-muted); stroke-width: 1; }
.chart .band { fill: var(--pool-highlight); }
.chart .band-edge { fill: none; stroke: var(--pool-accent); stroke-width: 1; stroke-dasharray: 4 3; }
.chart .one { stroke: var(--pool-cell-border); stroke-width: 1; }
.chart .selected-epoch { stroke: var(--pool-text); stroke-width: 1.5; stroke-dasharray: 2 2; }
.series-1 { --series: light-dark(#1d4ed8, #8ab4ff); }
.series-2 { --series: light-dark(#b45309, #fbbf24); }
.series-3 { --series: light-dark(#047857, #6ee7b7); }
.series-4 { --series: light-dark(#a21caf, #f0abfc); }
.series-line { fill: none; stroke: var(--series); stroke-width: 2; }
.marker { fill: var(--series); stroke: var(--pool-surface); stroke-width: 1; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0; padding: 0; list-style: none; font-size: 0.9rem; }
.legend li { display: inline-flex; align-items: center; gap: 0.4rem; }
.epoch-stepper .slider { inline-size: min(14rem, 50vw); }
.epoch-value { text-align: start; }
.status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
