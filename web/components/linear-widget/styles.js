// The shadow root's styles: the course palette, the shared rules (grids, cells, buttons) and the
// matrices' cells (matrix-grid.js: 44 px or more, the selected cell framed, the fields that
// enter its sum highlighted), then the layer's layout: the grids of each pass side by side where
// they fit and wrapping on a phone, each scrolling inside its own box, and the sum in tabular
// figures.
import { fieldCss } from '../shared/field-styles.js';
import { matrixGridCss } from '../shared/matrix-grid.js';
import { paletteCss } from '../shared/palette.js';
import { shadowCss } from '../shared/shadow-styles.js';

export const cssText = `${paletteCss}${shadowCss}${fieldCss}${matrixGridCss}
.body { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; min-width: 0; }
h3 { margin: 0; font-size: 1.05rem; }
.stage { gap: 0.75rem 1.5rem; }
.panel { min-width: 0; }
.panel[hidden] { display: none; }
.caption { font-size: 0.95rem; }
.sum { margin: 0; font-size: 1.05rem; font-variant-numeric: tabular-nums; overflow-wrap: break-word; }
.hint, .status { margin: 0; color: var(--pool-muted); font-size: 0.9rem; }
`;
