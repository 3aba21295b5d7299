// The shadow tree of <positions-widget>, built in the words of a translator with DOM calls (a
// page that enforces Trusted Types can host it): four steppers (positions L and d_model, the
// selected and the compared position, each a number field between −/+ buttons), the selected
// position's clocks with the compared one's hands beside them (first: they are the lesson's
// point, and small), the table as a heat map (an ARIA grid, one Tab stop), the two rows'
// numbers, the alerts and the live region. The heat map, the clocks and the rows take the
// sizes, so the element fits them (fitTable) whenever the sizes change; it fills in the
// numbers.
import { rovingFocus } from '../shared/aria-grid.js';
import {
  element, keepChildren, numberField, setAttributeIfChanged, svgElement as svg,
} from '../shared/element.js';
import { subscript } from '../shared/format-number.js';
import { CHOSEN, SIZES } from './settings.js';

/** Column j's name, as the formula has it: sin ωᵢ for column 2i, cos ωᵢ for column 2i + 1. */
export const columnName = (j) => `${j % 2 === 0 ? 'sin' : 'cos'} ω${subscript(Math.floor(j / 2))}`;

// One stepper: its words, then "−", a number field and "+", in a group named by the words. A
// size's field is the element's own (data-size: it is read when committed, and a smaller L
// moves the chosen positions); a position's field is the SettingsWidget's (data-key).
function stepper(w, key, ownField) {
  const label = element('span', { class: 'stepper-label', id: `${key}-label` }, w(`steppers.${key}.label`));
  const field = ownField
    ? element('input', {
      type: 'text', autocomplete: 'off', spellcheck: 'false', class: 'number-field', 'aria-label': w(`steppers.${key}.label`), 'data-size': key,
    })
    : numberField(w(`steppers.${key}.label`), { key });
  // Whole numbers only: a phone's keypad needs no point.
  field.inputMode = 'numeric';
  const fewer = element('button', { type: 'button', class: 'step', 'data-step': key, 'data-by': '-1', 'aria-label': w(`steppers.${key}.fewer`) }, '−');
  const more = element('button', { type: 'button', class: 'step', 'data-step': key, 'data-by': '1', 'aria-label': w(`steppers.${key}.more`) }, '+');
  const group = element('div', { class: 'stepper', role: 'group', 'aria-labelledby': `${key}-label` }, [
    label, element('span', { class: 'stepper-buttons' }, [fewer, field, more]),
  ]);
  return { group, field, fewer, more };
}

