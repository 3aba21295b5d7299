// DOM builders for the playground's grids, and the arrow-key movement they share. Each grid is
// an ARIA grid of rows and cells; only one cell of a grid is in the Tab order at a time (roving
// tabindex), and the arrow keys move between cells.
import { formatNumber } from './format.js';

export function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? '' : value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function gridElement(label, part) {
  const grid = element('div', { class: 'grid', role: 'grid', part, 'aria-label': label });
  return grid;
}

// A text field for one number, in the Tab order only if it is the grid's first (`first`).
function numberField(label, value, first) {
  const field = element('input', {
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-label': label,
  });
  field.value = formatNumber(value);
  field.tabIndex = first ? 0 : -1;
  return field;
}

// Fills `grid` with `rows` rows of `columns` gridcells; `fill(cell, index)` fills each cell.
function fillRows(grid, rows, columns, fill) {
  for (let r = 0; r < rows; r++) {
    const row = element('div', { class: 'row', role: 'row' });
    for (let c = 0; c < columns; c++) {
      const cell = element('div', { class: 'cell', role: 'gridcell' });
      fill(cell, r * columns + c, r, c);
      row.append(cell);
    }
    grid.append(row);
  }
}

/**
 * The input picture with its padding drawn around it. Real cells hold a text field each.
 * @returns {{ grid: HTMLElement, fields: HTMLInputElement[], cellAt: (y: number, x: number) => HTMLElement }}
 *   cellAt takes input coordinates (padding has y < 0 or y >= H) and returns the cell's box.
 */
export function inputGrid({ height, width, padding: [ph, pw], padText, values, label }) {
  const grid = gridElement(label, 'input-grid');
  const fields = [];
  const boxes = new Map();
  for (let y = -ph; y < height + ph; y++) {
    const isPadRow = y < 0 || y >= height;
    const row = element('div', isPadRow ? { class: 'row', 'aria-hidden': 'true' } : { class: 'row', role: 'row' });
    for (let x = -pw; x < width + pw; x++) {
      let box;
      if (isPadRow || x < 0 || x >= width) {
        box = element('div', { class: 'cell pad', 'aria-hidden': 'true' }, padText);
      } else {
        box = element('div', { class: 'cell', role: 'gridcell' });
        const field = numberField(`Input row ${y + 1}, column ${x + 1}`, values[y * width + x], fields.length === 0);
        box.append(field);
        fields.push(field);
      }
      boxes.set(`${y},${x}`, box);
      row.append(box);
    }
    grid.append(row);
  }
  rovingGrid(grid, fields, width);
  return { grid, fields, cellAt: (y, x) => boxes.get(`${y},${x}`) };
}

/**
 * The output: one button per window, showing the core's value; average pooling also shows the
 * window's divisor (drawn by CSS from data-divisor, so the cell's text stays the number).
 */
export function outputGrid({ rows, columns, values, divisors, extra, label, describedBy }) {
  const grid = gridElement(label, 'output-grid');
  const buttons = [];
  fillRows(grid, rows, columns, (cell, index) => {
    cell.classList.add('out');
    const button = element('button', { type: 'button', class: 'window', 'aria-pressed': 'false' }, formatNumber(values[index]));
    if (divisors) button.dataset.divisor = `÷${formatNumber(divisors[index])}`;
    if (extra[index]) {
      cell.classList.add('extra');
      if (describedBy) button.setAttribute('aria-describedby', describedBy);
    }
    button.tabIndex = index === 0 ? 0 : -1;
    fitText(button, button.textContent);
    cell.append(button);
    buttons.push(button);
  });
  rovingGrid(grid, buttons, columns);
  return { grid, buttons };
}

/** A read-only grid of numbers (the gradient at the input). */
export function valueGrid({ rows, columns, values, label, part }) {
  const grid = gridElement(label, part);
  grid.setAttribute('aria-readonly', 'true');
  const cells = [];
  fillRows(grid, rows, columns, (cell, index) => {
    setNumber(cell, values[index]);
    cells.push(cell);
  });
  return { grid, cells };
}

/** A grid of text fields (the upstream gradient), one per output. */
export function fieldGrid({ rows, columns, values, label, part, fieldLabel }) {
  const grid = gridElement(label, part);
  const fields = [];
  fillRows(grid, rows, columns, (cell, index, r, c) => {
    const field = numberField(fieldLabel(r, c), values[index], index === 0);
    cell.append(field);
    fields.push(field);
  });
  rovingGrid(grid, fields, columns);
  return { grid, fields };
}

/** A cell's text is exactly the number; long numbers get a smaller type to fit. */
export function setNumber(cell, value) {
  const text = formatNumber(value);
  cell.textContent = text;
  fitText(cell, text);
}

function fitText(node, text) {
  node.classList.toggle('long', text.length >= 5);
  node.classList.toggle('longer', text.length >= 7);
}

// Arrow keys move between the grid's items; in a text field, Left and Right move the caret
// first and leave the field only from its first or last position.
function rovingGrid(grid, items, columns) {
  grid.addEventListener('keydown', (event) => {
    const current = items.indexOf(event.target);
    if (current < 0) return;
    const target = event.target;
    const isField = target.tagName === 'INPUT';
    const atStart = !isField || (target.selectionStart === 0 && target.selectionEnd === 0);
    const atEnd = !isField || (target.selectionStart === target.value.length && target.selectionEnd === target.value.length);
    const moves = {
      ArrowUp: current - columns,
      ArrowDown: current + columns,
      ArrowLeft: atStart && current % columns !== 0 ? current - 1 : null,
      ArrowRight: atEnd && current % columns !== columns - 1 ? current + 1 : null,
    };
    if (!isField) {
      moves.Home = current - (current % columns);
      moves.End = current - (current % columns) + columns - 1;
    }
    const next = moves[event.key];
    if (next === undefined || next === null || next < 0 || next >= items.length) return;
    event.preventDefault();
    items[current].tabIndex = -1;
    items[next].tabIndex = 0;
    items[next].focus();
    if (items[next].select) items[next].select();
  });
  grid.addEventListener('focusin', (event) => {
    const index = items.indexOf(event.target);
    if (index < 0) return;
    for (const item of items) item.tabIndex = item === event.target ? 0 : -1;
  });
}
