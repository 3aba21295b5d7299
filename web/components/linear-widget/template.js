// The shadow tree of <linear-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the forward pass (X, W and b as grids of number
// fields, Y as a grid of buttons), the backward pass (G as number fields, ∂L/∂x, ∂L/∂W and ∂L/∂b
// as buttons), the selected cell's sum, the alerts and the live region. The grids take the
// layer's sizes (EDITABLE and COMPUTED give their shapes), so the element fits them
// (fitMatrixGrids) whenever the sizes change; it fills in the numbers.
import { element } from '../shared/element.js';
import { namedGridPanel, placeName } from '../shared/matrix-grid.js';
import { biasShape, GRIDS } from './settings.js';

// The grids, in the order each pass draws them: the setting an editable one holds, or the
// computed grid a button names (settings.js's GRIDS), with its shape for the settings.
export const EDITABLE = Object.freeze([
  { key: 'input', shape: (s) => [s.batch, s.inFeatures] },
  { key: 'weight', shape: (s) => [s.outFeatures, s.inFeatures] },
  { key: 'bias', shape: biasShape },
  { key: 'gradOutput', shape: (s) => [s.batch, s.outFeatures] },
]);
export const COMPUTED = Object.freeze(Object.entries(GRIDS).map(([key, shape]) => ({ key, shape })));

/** Where a cell sits as a listener hears it, in the words of `t`: "row 2, column 3", or "3" in the bias and its gradient. */
export const placeOf = (t, name, row, column) => (name === 'bias' || name === 'grad_bias' ? `${column + 1}` : placeName(t, row, column));

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`linear-widget.${key}`, params);
  const panels = {};
  const panel = (name) => {
    panels[name] = namedGridPanel(name);
    return panels[name].figure;
  };
  const forward = element('section', { class: 'pass', 'aria-labelledby': 'forward-title', part: 'forward' }, [
    element('h3', { id: 'forward-title' }, w('forward.title')),
    element('p', { class: 'hint' }, w('forward.hint')),
    element('div', { class: 'stage' }, ['input', 'weight', 'bias', 'output'].map(panel)),
  ]);
  const upstream = element('p', { class: 'hint upstream' });
  const backward = element('section', { class: 'pass', 'aria-labelledby': 'backward-title', part: 'backward' }, [
    element('h3', { id: 'backward-title' }, w('backward.title')),
    element('p', { class: 'hint' }, w('backward.hint')),
    upstream,
    element('div', { class: 'stage' }, ['gradOutput', 'grad_input', 'grad_weight', 'grad_bias'].map(panel)),
  ]);
  const sumTitle = element('h3', { id: 'sum-title' }, w('sum.title'));
  const sum = element('p', { class: 'sum', part: 'sum' });
  const sumSection = element('section', { class: 'pass', 'aria-labelledby': 'sum-title' }, [sumTitle, element('p', { class: 'hint' }, w('sum.hint')), sum]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [fieldAlert, forward, sumSection, backward, status]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: { root, body, alert, fieldAlert, status, panels, upstream, sum, built: null, fields: {}, buttons: {}, cells: {} },
  };
}

