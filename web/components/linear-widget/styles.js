// The shadow root's styles: the course palette and the shared rules (grids, cells, buttons, the
// highlight of the cells that enter a sum), then the layer's layout: the grids of each pass side
// by side where they fit and wrapping on a phone, each scrolling inside its own box, number
// fields and computed cells 44 px or more, and the sum in tabular figures.
import { fieldCss } from '../shared/field-styles.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}${fieldCss}
.body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
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
.panel { min-width: 0; }
.panel[hidden] { display: none; }
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
/* The cells that enter the selected sum: the shared highlight, on the field itself. */
.cell.editable.in-window { outline: none; background: transparent; }
.cell.editable.in-window .number-field { background: var(--pool-highlight); border-color: var(--pool-accent); border-width: 3px; }
.sum { margin: 0; font-size: 1.05rem; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.hint, .status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