// The key to the hands: a short stroke in each hand's style, then its words.
function handKey(kind) {
  const line = svg('svg', { class: 'hand-key', viewBox: '0 0 28 8', 'aria-hidden': 'true' }, [
    svg('line', { class: `hand ${kind}`, x1: '2', y1: '4', x2: '26', y2: '4' }),
  ]);
  const words = element('span');
  return { item: element('span', { class: 'key-item' }, [line, words]), words };
}

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`positions-widget.${key}`, params);
  const steppers = Object.fromEntries([
    ...SIZES.map(({ key }) => [key, stepper(w, key, true)]),
    ...CHOSEN.map((key) => [key, stepper(w, key, false)]),
  ]);
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('steppers.label'), part: 'controls' },
    Object.values(steppers).map(({ group }) => group));

  const mapCaption = element('h3', { id: 'map-title' });
  const mapBox = element('div', { class: 'scroller map-box' });
  const readout = element('p', { class: 'readout' }, w('map.readoutEmpty'));
  const scale = element('div', { class: 'scale', 'aria-hidden': 'true' }, [
    element('span', {}, '−1'), element('span', { class: 'scale-bar' }), element('span', {}, '1'),
  ]);
  const map = element('section', { class: 'part', 'aria-labelledby': 'map-title', part: 'map' }, [
    mapCaption, element('p', { class: 'hint' }, w('map.hint')), scale, mapBox, readout,
  ]);

  const clocksTitle = element('h3', { id: 'clocks-title' });
  const selectedKey = handKey('selected');
  const compareKey = handKey('compare');
  const clockList = element('div', { class: 'clock-list' });
  const clocks = element('section', { class: 'part', 'aria-labelledby': 'clocks-title', part: 'clocks' }, [
    clocksTitle, element('p', { class: 'hint' }, w('clocks.hint')),
    element('p', { class: 'hand-keys' }, [selectedKey.item, compareKey.item]), clockList,
  ]);

  const rowsTitle = element('h3', { id: 'rows-title' });
  const head = {
    column: element('th', { scope: 'col' }, w('rows.column')),
    name: element('th', { scope: 'col' }, w('rows.name')),
    selected: element('th', { scope: 'col' }),
    compare: element('th', { scope: 'col' }),
  };
  const body = element('tbody');
  // The heading names the table; the section is no region named by it too, which a screen reader
  // would announce before the table with the same words.
  const rows = element('section', { class: 'part', part: 'rows' }, [
    rowsTitle,
    element('div', { class: 'scroller' }, [element('table', { class: 'rows', 'aria-labelledby': 'rows-title' }, [
      element('thead', {}, [element('tr', {}, Object.values(head))]), body,
    ])]),
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const content = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')), controls, fieldAlert, clocks, map, rows, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, content]);
  return {
    tree: root,
    els: {
      root, body: content, alert, fieldAlert, status, steppers, mapCaption, mapBox, readout, clocksTitle, clockList,
      handKeys: { selected: selectedKey.words, compare: compareKey.words }, rowsTitle, head, rowsBody: body,
      built: null, map: null, cells: [], rowHeads: [], clocks: [], rowCells: [],
    },
  };
}

// The heat map's sizes: a cell's width and height shrink as the table grows, so 64 × 64 stays
// a picture (its box scrolls sideways where it is wider than the room).
const cellWidth = (dModel) => (dModel <= 8 ? '2.25rem' : dModel <= 16 ? '1.75rem' : dModel <= 32 ? '1rem' : '0.75rem');
const cellHeight = (positions) => (positions <= 16 ? '1.5rem' : positions <= 32 ? '1rem' : '0.75rem');

/**
 * Fits the heat map, the clocks and the rows' table to the sizes of `settings`, and keeps their
 * parts in els: map (the grid, its head row and its number of columns), cells (row-major, the
 * array the grid's keys read), rowHeads, clocks ({ picture, hands, tips, omega }), rowCells
 * ([selected, compare] per column). Only the rows, columns and clocks that come or go are made
 * or removed: a cell that stays keeps its node (its shade, its name, and the focus if it has it).
 */
export function fitTable(els, { positions, dModel }, t) {
  const w = (key, params) => t(`positions-widget.${key}`, params);
  if (!els.map) {
    const head = element('div', { class: 'map-row head', role: 'row' }, [
      element('span', { class: 'corner', role: 'columnheader' }, w('map.position')),
    ]);
    const grid = element('div', { class: 'map', role: 'grid', 'aria-readonly': 'true' }, [head]);
    els.map = { grid, head, columns: 0 };
    // The keys read the columns as they are when pressed.
    rovingFocus(grid, els.cells, () => els.map.columns);
    els.mapBox.replaceChildren(grid);
  }
  const { map } = els;
  // After the corner, a head per column.
  keepChildren(map.head, dModel + 1, (n) => element('span', {
    class: 'column-head', role: 'columnheader', 'aria-label': w('map.columnHead', { column: n - 1, name: columnName(n - 1) }),
  }, columnName(n - 1)));
  // After the head row, a row per position; after its head, a cell per column in each row.
  const rows = keepChildren(map.grid, positions + 1, (n) => element('div', { class: 'map-row', role: 'row' }, [
    element('span', { class: 'row-head', role: 'rowheader' }, String(n - 1)),
  ])).slice(1);
  const cells = rows.flatMap((row, pos) => keepChildren(row, dModel + 1, (n) => {
    const cell = element('span', { class: 'map-cell', role: 'gridcell', 'data-position': pos, 'data-column': n - 1 });
    cell.tabIndex = -1;
    return cell;
  }).slice(1));
  els.cells.splice(0, els.cells.length, ...cells);
  els.rowHeads = rows.map((row) => row.firstElementChild);
  map.columns = dModel;
  setAttributeIfChanged(map.grid, 'aria-label', w('map.grid', { positions, dModel }));
  // Through the CSSOM: a page whose CSP forbids inline styles still lets a script set these.
  for (const [name, value] of [['--col', cellWidth(dModel)], ['--row', cellHeight(positions)]]) {
    if (map.grid.style.getPropertyValue(name) !== value) map.grid.style.setProperty(name, value);
  }

  els.clocks = keepChildren(els.clockList, dModel / 2, (i) => clock(w, i)).map((figure) => clockParts.get(figure));

  els.rowCells = keepChildren(els.rowsBody, dModel, (j) => element('tr', {}, [
    element('td', { class: 'number' }, String(j)), element('th', { scope: 'row' }, columnName(j)),
    element('td', { class: 'number' }), element('td', { class: 'number' }),
  ])).map((row) => [row.children[2], row.children[3]]);
}

// Each clock's parts that the element draws, by its figure.
const clockParts = new WeakMap();

// Clock i's figure: a face with a mark at noon, the compared hand under the selected one, and a
// caption naming the clock, with room for its frequency. The caption is for the eye: the
// picture's name says the clock and its frequency before the hands, and a figure named by the
// caption too would be heard saying them twice.
function clock(w, i) {
  const hands = {
    compare: svg('line', { class: 'hand compare', x1: '0', y1: '0' }),
    selected: svg('line', { class: 'hand selected', x1: '0', y1: '0' }),
  };
  const tips = { compare: svg('circle', { class: 'tip compare', r: '0.09' }), selected: svg('circle', { class: 'tip selected', r: '0.09' }) };
  const picture = svg('svg', { class: 'clock', viewBox: '-1.2 -1.2 2.4 2.4', role: 'img' }, [
    svg('circle', { class: 'face', cx: '0', cy: '0', r: '1' }),
    svg('line', { class: 'noon', x1: '0', y1: '-1', x2: '0', y2: '-0.8' }),
    hands.compare, tips.compare, hands.selected, tips.selected,
    svg('circle', { class: 'pin', cx: '0', cy: '0', r: '0.07' }),
  ]);
  const caption = element('div', { class: 'clock-caption', 'aria-hidden': 'true' }, [
    element('span', { class: 'clock-name' }, w('clocks.name', { clock: i })), element('span', { class: 'omega' }),
  ]);
  const figure = element('div', { class: 'clock-figure' }, [picture, caption]);
  clockParts.set(figure, { picture, hands, tips, omega: caption.lastChild });
  return figure;
}
