// The shadow root's styles: the course palette, the shared rules (grids, cells, buttons), the
// steppers, the matrices' cells 44 px or more with the selected query's row framed and its
// fields highlighted, and the weights shaded by size; then attention's: the steppers and the
// switch in a row that wraps, the grids side by side where they fit and wrapping on a phone,
// each scrolling inside its own box, a masked cell hatched and muted beside its −∞, and the
// written-out lines in tabular figures.
import { fieldCss } from '../shared/field-styles.js';
import { matrixGridCss } from '../shared/matrix-grid.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { stepperCss } from '../shared/stepper.js';
import { weightShadeCss } from '../shared/weight-shade.js';

export const cssText = `${paletteCss}${shadowCss}${fieldCss}${stepperCss}${matrixGridCss}${weightShadeCss}
.body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: end; }
.control.checkbox { display: inline-flex; align-items: center; gap: 0.5rem; min-height: 44px; }
.check { inline-size: 1.4rem; block-size: 1.4rem; margin: 0; accent-color: var(--pool-accent); }
h3 { margin: 0; font-size: 1.05rem; }
h4 { margin: 0.25rem 0 0; font-size: 0.95rem; }
.stage { gap: 0.75rem 1.5rem; }
.panel { min-width: 0; }
.caption { font-size: 0.95rem; }
/* A key the causal mask hides: hatched, with its −∞ or 0 in muted type. */
.cell.out button.computed.masked {
  background: repeating-linear-gradient(135deg, var(--pool-pad) 0 4px, var(--pool-surface) 4px 8px);
  border-style: dashed; color: var(--pool-muted);
}
.cell.out button.computed.masked[aria-pressed="true"] { color: var(--pool-text); }
.lines p { margin: 0.15rem 0; font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
.hint, .status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
