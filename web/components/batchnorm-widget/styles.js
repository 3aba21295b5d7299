// The shadow root's styles: the course palette and shared rules (grids, cells, the value
// scale, buttons), then the batch's layout: the two channels side by side where they fit and
// stacked on a phone, input cells that look editable, and 44 px targets.
import { fieldCss } from '../shared/field-styles.js';
import { editableCellCss } from '../shared/matrix-grid.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}${fieldCss}${editableCellCss}
.body { display: grid; gap: 0.75rem; min-width: 0; }
h3 { margin: 0; font-size: 1.05rem; }
h4 { margin: 0.25rem 0 0; font-size: 0.95rem; }
.controls, .affine { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
button { padding: 0.4rem 0.9rem; border-radius: 0.375rem; font-weight: 600; }
button.step { background: var(--pool-accent); color: var(--pool-on-accent); }
button:disabled { cursor: not-allowed; border-color: var(--pool-cell-border); background: transparent; color: var(--pool-muted); }
.steps { margin: 0; align-self: center; font-weight: 600; font-variant-numeric: tabular-nums; }
.channels { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-start; }
.channel {
  /* A residue's 6.914e-6, or any number of 7 characters or more, widens its grid's cells
     (shadow-styles.js). */
  --cell: 3.3rem;
  --gap: 3px;
  --cell-font: 0.9rem;
  --cell-font-long: 0.8rem;
  flex: 1 1 13.5rem;
  min-width: 0;
  max-width: 100%;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.4rem;
  padding: 0.5rem;
  border: 1px solid var(--pool-cell-border);
  border-radius: 0.5rem;
}
.sample-row { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.25rem; }
.row-title { margin: 0; font-weight: 600; font-size: 0.9rem; }
.samples { display: flex; flex-wrap: wrap; gap: 0.25rem 0.6rem; }
.affine .number-field { min-inline-size: 4.5em; }
/* A grid widened by a long number typed into it scrolls sideways in its sample's box. */
.sample { display: grid; gap: 0.15rem; max-inline-size: 100%; overflow-x: auto; }
.sample-name { font-size: 0.8rem; color: var(--pool-muted); }
.stats { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.5rem; margin: 0; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
.stats dt { font-weight: 600; }
.stats dd { margin: 0; overflow-wrap: break-word; }
details.backward > summary {
  min-height: 44px;
  display: flex;
  align-items: center;
  gap: 0.4rem;
  cursor: pointer;
  font-weight: 600;
  color: var(--pool-accent);
}
details.backward[open] { display: grid; gap: 0.5rem; }
.status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
