// The shadow tree of <lstm-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the gates' settings (one ARIA grid of number
// fields, a row per gate and a column per number, and a slider for the forget gate's bias), the
// timeline (a column per step: its button, its input as a field, the core's gates, cell state,
// output and gradients, with small bars), the step written out, the alerts and the live region.
// The timeline's columns follow the number of steps, so the element builds them
// (buildColumns) when that changes; it fills in the numbers.
import { rovingFocus } from '../shared/aria-grid.js';
import { resizeButtons } from '../shared/class-scores.js';
import { element, labelled, numberField } from '../shared/element.js';
import { BIAS, GATES, gateKey, MAX_STEPS } from './settings.js';

/** The timeline's rows after the input, top to bottom: what each shows, by its place in the core's numbers. */
export const TIMELINE_ROWS = Object.freeze([
  ...GATES.map((gate) => ({ name: gate, read: (numbers) => numbers.gates[gate] })),
  { name: 'cells', read: (numbers) => numbers.cells },
  { name: 'hidden', read: (numbers) => numbers.hidden },
  { name: 'gradCells', read: (numbers) => numbers.gradCells },
  { name: 'gradHidden', read: (numbers) => numbers.gradHidden },
]);

// The columns of the gates' grid: each gate's numbers [w_x, w_h, b] in order.
const PARAMS = Object.freeze(['wx', 'wh', 'b']);

/** One gate's row of the grid: its name and function, then its three number fields. */
function gateRow(gate, w) {
  const fields = PARAMS.map((param, index) => numberField(w('grid.field', { gate: w(`gates.${gate}.name`), param: w(`grid.${param}`) }), { key: gateKey(gate), index }));
  const header = element('div', { class: 'gate-name', role: 'rowheader' }, [
    element('span', {}, w(`gates.${gate}.name`)),
    element('span', { class: 'gate-role' }, w(`gates.${gate}.role`)),
  ]);
  const row = element('div', { class: 'gate-row', role: 'row' }, [header, ...fields.map((field) => element('div', { role: 'gridcell' }, [field]))]);
  return { row, fields };
}

/** The gates' grid: one Tab stop, the arrow keys move between its fields. */
function gateGrid(w) {
  const head = element('div', { class: 'gate-row head', role: 'row' }, [
    element('div', { role: 'columnheader' }, w('grid.gate')),
    ...PARAMS.map((param) => element('div', { role: 'columnheader', title: w(`grid.${param}Words`) }, w(`grid.${param}`))),
  ]);
  const rows = GATES.map((gate) => gateRow(gate, w));
  const fields = rows.flatMap((row) => row.fields);
  fields.forEach((field, i) => {
    field.tabIndex = i === 0 ? 0 : -1;
  });
  const grid = element('div', { class: 'gate-grid', role: 'grid', 'aria-labelledby': 'gates-title', part: 'gates' }, [head, ...rows.map(({ row }) => row)]);
  rovingFocus(grid, fields, PARAMS.length);
  return grid;
}

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`lstm-widget.${key}`, params);
  const slider = element('input', {
    type: 'range', min: '-10', max: '10', step: '0.5', class: 'slider', 'aria-label': w('slider.label'),
    'data-key': gateKey('forget'), 'data-index': BIAS,
  });
  const gates = element('section', { class: 'gates', 'aria-labelledby': 'gates-title' }, [
    element('h3', { id: 'gates-title' }, w('gates.title')),
    element('p', { class: 'hint' }, w('gates.hint')),
    element('div', { class: 'scroll' }, [gateGrid(w)]),
    labelled(w('slider.label'), slider, { class: 'control slider-control' }),
  ]);

  const head = element('thead');
  const rows = element('tbody');
  const { add, remove, buttons } = resizeButtons(w, 'steps', { min: 1, max: MAX_STEPS });
  const timeline = element('section', { class: 'timeline', 'aria-labelledby': 'timeline-title', part: 'timeline' }, [
    element('h3', { id: 'timeline-title' }, w('timeline.title')),
    element('p', { class: 'hint' }, w('timeline.hint')),
    element('div', { class: 'scroll' }, [element('table', {}, [
      element('caption', {}, w('timeline.caption')),
      head,
      rows,
    ])]),
    buttons,
  ]);

  const writtenTitle = element('h3', { id: 'written-title' });
  const lines = element('ul', { class: 'lines', part: 'written' });
  const written = element('section', { class: 'written', 'aria-labelledby': 'written-title' }, [writtenTitle, lines]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')),
    fieldAlert, gates, timeline, written,
    element('p', { class: 'hint' }, w('rule')),
    status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, slider, head, rows, add, remove, writtenTitle, lines, steps: 0, buttons: [], cells: {},
    },
  };
}

// A number's cell: its text, and a small bar under it that draws the same number (hidden from
// assistive technology, which reads the text).
const numberCell = () => element('td', { class: 'number' }, [
  element('span', { class: 'value' }),
  element('span', { class: 'bar', 'aria-hidden': 'true' }, [element('span', { class: 'fill' })]),
]);

/**
 * Gives the timeline one column per step (`steps` of them): the step buttons (one Tab stop, the
 * arrow keys move between them), the input's number fields and the cells of the core's numbers.
 * Keeps in els: buttons (one per step), cells[row name] (one per step) and the step count.
 */
export function buildColumns(els, steps, t) {
  const w = (key, params) => t(`lstm-widget.${key}`, params);
  const indices = Array.from({ length: steps }, (_, i) => i + 1);
  els.buttons = indices.map((step) => element('button', {
    type: 'button', class: 'step', 'aria-pressed': 'false', 'aria-label': w('timeline.step', { step }), 'data-step': step, tabindex: step === 1 ? '0' : '-1',
  }, String(step)));
  // A new row of buttons listens for its own keys; the old row goes with its listeners.
  const buttonRow = element('tr', {}, [element('th', { scope: 'col' }, w('timeline.stepHead')), ...els.buttons.map((button) => element('th', { scope: 'col' }, [button]))]);
  rovingFocus(buttonRow, els.buttons, steps);
  els.head.replaceChildren(buttonRow);
  const rowHead = (name) => element('th', { scope: 'row' }, [
    element('span', { class: 'symbol' }, w(`rows.${name}.symbol`)), ' ', element('span', { class: 'words' }, w(`rows.${name}.words`)),
  ]);
  const inputRow = element('tr', { class: 'given' }, [
    rowHead('x'),
    ...indices.map((step) => element('td', {}, [numberField(w('timeline.inputField', { step }), { key: 'input', index: step - 1 })])),
  ]);
  els.cells = {};
  const rows = TIMELINE_ROWS.map(({ name }) => {
    const cells = indices.map(numberCell);
    els.cells[name] = cells;
    return element('tr', { 'data-row': name }, [rowHead(name), ...cells]);
  });
  els.rows.replaceChildren(inputRow, ...rows);
  els.steps = steps;
}
