// The shadow tree of <attention-widget>, built in the words of a translator with DOM calls (a
// page that enforces Trusted Types can host it): the sizes (a stepper each) and the causal
// switch, the queries, keys and values as grids of number fields, the scores, weights and
// output as grids of buttons (a press selects the button's query), the selected query written
// out, the alerts and the live region. The grids take the sizes (EDITABLE and COMPUTED give
// their shapes), so the element fits them (fitMatrixGrids) whenever the sizes change; it fills
// in the numbers.
import { element } from '../shared/element.js';
import { namedGridPanel } from '../shared/matrix-grid.js';
import { sizeSteppers } from '../shared/stepper.js';
import { SIZES } from './settings.js';

/** The grids of number fields: the setting each holds and its shape [rows, columns]. */
export const EDITABLE = Object.freeze([
  { key: 'query', shape: (s) => [s.queries, s.dim] },
  { key: 'key', shape: (s) => [s.keys, s.dim] },
  { key: 'value', shape: (s) => [s.keys, s.valueDim] },
]);

/** The computed grids: their key in the core's result and their shape; row r is query r. */
export const COMPUTED = Object.freeze([
  { key: 'scores', shape: (s) => [s.queries, s.keys] },
  { key: 'weights', shape: (s) => [s.queries, s.keys] },
  { key: 'output', shape: (s) => [s.queries, s.valueDim] },
]);

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`attention-widget.${key}`, params);
  const steppers = sizeSteppers(SIZES, w);
  const causal = element('input', { type: 'checkbox', class: 'check' });
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('sizes.label'), part: 'controls' }, [
    ...Object.values(steppers).map(({ group }) => group),
    element('label', { class: 'control checkbox' }, [causal, element('span', {}, w('causal'))]),
  ]);
  const panels = {};
  const panel = (name) => {
    panels[name] = namedGridPanel(name);
    return panels[name].figure;
  };
  const inputs = element('section', { class: 'pass', 'aria-labelledby': 'inputs-title', part: 'inputs' }, [
    element('h3', { id: 'inputs-title' }, w('inputs.title')),
    element('p', { class: 'hint' }, w('inputs.hint')),
    element('div', { class: 'stage' }, EDITABLE.map(({ key }) => panel(key))),
  ]);
  const maskHint = element('p', { class: 'hint' }, w('results.masked'));
  const results = element('section', { class: 'pass', 'aria-labelledby': 'results-title', part: 'results' }, [
    element('h3', { id: 'results-title' }, w('results.title')),
    element('p', { class: 'hint' }, w('results.hint')),
    maskHint,
    element('div', { class: 'stage' }, COMPUTED.map(({ key }) => panel(key))),
  ]);
  const selectedTitle = element('h3', { id: 'selected-title' });
  const lines = {
    scoresTitle: element('h4', {}),
    scores: element('div', { class: 'lines' }),
    softmaxTitle: element('h4', {}, w('selected.softmax')),
    softmax: element('div', { class: 'lines' }),
    outputTitle: element('h4', {}, w('selected.output')),
    output: element('div', { class: 'lines' }),
  };
  const selected = element('section', { class: 'pass written', 'aria-labelledby': 'selected-title', part: 'selected' }, [
    selectedTitle, ...Object.values(lines),
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')), controls, fieldAlert, inputs, results, selected, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, steppers, causal, panels, maskHint, selectedTitle, lines, built: null, fields: {}, cells: {}, buttons: {},
    },
  };
}

