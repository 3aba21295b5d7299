// A matrix shown as an ARIA grid in its panel (aria-grid.js), one Tab stop: the learner's
// numbers as a grid of number fields, the core's as a grid of buttons, where a press selects
// the button's row (or its cell). Shared by the widgets that lay matrices side by side
// (<attention-widget>, <encoder-widget>, <linear-widget>, ...), with the cells' look: 44 px or
// more, long numbers in smaller type (and in wider cells where one is too narrow; a long number
// typed widens its grid's cells too, shadow-styles.js), the selected row framed in every grid
// and highlighted among the fields. A panel keeps its grid: a change of
// sizes adds or removes only the rows and columns that come or go. A widget with a fixed set of
// grids, each with a shape its settings give, names a panel for each (namedGridPanel) and fits
// them all in one call (fitMatrixGrids).
import { gridPanel, rovingFocus } from './aria-grid.js';
import {
  element, keepChildren, numberField, setAttributeIfChanged, setText,
} from './element.js';

/**
 * A cell that holds one number field filling it, in any grid of cells (aria-grid.js's cellGrid):
 * the field draws the cell's frame and centres its own text, so the cell is a plain block. As a
 * flex container (the shared .cell) it would lay its field out again for every number that
 * changes, a large part of a size tap's layout on the encoder.
 */
export const editableCellCss = `
.cell.editable { display: block; padding: 0; border: none; background: transparent; overflow: visible; }
.cell.editable .number-field {
  block-size: 100%; min-height: 0; padding: 0.2rem; text-align: center; font-size: var(--cell-font);
}
`;

/** The grids' rules, for an element's shadow styles (colours from palette.js). */
export const matrixGridCss = `
.pass {
  --cell: 3.2rem;
  --gap: 3px;
  --cell-font: 0.95rem;
  --cell-font-long: 0.8rem;
  min-width: 0;
  display: grid;
  gap: 0.5rem;
}
${editableCellCss}
.cell.out { display: block; padding: 0; border: none; background: transparent; overflow: visible; }
/* A button fills its cell, whose size is fixed: with its size and layout contained, it is a
   layout boundary, so a number that changes lays out its own button alone rather than its cell,
   row, grid and every box around them. Contained, it has no baseline to sit on a line by, so it
   is a block: inline, it would hang below the line and make the grid's scroller scroll up and
   down. Paint containment is left out: it would snap the number to whole pixels. */
.cell button.computed {
  display: block; inline-size: 100%; block-size: 100%; min-height: 0; padding: 0; border-radius: 0.375rem;
  font-variant-numeric: tabular-nums; font-size: var(--cell-font); white-space: nowrap; overflow: hidden;
  contain: size layout;
}
.cell button.computed.long { font-size: var(--cell-font-long); }
/* A selection thickens the frame of the pressed cell and of the fields that enter its sum with
   an inset shadow inside the border, which takes no room: a wider border would lay those cells
   out again at every selection. Forced colours drop shadows and backgrounds, so there the
   border itself is wider. */
.cell.out button.computed[aria-pressed="true"] {
  background: var(--pool-highlight); color: var(--pool-text); box-shadow: inset 0 0 0 2px var(--pool-accent);
}
.cell.editable.in-window { outline: none; background: transparent; }
.cell.editable.in-window .number-field {
  background: var(--pool-highlight); border-color: var(--pool-accent);
  box-shadow: inset 0 0 0 1px var(--pool-accent), var(--field-shadow);
}
@media (forced-colors: active) {
  .cell.out button.computed[aria-pressed="true"] { border-width: 4px; }
  .cell.editable.in-window .number-field { border-width: 3px; }
}
`;

/**
 * A grid's panel (gridPanel's), named by data-grid and by its caption's id (`<name>-caption`)
 * for the page and its tests.
 * @param {string} name
 */
export function namedGridPanel(name) {
  const panel = gridPanel(`${name}-caption`);
  panel.figure.dataset.grid = name;
  return panel;
}

/**
 * Where a cell sits as a listener hears it, rows and columns from 1, in the words of `t` (a
 * translator): "row 2, column 3". Never "2,3": the course's fields refuse that as a decimal
 * comma, and a screen reader may read it as 2.3.
 */
export const placeName = (t, row, column) => t('shared.grid.place', { row: row + 1, column: column + 1 });

/** @typedef {{ key: string, shape: (settings: object) => [number, number] }} GridShape */

/**
 * Fits a widget's grids to the shapes its settings give them, each grid in its panel
 * (els.panels[key]), in the words of `w` (the widget's messages): a grid's label is
 * `grids.<key>` and its caption `captions.<key>`, both given { rows, columns }, and a field's
 * label `fields.<key>`, given { place } (placeOf's, placeName's words where the widget names
 * its cells no other way). Keeps them in els, row-major: fields[key] and cells[key] (the fields'
 * cells, which a selection highlights) for an editable grid, buttons[key] for a computed one.
 * Each grid adds or removes only the rows and columns that come or go (fieldGrid,
 * computedGrid), so a grid whose shape stays is not touched and a cell that stays keeps its
 * node, and the focus if it has it. Each grid is one Tab stop.
 * @param {{ panels: object, fields: object, cells: object, buttons: object }} els
 * @param {{ editable: GridShape[], computed: GridShape[] }} grids the number fields' grids (`key`
 *   the list setting each holds) and the core's, in the order they are fitted
 * @param {object} settings
 * @param {(key: string, params?: object) => string} w
 * @param {{ placeOf: (key: string, row: number, column: number) => string, named?: boolean }}
 *   options `placeOf` names a field's place in grid `key` (rows and columns from 0); `named`:
 *   each button says its grid in data-grid (for a press that names the grid)
 */
