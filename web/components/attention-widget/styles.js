// The shadow root's styles: the course palette and the shared rules (grids, cells, buttons, the
// highlight of the selected query), then attention's: the steppers and the switch in a row that
// wraps, the grids side by side where they fit and wrapping on a phone, each scrolling inside its
// own box, number fields and computed cells 44 px or more, a masked cell hatched and muted beside
// its −∞, the weights shaded by size, the selected row's cells framed, and the written-out lines
// in tabular figures.
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
.control.checkbox { display: inline-flex; align-items: center; gap: 0.5rem; min-height: 44px; }
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
h4 { margin: 0.25rem 0 0; font-size: 0.95rem; }
.stage { gap: 0.75rem 1.5rem; }
.panel { min-width: 0; }
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
/* The weights' heat map, from the cell's colour at 0 to --heat at 1: darker than the shared
   scale, so a weight of 0.2 and one of 0.4 differ at a glance in both schemes; the text stays
   AA on either end (7:1 or more). */
.pass { --heat: light-dark(#8fb0e8, #1f4a9a); }
.cell.out button.computed.shaded {
  background: color-mix(in oklab, var(--heat) calc(var(--shade, 0) * 100%), var(--pool-cell));
}
/* The selected query's row: framed thick in every grid, its own colours kept (a weight's shade
   says its size). */
.cell.out button.computed[aria-pressed="true"] { background: var(--pool-highlight); color: var(--pool-text); border-width: 4px; }
.cell.out button.computed.shaded[aria-pressed="true"] {
  background: color-mix(in oklab, var(--heat) calc(var(--shade, 0) * 100%), var(--pool-cell));
}
/* A key the causal mask hides: hatched, with its −∞ or 0 in muted type. */
.cell.out button.computed.masked {
  background: repeating-linear-gradient(135deg, var(--pool-pad) 0 4px, var(--pool-surface) 4px 8px);
  border-style: dashed; color: var(--pool-muted);
}
.cell.out button.computed.masked[aria-pressed="true"] { color: var(--pool-text); }
.cell.editable.in-window { outline: none; background: transparent; }
.cell.editable.in-window .number-field { background: var(--pool-highlight); border-color: var(--pool-accent); border-width: 3px; }
.lines p { margin: 0.15rem 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.hint, .status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
