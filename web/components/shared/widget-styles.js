// The rules the layer and loss widgets share on top of the fields and the stacked body every
// settings widget has (field-styles.js): headings, a row of controls, equations, a slider, the
// stage of side-by-side sections, and the score fields with their add and remove buttons
// (class-scores.js). Colours are the palette's (palette.js); an element appends its own layout.
// widgetRulesCss is the same rules alone, for an element whose styles have the fields already
// (layer-styles.js).
import { fieldCss } from './field-styles.js';

export const widgetRulesCss = `
h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
.equation { margin: 0.25rem 0 0.5rem; font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
.equation-label { margin: 0.75rem 0 0; }
.status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
.slider { inline-size: 100%; min-height: 44px; margin: 0; accent-color: var(--pool-accent); }
.stage { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.score-fields { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.5rem; }
button.small { padding: 0.3rem 0.75rem; border-radius: 0.375rem; }
/* A button that can do no more looks inert, not pressable; the line beside it says why. */
button:disabled { opacity: 0.6; cursor: not-allowed; border-color: var(--pool-muted); color: var(--pool-muted); }
.buttons .limits { align-self: center; color: var(--pool-muted); font-size: 0.9rem; }
`;

export const widgetCss = `${fieldCss}${widgetRulesCss}`;
