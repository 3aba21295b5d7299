// The look of the settings widgets' controls, shared so every element's fields read the same:
// a labelled control (its words above it), selects and number fields that look editable, 44 px
// tall (a touch target), and a refused number marked beside its message.
export const fieldCss = `
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
`;
