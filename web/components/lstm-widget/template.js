// The shadow tree of <lstm-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the gates' settings (one ARIA grid of number
// fields, a row per gate and a column per number, and a slider for the forget gate's bias), the
// timeline (../shared/step-timeline.js: a column per step with its button, its input as a field,
// the core's gates, cell state, output and gradients with small bars, and the add and remove
// buttons for steps), the step written out, the alerts and the live region. The element fills
// in the numbers.
import { rovingFocus } from '../shared/aria-grid.js';
import { element, labelled, numberField } from '../shared/element.js';
import { StepTimeline } from '../shared/step-timeline.js';
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

/** A gate's number field's name ("Forget gate f, b"), by which the slider's changes are said too. */
const fieldLabel = (w, gate, param) => w('grid.field', { gate: w(`gates.${gate}.name`), param: w(`grid.${param}`) });

/** One gate's row of the grid: its name and function, then its three number fields. */
function gateRow(gate, w) {
  const fields = PARAMS.map((param, index) => numberField(fieldLabel(w, gate, param), { key: gateKey(gate), index }));
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
    'data-label': fieldLabel(w, 'forget', PARAMS[BIAS]),
    'data-key': gateKey('forget'), 'data-index': BIAS,
  });
  // The heading names the grid; the section is no region named by it too, which a screen reader
  // would announce before the grid with the same words.
  const gates = element('section', { class: 'gates' }, [
    element('h3', { id: 'gates-title' }, w('gates.title')),
    element('p', { class: 'hint' }, w('gates.hint')),
    element('div', { class: 'scroll' }, [gateGrid(w)]),
    labelled(w('slider.label'), slider, { class: 'control slider-control' }),
  ]);

  const rowHead = (name) => [
    element('span', { class: 'symbol' }, w(`rows.${name}.symbol`)), ' ', element('span', { class: 'words' }, w(`rows.${name}.words`)),
  ];
  const timeline = new StepTimeline({
    w,
    max: MAX_STEPS,
    caption: w('timeline.caption'),
    inputHead: rowHead('x'),
    rows: TIMELINE_ROWS.map(({ name }) => ({ name, head: rowHead(name), cell: numberCell, attributes: { 'data-row': name } })),
  });
  const timelineSection = element('section', { class: 'timeline', 'aria-labelledby': 'timeline-title', part: 'timeline' }, [
    element('h3', { id: 'timeline-title' }, w('timeline.title')),
    element('p', { class: 'hint' }, w('timeline.hint')),
    element('div', { class: 'scroll' }, [timeline.table]),
    timeline.resizeRow,
  ]);

  const writtenTitle = element('h3', { id: 'written-title' });
  const lines = element('ul', { class: 'lines', part: 'written' });
  const written = element('section', { class: 'written', 'aria-labelledby': 'written-title' }, [writtenTitle, lines]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')),
    fieldAlert, gates, timelineSection, written,
    element('p', { class: 'hint' }, w('rule')),
    status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, slider, timeline, writtenTitle, lines,
    },
  };
}

// A number's cell: its text, and a small bar under it that draws the same number (hidden from
// assistive technology, which reads the text).
function numberCell() {
  return element('td', { class: 'number' }, [
    element('span', { class: 'value' }),
    element('span', { class: 'bar', 'aria-hidden': 'true' }, [element('span', { class: 'fill' })]),
  ]);
}
