// The look of the settings widgets (SettingsWidget's elements), shared so every one reads the
// same: the host's box and type, the body's parts stacked in a column (an element that lays its
// body out as a grid says so in its own styles), a labelled control (its words above it), selects
// and number fields that look editable, 44 px tall (a touch target), a refused number marked
// beside its message, and the box a table of them scrolls sideways in.
export const fieldCss = `
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
.body { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
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
/* A field's sunken look, named so that a rule adding a shadow of its own keeps it. Its width is
   the least it takes: it grows with a long number (shadow-styles.js), and no wider, never
   stretched to the words above it. */
.number-field { --field-shadow: inset 0 1px 2px rgb(0 0 0 / 0.12); min-inline-size: 6.5em; justify-self: start; box-shadow: var(--field-shadow); }
/* Hover marks only where a pointer hovers: on a touch screen a tap would set it (and paint it)
   before the tap's click, and leave it stuck after. */
@media (hover: hover) { .number-field:hover, select:hover { border-color: var(--pool-accent); } }
.number-field[aria-invalid="true"] { border-color: var(--pool-error-text); background: var(--pool-error-surface); }
/* A table wider than the room, its fields grown with long numbers, scrolls sideways in its box
   rather than widen the page. Positioned, so what is positioned inside it (a word hidden for a
   screen reader) scrolls with the table rather than sticking out of the page. */
.scroll { position: relative; max-width: 100%; overflow-x: auto; }
`;
