// The playground's four grids, built on the shared ARIA grid (../shared/aria-grid.js): the
// input with its padding and a text field per cell, the output as one button per window, the
// upstream gradient as text fields, and the gradient at the input as numbers (a table, as it
// holds nothing to focus). Each grid's name is what it holds and its size, such as "Output,
// 2 × 2", in the words of `t` (the playground's translator). `shape` is [rows, columns].
import { cellGrid, rovingFocus, shadeCells, showNumber } from '../shared/aria-grid.js';
import { element } from '../shared/element.js';
import { bySize, formatNumber } from '../shared/format-number.js';

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
export function inputGrid({ shape: [height, width], padding, padText, values, t }) {
  const fields = [];
  const { grid, cellAt } = cellGrid({
    label: t('pool-playground.forward.inputGrid', { size: bySize([height, width]) }), part: 'input-grid', rows: height, columns: width, padding, padText,
    fill: (cell, index, y, x) => {
      fields.push(cell.appendChild(numberField(t('pool-playground.forward.inputCell', { row: y + 1, column: x + 1 }), values[index], index === 0)));
    },
  });
  rovingFocus(grid, fields, width);
  return { grid, fields, cellAt };
}

/**
 * The output: one button per window, showing the core's value; average pooling also shows the
 * window's divisor (drawn by CSS from data-divisor, so the cell's text stays the number).
 */
export function outputGrid({ shape: [rows, columns], values, divisors, extra, describedBy, t }) {
  const buttons = [];
  const { grid } = cellGrid({
    label: t('pool-playground.forward.outputCaption', { size: bySize([rows, columns]) }), part: 'output-grid', rows, columns,
    fill: (cell, index) => {
      cell.classList.add('out');
      const button = element('button', { type: 'button', class: 'window', 'aria-pressed': 'false' });
      button.tabIndex = index === 0 ? 0 : -1;
      buttons.push(cell.appendChild(button));
    },
  });
  rovingFocus(grid, buttons, columns);
  const view = { grid, buttons };
  showOutput(view, { values, divisors, extra, describedBy, t });
  return view;
}

/**
 * Writes the numbers of an output of the same shape into a grid outputGrid built, and names
 * each window's button by its number and value: only what differs changes, so a new setting
 * does not build (and lay out) the grid again.
 */
export function showOutput({ buttons }, { values, divisors, extra, describedBy, t }) {
  buttons.forEach((button, index) => {
    showNumber(button, values[index]);
    // Named as the page and `selected` number windows, with the number it shows.
    const name = t('pool-playground.forward.window', { number: index + 1, value: formatNumber(values[index]) });
    if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
    const divisor = divisors ? `÷${formatNumber(divisors[index])}` : undefined;
    if (button.dataset.divisor !== divisor) {
      if (divisor === undefined) delete button.dataset.divisor;
      else button.dataset.divisor = divisor;
    }
    button.parentElement.classList.toggle('extra', Boolean(extra[index]));
    const describe = extra[index] && describedBy ? describedBy : null;
    if (button.getAttribute('aria-describedby') !== describe) {
      if (describe === null) button.removeAttribute('aria-describedby');
      else button.setAttribute('aria-describedby', describe);
    }
  });
  shadeCells(buttons, values);
}

/** The gradient at the input: numbers to read, a table. */
export function gradInputGrid({ shape: [rows, columns], values, t }) {
  const view = cellGrid({
    label: t('pool-playground.backward.gradInputGrid', { size: bySize([rows, columns]) }), part: 'grad-input-grid', rows, columns, table: true,
  });
  showNumbers(view.cells, values);
  return view;
}

/** Writes numbers into the cells of a grid of the same size (gradInputGrid's). */
export function showNumbers(cells, values) {
  cells.forEach((cell, index) => showNumber(cell, values[index]));
  shadeCells(cells, values);
}

/** The upstream gradient: a text field per output. */
export function gradOutputGrid({ shape: [rows, columns], values, t }) {
  const fields = [];
  const { grid } = cellGrid({
    label: t('pool-playground.backward.gradOutputGrid', { size: bySize([rows, columns]) }), part: 'grad-output-grid', rows, columns,
    fill: (cell, index, r, c) => {
      fields.push(cell.appendChild(numberField(t('pool-playground.backward.gradOutputCell', { row: r + 1, column: c + 1 }), values[index], index === 0)));
    },
  });
  rovingFocus(grid, fields, columns);
  return { grid, fields };
}
