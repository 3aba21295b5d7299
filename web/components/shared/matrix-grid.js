// A matrix shown as an ARIA grid in its panel (aria-grid.js), one Tab stop: the learner's
// numbers as a grid of number fields, the core's as a grid of buttons, where a press selects
// the button's row. Shared by the widgets that lay matrices side by side (<attention-widget>,
// <encoder-widget>), with the cells' look: 44 px or more, long numbers in smaller type, the
// selected row framed in every grid and highlighted among the fields.
import { cellGrid, rovingFocus } from './aria-grid.js';
import { element, numberField } from './element.js';

/** The grids' rules, for an element's shadow styles (colours from palette.js). */
export const matrixGridCss = `
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
.cell.out button.computed[aria-pressed="true"] { background: var(--pool-highlight); color: var(--pool-text); border-width: 4px; }
.cell.editable.in-window { outline: none; background: transparent; }
.cell.editable.in-window .number-field { background: var(--pool-highlight); border-color: var(--pool-accent); border-width: 3px; }
`;

/**
 * A grid of number fields [rows, columns] over the list setting `key`, field i at index i, in
 * `panel` (from gridPanel), whose caption it writes.
 * @param {{ caption: HTMLElement, scroller: HTMLElement }} panel
 * @param {{ key: string, label: string, caption: string, rows: number, columns: number,
 *   fieldLabel: (row: number, column: number) => string }} grid fieldLabel counts from 0
 * @returns {{ fields: HTMLInputElement[], cells: HTMLElement[] }} row-major; the cells are what
 *   a selection highlights (in-window)
 */
export function fieldGrid(panel, { key, label, caption, rows, columns, fieldLabel }) {
  const fields = [];
  const cells = [];
  const { grid } = cellGrid({
    label, part: 'input', rows, columns,
    fill: (cell, index, row, column) => {
      const field = numberField(fieldLabel(row, column), { key, index });
      field.tabIndex = index === 0 ? 0 : -1;
      cell.classList.add('editable');
      cell.append(field);
      fields.push(field);
      cells.push(cell);
    },
  });
  rovingFocus(grid, fields, columns);
  showGrid(panel, caption, grid);
  return { fields, cells };
}

/**
 * A grid of buttons [rows, columns] for the core's numbers, in `panel`, whose caption it writes;
 * each button says its place in data-row and data-column (from 0).
 * @returns {HTMLButtonElement[]} row-major
 */
export function computedGrid(panel, { label, caption, rows, columns }) {
  const buttons = [];
  const { grid } = cellGrid({
    label, part: 'grid', rows, columns, readonly: true,
    fill: (cell, index, row, column) => {
      const button = element('button', {
        type: 'button', class: 'computed', 'aria-pressed': 'false', 'data-row': row, 'data-column': column,
      });
      button.tabIndex = index === 0 ? 0 : -1;
      cell.classList.add('out');
      cell.append(button);
      buttons.push(button);
    },
  });
  rovingFocus(grid, buttons, columns);
  showGrid(panel, caption, grid);
  return buttons;
}

function showGrid({ caption, scroller }, text, grid) {
  caption.textContent = text;
  scroller.replaceChildren(grid);
}
