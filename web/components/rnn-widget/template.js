// The shadow tree of <rnn-widget>, built in the words of a translator with DOM calls (a page that
// enforces Trusted Types can host it): the cell's settings (w_ih, w_hh with a slider, the bias,
// h0 and the nonlinearity), the timeline (a table with one column per step: a button that
// selects the step, the input as a number field, the state, the gradient reaching the step and
// a bar of its size on a log scale), the add and remove buttons for steps, the parameters'
// gradients, the selected step written out, the alerts and the live region. The columns follow
// the number of steps, so the element builds them (buildColumns) when that changes; it fills in
// the numbers.
import { rovingFocus } from '../shared/aria-grid.js';
import { resizeButtons } from '../shared/class-scores.js';
import { element, labelled, numberField, settingSelect } from '../shared/element.js';
import { numberCells, numberFieldCells } from '../shared/number-row.js';
import { LIMIT, MAX_STEPS, NONLINEARITIES } from './settings.js';

/** The parameters' gradients, in the order the table lists them: the keys of rnnNumbers. */
export const GRADIENTS = Object.freeze(['gradWHh', 'gradWIh', 'gradBias', 'gradH0']);

// The w_hh slider's reach: the values where fading turns into exploding.
const SLIDER = { min: '-2', max: '2', step: '0.05' };

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`rnn-widget.${key}`, params);
  const field = (key) => labelled(w(`controls.${key}`), numberField(w(`controls.${key}`), { key }));
  const slider = element('input', {
    type: 'range', class: 'slider', ...SLIDER, 'aria-label': w('controls.wHhSlider'), 'data-key': 'wHh',
  });
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    field('wIh'),
    element('div', { class: 'pair' }, [field('wHh'), slider]),
    field('bias'),
    field('h0'),
    labelled(w('controls.nonlinearity'), settingSelect(w('controls.nonlinearity'), 'nonlinearity', NONLINEARITIES.map((name) => [name, name]))),
  ]);
  const limits = element('p', { class: 'hint' }, w('controls.limits', { limit: LIMIT }));

  const { add, remove, buttons } = resizeButtons(w, 'steps', { min: 1, max: MAX_STEPS });
  const caption = element('caption', { class: 'caption' });
  const head = element('tr');
  const rows = element('tbody');
  const timeline = element('section', { class: 'timeline', 'aria-labelledby': 'timeline-title', part: 'timeline' }, [
    element('h3', { id: 'timeline-title' }, w('timeline.title')),
    element('div', { class: 'scroll' }, [
      element('table', { class: 'steps' }, [caption, element('thead', {}, [head]), rows]),
    ]),
    element('p', { class: 'hint' }, w('timeline.scale')),
    buttons,
  ]);

  const gradientCells = {};
  const gradients = element('section', { class: 'gradients', 'aria-labelledby': 'gradients-title', part: 'gradients' }, [
    element('h3', { id: 'gradients-title' }, w('gradients.title')),
    element('table', {}, [element('tbody', {}, GRADIENTS.map((key) => {
      gradientCells[key] = element('td', { class: 'number' });
      return element('tr', {}, [element('th', { scope: 'row' }, w(`gradients.${key}`)), gradientCells[key]]);
    }))]),
  ]);

  const selectedTitle = element('h3', { id: 'selected-title' });
  const forward = element('p', { class: 'equation forward' });
  const backward = element('p', { class: 'equation backward' });
  const slope = element('p', { class: 'hint slope' });
  const note = element('p', { class: 'hint note' });
  const selected = element('section', { class: 'selected', 'aria-labelledby': 'selected-title', part: 'step' }, [selectedTitle, forward, backward, slope, note]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')),
    controls, limits, fieldAlert, timeline, selected, gradients,
    element('p', { class: 'hint' }, w('rule')),
    status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, slider, add, remove, caption, head, rows,
      gradientCells, selectedTitle, forward, backward, slope, note, count: 0, stepButtons: [], cells: {}, bars: [],
    },
  };
}

/**
 * Gives the timeline one column per step (`count` of them): a button per step in the heading
 * row (one Tab stop; the arrow keys move along), the inputs' number fields, the cells of the
 * states and the gradients, and the bars.
 */
export function buildColumns(els, count, t) {
  const w = (key, params) => t(`rnn-widget.${key}`, params);
  const steps = Array.from({ length: count }, (_, i) => i + 1);
  const head = element('tr', {}, [
    element('td'),
    ...steps.map((step) => element('th', { scope: 'col' }, [
      element('button', { type: 'button', class: 'step', 'aria-pressed': 'false', 'data-step': step, tabindex: step === 1 ? '0' : '-1' }, w('timeline.step', { step })),
    ])),
  ]);
  els.head.replaceWith(head);
  els.head = head;
  els.stepButtons = [...head.querySelectorAll('button')];
  rovingFocus(head, els.stepButtons, count);
  const row = (label, cells, attributes = {}) => element('tr', attributes, [element('th', { scope: 'row' }, label), ...cells]);
  els.cells = { states: numberCells(count), gradHidden: numberCells(count) };
  els.bars = steps.map(() => element('span', { class: 'bar-fill' }));
  els.rows.replaceChildren(
    row(w('timeline.input'), numberFieldCells((i) => w('timeline.inputField', { step: i + 1 }), 'input', 0, count), { class: 'given' }),
    row(w('timeline.state'), els.cells.states),
    row(w('timeline.grad'), els.cells.gradHidden),
    // The bars repeat the gradients' row by length alone, so assistive technology skips them.
    row(w('timeline.bars'), els.bars.map((fill) => element('td', { class: 'bar' }, [element('span', { class: 'bar-track' }, [fill])])), { 'aria-hidden': 'true', class: 'bars' }),
  );
  els.count = count;
}