export function fitMatrixGrids(els, { editable, computed }, settings, w, { placeOf, named = false }) {
  const words = (key, rows, columns) => ({
    label: w(`grids.${key}`, { rows, columns }), caption: w(`captions.${key}`, { rows, columns }), rows, columns,
  });
  for (const { key, shape } of editable) {
    const [rows, columns] = shape(settings);
    const { fields, cells } = fieldGrid(els.panels[key], {
      key, ...words(key, rows, columns), fieldLabel: (row, column) => w(`fields.${key}`, { place: placeOf(key, row, column) }),
    });
    els.fields[key] = fields;
    els.cells[key] = cells;
  }
  for (const { key, shape } of computed) {
    const [rows, columns] = shape(settings);
    els.buttons[key] = computedGrid(els.panels[key], { ...words(key, rows, columns), name: named ? key : undefined });
  }
}

/**
 * A grid of number fields [rows, columns] over the list setting `key`, field i at index i, in
 * `panel` (from gridPanel), whose caption it writes. Called again for the same panel, it fits
 * the grid it made to the new sizes (see fitGrid); the fields' data-index follows the columns.
 * @param {{ caption: HTMLElement, scroller: HTMLElement }} panel
 * @param {{ key: string, label: string, caption: string, rows: number, columns: number,
 *   fieldLabel: (row: number, column: number) => string }} grid fieldLabel counts from 0
 * @returns {{ fields: HTMLInputElement[], cells: HTMLElement[] }} row-major, the panel's own
 *   arrays (a later call updates them); the cells are what a selection highlights (in-window)
 */
export function fieldGrid(panel, { key, label, caption, rows, columns, fieldLabel }) {
  const grid = keptGrid(panel, {
    label, caption, part: 'input', rows, columns,
    make: (row, column) => {
      const field = numberField(fieldLabel(row, column), { key });
      return element('div', { class: 'cell editable', role: 'gridcell' }, [field]);
    },
  });
  grid.items.forEach((field, index) => setAttributeIfChanged(field, 'data-index', index));
  return { fields: grid.items, cells: grid.cells };
}

/**
 * A grid of buttons [rows, columns] for the core's numbers, in `panel`, whose caption it writes;
 * each button says its place in data-row and data-column (from 0), and with `name` its grid in
 * data-grid (for a widget whose press names the grid as well as the place). Called again for
 * the same panel, it fits the grid it made to the new sizes (see fitGrid).
 * @param {{ caption: HTMLElement, scroller: HTMLElement }} panel
 * @param {{ label: string, caption: string, rows: number, columns: number, name?: string }} grid
 * @returns {HTMLButtonElement[]} row-major, the panel's own array (a later call updates it)
 */
export function computedGrid(panel, { label, caption, rows, columns, name }) {
  return keptGrid(panel, {
    label, caption, part: 'grid', readonly: true, rows, columns,
    make: (row, column) => {
      const button = element('button', {
        type: 'button', class: 'computed', 'aria-pressed': 'false', 'data-grid': name, 'data-row': row, 'data-column': column,
      });
      return element('div', { class: 'cell out', role: 'gridcell' }, [button]);
    },
  }).items;
}

// Each panel's grid, by its scroller: made on a panel's first call, fitted on the later ones.
const grids = new WeakMap();

function keptGrid(panel, { label, caption, part, readonly = false, rows, columns, make }) {
  const { scroller } = panel;
  let grid = grids.get(scroller);
  if (grid?.root.parentNode !== scroller) {
    const root = element('div', { class: 'grid', role: 'grid', part, 'aria-readonly': readonly && 'true' });
    grid = { root, columns: 0, items: [], cells: [] };
    // The keys read the grid's columns as they are when pressed.
    rovingFocus(root, grid.items, () => grid.columns);
    grids.set(scroller, grid);
    fitGrid(grid, rows, columns, make);
    scroller.replaceChildren(root);
  } else {
    fitGrid(grid, rows, columns, make);
  }
  setAttributeIfChanged(grid.root, 'aria-label', label);
  setText(panel.caption, caption);
  return grid;
}

/**
 * Fits a grid to [rows, columns], touching only what comes or goes: the rows and columns beyond
 * the new sizes are removed, the new cells are made by `make(row, column)` (a cell holding its
 * item), and every other cell keeps its node (its number, its classes, and the focus if it has
 * it), so a size tap lays out a row or a column rather than the whole grid. The Tab stop stays
 * on its item if that remains, else it is the first.
 */
function fitGrid(grid, rows, columns, make) {
  const stop = grid.items.find((item) => item.tabIndex === 0);
  const cells = keepChildren(grid.root, rows, () => element('div', { class: 'row', role: 'row' }))
    .flatMap((row, r) => keepChildren(row, columns, (c) => make(r, c)));
  grid.columns = columns;
  // In place: rovingFocus holds the items' array.
  grid.items.splice(0, grid.items.length, ...cells.map((cell) => cell.firstElementChild));
  grid.cells.splice(0, grid.cells.length, ...cells);
  const tabStop = grid.items.includes(stop) ? stop : grid.items[0];
  for (const item of grid.items) {
    const tabIndex = item === tabStop ? 0 : -1;
    if (item.tabIndex !== tabIndex) item.tabIndex = tabIndex;
  }
}
