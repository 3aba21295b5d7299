// The layout the layer widgets share, over the settings widgets' field styles (field-styles.js):
// sections, 44 px buttons, tables of numbers (in the field styles' box that scrolls sideways).
// <embedding-widget> and <dropout-widget> add narrowFieldCss; the widgets that add
// widgetRulesCss (widget-styles.js) keep the fields' own least width.
import { fieldCss } from './field-styles.js';
import { paletteCss } from './palette.js';
import { shadowCss } from './shadow-styles.js';

export const layerCss = `${paletteCss}${shadowCss}${fieldCss}
.body > * { min-width: 0; }
section { min-width: 0; max-width: 100%; }
h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
p { margin: 0.25rem 0; }
.hint, .status { color: var(--pool-muted); font-size: 0.9rem; }
.status { margin: 0; }
.note { font-weight: 600; color: var(--pool-extra); }
.note:empty { display: none; }
/* Buttons look like the fields beside them (field-styles.js), on the cell colour. */
button {
  min-height: 44px; min-width: 44px; padding: 0.4rem 0.6rem; border: 2px solid var(--pool-cell-border);
  border-radius: 0.375rem; background: var(--pool-cell); color: var(--pool-text); font: inherit; cursor: pointer;
}
button:disabled { cursor: not-allowed; opacity: 0.6; }
@media (hover: hover) { button:hover:not(:disabled) { border-color: var(--pool-accent); } }
.stage { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.15rem 0.2rem; text-align: start; }
thead th { font-size: 0.85rem; color: var(--pool-muted); }
td.number { text-align: end; min-inline-size: 2.5em; white-space: nowrap; }
`;

// Number fields narrow enough for four to a row on a phone, until a long number widens one.
export const narrowFieldCss = `
.number-field { min-inline-size: 4em; padding-inline: 0.35rem; }
`;

// Narrower still, for a widget to put inside its own phone-width query: the least that keeps a
// four-field row's last field whole on a 320 px phone.
export const narrowestFieldRule = '.number-field { min-inline-size: 3.6em; padding-inline: 0.3rem; }';
