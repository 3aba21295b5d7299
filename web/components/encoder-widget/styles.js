// The shadow root's styles: the course palette and the shared rules (grids, cells, buttons, the
// highlight of the selected token), then the encoder's: the controls in a row that wraps, the
// heads' grids side by side where they fit, the block's stages one under another, each grid
// scrolling inside its own box, number fields and computed cells 44 px or more, the weights
// shaded by size, the selected token's row framed, and the parameter table in tabular figures.
import { fieldCss } from '../shared/field-styles.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}${fieldCss}
.body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: end; }
.stepper { display: grid; gap: 0.25rem; font-size: 0.9rem; }
.stepper-label { font-weight: 600; }
.stepper-buttons { display: flex; align-items: center; gap: 0.25rem; }
.stepper-value { min-inline-size: 1.5em; text-align: center; font-variant-numeric: tabular-nums; font-size: 1rem; }
button.step { min-inline-size: 44px; padding: 0 0.5rem; border-radius: 0.375rem; font-size: 1.1rem; }
button.step:disabled { opacity: 0.6; cursor: not-allowed; border-color: var(--pool-muted); color: var(--pool-muted); }
.control.narrow .number-field { inline-size: 5rem; }
.control.seed .number-field { inline-size: 8rem; }
.seed-row { display: flex; flex-wrap: wrap; align-items: end; gap: 0.5rem; }
button.new-start { min-height: 44px; padding: 0 0.75rem; border-radius: 0.375rem; }
.control.checkbox { display: inline-flex; flex-direction: row; align-items: center; gap: 0.5rem; min-height: 44px; }
.check { inline-size: 1.4rem; block-size: 1.4rem; margin: 0; accent-color: var(--pool-accent); }
.pass {
  --cell: 3.2rem;
  --gap: 3px;
  --cell-font: 0.95rem;
  --cell-font-long: 0.8rem;
  --cell-font-longer: 0.7rem;
  min-width: 0;
  display: grid;
  gap: 0.5rem;
}
h3 { margin: 0; font-size: 1.05rem; }
.stage { gap: 0.75rem 1.5rem; }
.column { display: grid; gap: 0.75rem; min-width: 0; }
.panel { min-width: 0; margin: 0; }
.caption { font-size: 0.95rem; }
.cell.editable, .cell.out { padding: 0; border: none; background: transparent; overflow: visible; }
.cell.editable .number-field {
  inline-size: 100%; block-size: 100%; min-height: 0; padding: 0.2rem; text-align: center; font-size: var(--cell-font);
}
.cell button.computed {
  inline-size: 100%; block-size: 100%; min-height: 0; padding: 0; border-radius: 0.375rem;
  font-variant-numeric: tabular-nums; font-size: var(--cell-font); white-space: nowrap; overflow: hidden;
}
.cell button.computed.long { font-size: var(--cell-font-long); }
.cell button.computed.longer { font-size: var(--cell-font-longer); }
/* The weights' heat map, from the cell's colour at 0 to --heat at 1 (the text stays AA on
   either end in both schemes). */
.pass { --heat: light-dark(#8fb0e8, #1f4a9a); }
.cell.out button.computed.shaded {
  background: color-mix(in oklab, var(--heat) calc(var(--shade, 0) * 100%), var(--pool-cell));
}
/* The selected token's row: framed thick in every grid (a weight's shade kept). */
.cell.out button.computed[aria-pressed="true"] { background: var(--pool-highlight); color: var(--pool-text); border-width: 4px; }
.cell.out button.computed.shaded[aria-pressed="true"] {
  background: color-mix(in oklab, var(--heat) calc(var(--shade, 0) * 100%), var(--pool-cell));
}
.cell.editable.in-window { outline: none; background: transparent; }
.cell.editable.in-window .number-field { background: var(--pool-highlight); border-color: var(--pool-accent); border-width: 3px; }
table.params { border-collapse: collapse; font-variant-numeric: tabular-nums; max-inline-size: 100%; }
table.params caption { text-align: start; font-size: 0.9rem; color: var(--pool-muted); padding-bottom: 0.25rem; }
table.params th, table.params td { padding: 0.3rem 0.4rem; border-bottom: 1px solid var(--pool-cell-border); text-align: end; }
table.params th[scope="row"] { text-align: start; }
table.params thead th { font-size: 0.9rem; vertical-align: bottom; }
table.params thead th span { display: block; }
table.params thead th .sizes { font-weight: 400; font-size: 0.85rem; color: var(--pool-muted); overflow-wrap: anywhere; }
table.params tr.total th, table.params tr.total td { font-weight: 700; }
.hint, .status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
