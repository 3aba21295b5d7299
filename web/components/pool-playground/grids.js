// The playground's four grids, built on the shared ARIA grid (../shared/aria-grid.js): the
// input with its padding and a text field per cell, the output as one button per window, the
// upstream gradient as text fields, and the gradient at the input as numbers.
import { cellGrid, fitText, rovingFocus, showNumber } from '../shared/aria-grid.js';
import { element } from '../shared/element.js';
import { formatNumber } from '../shared/format-number.js';

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

/**
 * The input picture with its padding drawn around it. Real cells hold a text field each.
 * @returns {{ grid: HTMLElement, fields: HTMLInputElement[], cellAt: (y: number, x: number) => HTMLElement }}
 *   cellAt takes input coordinates (padding has y < 0 or y >= H) and returns the cell's box.
 */
export function inputGrid({ height, width, padding, padText, values, label }) {
  const fields = [];
  const { grid, cellAt } = cellGrid({
    label, part: 'input-grid', rows: height, columns: width, padding, padText,
    fill: (cell, index, y, x) => {
      fields.push(cell.appendChild(numberField(`Input row ${y + 1}, column ${x + 1}`, values[index], index === 0)));
    },
  });
  rovingFocus(grid, fields, width);
  return { grid, fields, cellAt };
}

/**
 * The output: one button per window, showing the core's value; average pooling also shows the
 * window's divisor (drawn by CSS from data-divisor, so the cell's text stays the number).
 */
export function outputGrid({ rows, columns, values, divisors, extra, label, describedBy }) {
  const buttons = [];
  const { grid } = cellGrid({
    label, part: 'output-grid', rows, columns,
    fill: (cell, index) => {
      cell.classList.add('out');
      const button = element('button', { type: 'button', class: 'window', 'aria-pressed': 'false' }, formatNumber(values[index]));
      if (divisors) button.dataset.divisor = `÷${formatNumber(divisors[index])}`;
      if (extra[index]) {
        cell.classList.add('extra');
        if (describedBy) button.setAttribute('aria-describedby', describedBy);
      }
      button.tabIndex = index === 0 ? 0 : -1;
      fitText(button, button.textContent);
      buttons.push(cell.appendChild(button));
    },
  });
  rovingFocus(grid, buttons, columns);
  return { grid, buttons };
}

/** A read-only grid of numbers (the gradient at the input). */
export function valueGrid({ rows, columns, values, label, part }) {
  return cellGrid({ label, part, rows, columns, readonly: true, fill: (cell, index) => showNumber(cell, values[index]) });
}

/** A grid of text fields (the upstream gradient), one per output. */
export function fieldGrid({ rows, columns, values, label, part, fieldLabel }) {
  const fields = [];
  const { grid } = cellGrid({
    label, part, rows, columns,
    fill: (cell, index, r, c) => {
      fields.push(cell.appendChild(numberField(fieldLabel(r, c), values[index], index === 0)));
    },
  });
  rovingFocus(grid, fields, columns);
  return { grid, fields };
}
