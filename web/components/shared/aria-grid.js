// The grids both elements draw, and the one keyboard model they share. A grid whose cells hold
// items to focus (fields, buttons) is an ARIA grid of rows and cells; one that only shows
// numbers is an ARIA table, since a grid promises arrow keys to move among focusable cells.
// Padding drawn around either is hidden from assistive technology, since it holds no number of
// the learner's. Only one item of a grid is in the Tab order at a time (roving tabindex): the
// arrow keys move within the grid, Home and End go to its first and last item, and Tab leaves
// it from the item last used.
import { cellNumber } from './format-number.js';
import { element, setAttributeIfChanged, setText } from './element.js';

/**
 * A grid of `rows` x `columns` cells, with `padding` [ph, pw] cells of padding drawn around it
 * holding `padText`, named `label`. `fill(cell, index, row, column)` fills each real cell. With
 * `table`, the cells hold numbers to read and nothing to focus: a table of rows and cells.
 * @returns {{ grid: HTMLElement, cells: HTMLElement[], cellAt: (y: number, x: number) => HTMLElement | undefined }}
 *   cells: the real cells, row-major; cellAt takes grid coordinates, so padding has y < 0 or
 *   y >= rows (or the same for x), and returns any cell's box.
 */
export function cellGrid({ label, part, rows, columns, padding: [ph, pw] = [0, 0], padText = '', table = false, fill }) {
  const grid = element('div', { class: 'grid', role: table ? 'table' : 'grid', part, 'aria-label': label });
  const cells = [];
  const boxes = new Map();
  for (let y = -ph; y < rows + ph; y++) {
    const padRow = y < 0 || y >= rows;
    const row = element('div', padRow ? { class: 'row', 'aria-hidden': 'true' } : { class: 'row', role: 'row' });
    for (let x = -pw; x < columns + pw; x++) {
      let box;
      if (padRow || x < 0 || x >= columns) {
        box = element('div', { class: 'cell pad', 'aria-hidden': 'true' }, padText);
      } else {
        box = element('div', { class: 'cell', role: table ? 'cell' : 'gridcell' });
        fill?.(box, cells.length, y, x);
        cells.push(box);
      }
      boxes.set(`${y},${x}`, box);
      row.append(box);
    }
    grid.append(row);
  }
  return { grid, cells, cellAt: (y, x) => boxes.get(`${y},${x}`) };
}

/** A cell's text is the number (cellNumber); long numbers get a smaller type, and a wider cell, to fit. */
export function showNumber(node, value) {
  const text = cellNumber(value);
  setText(node, text);
  fitText(node, text);
}

/**
 * Shades each node by its value, from the grid's smallest (no shade) to its largest (full), so a
 * learner sees the picture's light and dark as well as its numbers. Values that are not finite,
 * and grids whose values are all equal, are left unshaded.
 * @param {HTMLElement[]} nodes
 * @param {ArrayLike<number>} values one per node
 */
export function shadeCells(nodes, values) {
  const finite = Array.from(values).filter(Number.isFinite);
  const low = Math.min(...finite);
  const span = Math.max(...finite) - low;
  nodes.forEach((node, index) => {
    const value = values[index];
    const shaded = span > 0 && Number.isFinite(value);
    node.classList.toggle('shaded', shaded);
    // Written only when it differs: an unchanged shade need not be styled again.
    const shade = shaded ? ((value - low) / span).toFixed(3) : '';
    if (node.style.getPropertyValue('--shade') !== shade) {
      if (shaded) node.style.setProperty('--shade', shade);
      else node.style.removeProperty('--shade');
    }
  });
}

/**
 * Marks `node` for a smaller type when `text` is long for a cell, and from 7 characters gives its
 * length (data-chars), by which its grid widens its cells to keep the number on one line
 * (shadow-styles.js).
 */
export function fitText(node, text) {
  node.classList.toggle('long', text.length >= 5);
  setAttributeIfChanged(node, 'data-chars', text.length >= 7 && Math.min(text.length, 14));
}

/**
 * A panel holding one grid: a caption (with `captionId`) above a box that scrolls sideways when
 * the grid is wider than the room. The caption is for the eye, hidden from assistive technology:
 * the grid's own name says it, and a figure named by the caption too would be heard saying it twice.
 * @returns {{ figure: HTMLElement, caption: HTMLElement, scroller: HTMLElement }} figure: the panel
 */
export function gridPanel(captionId, { figureClass = 'panel', scrollerClass = 'scroller' } = {}) {
  const caption = element('div', { class: 'caption', id: captionId, 'aria-hidden': 'true' });
  const scroller = element('div', { class: scrollerClass });
  const figure = element('div', { class: figureClass }, [caption, scroller]);
  return { figure, caption, scroller };
}

/**
 * Makes `items` (row-major, `columns` to a row, the focusable thing of each cell) one Tab stop
 * that the keys move through. Items are buttons or text fields. A text field keeps the keys
 * it needs: Left and Right move its caret and leave it only from its first or last position;
 * Home and End stay with it. A spinbutton needs Up and Down for its number, so it is no item.
 * `onMove(index)` hears which item became the Tab stop. A grid whose sizes change in place
 * passes the array it keeps up to date and `columns` as a function that reads the current count.
 * @param {HTMLElement} container holds the items; it listens for their keys
 * @param {HTMLElement[]} items
 * @param {number | (() => number)} columns
 * @param {(index: number) => void} [onMove]
 */
export function rovingFocus(container, items, columns, onMove = undefined) {
  container.addEventListener('keydown', (event) => {
    const current = items.indexOf(event.target);
    if (current < 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const across = typeof columns === 'function' ? columns() : columns;
    const next = nextIndex(event.key, current, across, items.length, caretOf(event.target));
    if (next === null || next < 0 || next >= items.length) return;
    event.preventDefault();
    items[next].focus();
    items[next].select?.();
  });
  container.addEventListener('focusin', (event) => {
    const index = items.indexOf(event.target);
    if (index < 0) return;
    items.forEach((item, i) => {
      item.tabIndex = i === index ? 0 : -1;
    });
    onMove?.(index);
  });
}

/**
 * Shows which of `buttons` is pressed (`pressed`, or none for null) and, unless `tabStop` is
 * null, makes that one the grid's Tab stop.
 */
export function markPressed(buttons, pressed, tabStop = pressed) {
  buttons.forEach((button, index) => {
    setAttributeIfChanged(button, 'aria-pressed', String(index === pressed));
    if (tabStop !== null) setAttributeIfChanged(button, 'tabindex', index === tabStop ? '0' : '-1');
  });
}

// Where a text field's caret is: null for anything else (a button has no keys of its own).
function caretOf(target) {
  if (target.tagName !== 'INPUT' || target.selectionStart === null) return null;
  const { selectionStart: start, selectionEnd: end, value } = target;
  return { atStart: start === 0 && end === 0, atEnd: start === value.length && end === value.length };
}

function nextIndex(key, current, columns, count, caret) {
  const column = current % columns;
  switch (key) {
    case 'ArrowUp': return current - columns;
    case 'ArrowDown': return current + columns;
    case 'ArrowLeft': return column > 0 && (!caret || caret.atStart) ? current - 1 : null;
    case 'ArrowRight': return column < columns - 1 && (!caret || caret.atEnd) ? current + 1 : null;
    case 'Home': return caret ? null : 0;
    case 'End': return caret ? null : count - 1;
    default: return null;
  }
}
