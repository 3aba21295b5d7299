// The rules a settings widget's shadow root shares with the others (added with the softmax
// widget, for the cross-entropy widget and the rest of module 3 to 5's): the host's type and
// colours, the stacked body, headings, a row of labelled controls, text fields and selects that
// look editable, 44 px high, a slider, the stage of side-by-side sections, and the score fields
// with their add and remove buttons (class-scores.js). Colours are the palette's (palette.js); an element appends its
// own layout after these.
export const widgetCss = `
:host {
  display: block;
  max-width: 100%;
  font-family: var(--pool-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  font-size: var(--pool-font-size, 1rem);
  line-height: 1.45;
  color: var(--pool-text);
  background: var(--pool-surface);
}
.widget { display: grid; gap: 1rem; padding: 0.25rem 0; }
.body { display: grid; gap: 1rem; min-width: 0; }
h3 { margin: 0 0 0.5rem; font-size: 1.05rem; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
.control { display: inline-grid; gap: 0.25rem; font-size: 0.9rem; color: var(--pool-text); }
.control > span { font-weight: 600; }
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
.number-field { inline-size: 6.5em; box-shadow: inset 0 1px 2px rgb(0 0 0 / 0.12); }
.number-field:hover, select:hover { border-color: var(--pool-accent); }
.number-field[aria-invalid="true"] { border-color: var(--pool-error-text); background: var(--pool-error-surface); }
.equation { margin: 0.25rem 0 0.5rem; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.equation-label { margin: 0.75rem 0 0; }
.status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
.slider { inline-size: 100%; min-height: 44px; margin: 0; accent-color: var(--pool-accent); }
.stage { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.score-fields { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.5rem; }
button.small { padding: 0.3rem 0.75rem; border-radius: 0.375rem; }
button:disabled { opacity: 0.6; cursor: not-allowed; }
`;
