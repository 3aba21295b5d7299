// The shadow root's styles: the course palette, the shared rules (grids, cells, buttons), the
// steppers, the matrices' cells 44 px or more with the selected token's row framed and its
// fields highlighted, and the weights shaded by size; then the encoder's: the controls in a row
// that wraps, the heads' grids side by side where they fit, the block's stages one under
// another, each grid scrolling inside its own box, and the parameter table in tabular figures.
import { fieldCss } from '../shared/field-styles.js';
import { matrixGridCss } from '../shared/matrix-grid.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';
import { stepperCss } from '../shared/stepper.js';
import { weightShadeCss } from '../shared/weight-shade.js';

export const cssText = `${paletteCss}${shadowCss}${fieldCss}${stepperCss}${matrixGridCss}${weightShadeCss}
.body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
.controls { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: end; }
.control.narrow .number-field { min-inline-size: 5rem; }
.control.seed .number-field { min-inline-size: 8rem; }
.seed-row { display: flex; flex-wrap: wrap; align-items: end; gap: 0.5rem; }
button.new-start { min-height: 44px; padding: 0 0.75rem; border-radius: 0.375rem; }
.control.checkbox { display: inline-flex; flex-direction: row; align-items: center; gap: 0.5rem; min-height: 44px; }
.check { inline-size: 1.4rem; block-size: 1.4rem; margin: 0; accent-color: var(--pool-accent); }
h3 { margin: 0; font-size: 1.05rem; }
.stage { gap: 0.75rem 1.5rem; }
.column { display: grid; gap: 0.75rem; min-width: 0; }
.panel { min-width: 0; margin: 0; }
.caption { font-size: 0.95rem; }
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
