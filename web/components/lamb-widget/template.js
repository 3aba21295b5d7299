// The shadow tree of <lamb-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the optimiser's shared options, the steps, the two
// layers (each a table of its values, one column per value, with its parameter and gradient as
// number fields over the core's numbers after the last step, its trust ratio, and a
// step-by-step table that scrolls in a box of fixed height), the alerts and the live region.
// A layer's columns follow its number of values, so the element builds them (buildColumns)
// when that changes; it fills in the numbers.
import { resizeButtons } from '../shared/class-scores.js';
import { element, labelled, numberField } from '../shared/element.js';
import { numberCells, numberFieldCells } from '../shared/number-row.js';
import { SCROLL_STOP } from '../shared/scroll-stop.js';
import { gradKey, LAYERS, MAX_STEPS, MAX_VALUES, paramKey } from './settings.js';

/** The rows of a layer's table after its fields, top to bottom: the key of each in a layer's walk (model.js). */
export const RESULT_ROWS = Object.freeze(['before', 'expAvg', 'expAvgSq', 'update', 'param']);

// The rows named by PyTorch's names, in code type.
const CODE_ROWS = new Set(['expAvg', 'expAvgSq', 'update']);

/** One layer's section, and the parts of it the element fills in. */
function buildLayer(layer, t) {
  const w = (key, params) => t(`lamb-widget.${key}`, { layer, ...params });
  const caption = element('caption');
  const head = element('tr');
  const body = element('tbody');
  // The add and remove buttons' words, under this layer's own limits line.
  const { add, remove, buttons } = resizeButtons((key, params) => w(key.replace(/^layer\d+\./, 'resize.'), params), `layer${layer}`, { min: 1, max: MAX_VALUES });
  // Both layers have the two buttons: their names say which layer each changes.
  add.setAttribute('aria-label', w('resize.addName'));
  remove.setAttribute('aria-label', w('resize.removeName'));
  const ratio = element('p', { class: 'ratio' });
  const historyTitle = element('h4', { id: `history-title-${layer}` }, w('history.title'));
  const historyHead = element('tr');
  const historyRows = element('tbody');
  // A box of fixed height that scrolls once the steps or the values overflow it: then one Tab
  // stop, so the keyboard scrolls it too (SCROLL_STOP, which the SettingsWidget keeps). The
  // heading names the box, which holds the table and nothing else: the table named by it too
  // would be heard with the same words right after the box.
  const history = element('div', {
    class: 'history', role: 'region', 'aria-labelledby': `history-title-${layer}`, [SCROLL_STOP]: true,
  }, [element('table', {}, [element('thead', {}, [historyHead]), historyRows])]);
  const section = element('section', { class: 'layer', 'aria-labelledby': `layer-title-${layer}`, part: 'layer', 'data-layer': layer }, [
    element('h3', { id: `layer-title-${layer}` }, w('layer.title')),
    element('div', { class: 'scroll' }, [element('table', { class: 'values' }, [caption, element('thead', {}, [head]), body])]),
    buttons,
    ratio,
    historyTitle,
    history,
  ]);
  return {
    section, caption, head, body, add, remove, ratio, history, historyHead, historyRows, count: 0, fields: {}, cells: {},
  };
}

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`lamb-widget.${key}`, params);
  const option = (label, key, index) => labelled(label, numberField(w(`controls.${key}${index === undefined ? '' : index + 1}Field`), { key, index }));
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    option(w('controls.lr'), 'lr'),
    option('beta1', 'betas', 0),
    option('beta2', 'betas', 1),
    option('eps', 'eps'),
    option('weight_decay', 'weightDecay'),
  ]);
  const back = element('button', { type: 'button', class: 'back' }, w('controls.back'));
  const forward = element('button', { type: 'button', class: 'forward' }, w('controls.forward'));
  const steps = labelled(w('controls.steps'), numberField(w('controls.stepsField', { max: MAX_STEPS }), { key: 'steps' }));
  const stepper = element('div', { class: 'controls stepper', role: 'group', 'aria-label': w('controls.stepsGroup'), part: 'steps' }, [back, forward, steps]);

  const layers = LAYERS.map((layer) => buildLayer(layer, t));
  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  // Why numbers read NaN, when they do (lamb-widget.js).
  const nanNote = element('p', { class: 'hint nan-note', hidden: true });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')),
    controls, fieldAlert, stepper,
    element('div', { class: 'layers' }, layers.map(({ section }) => section)),
    nanNote,
    element('p', { class: 'hint' }, w('rule')),
    status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return { tree: root, els: { root, body, alert, fieldAlert, status, back, forward, layers, nanNote } };
}

/**
 * Gives a layer's tables one column per value (`count` of them): the headings, its parameter's
 * and gradient's number fields, and the cells of the core's numbers; the step-by-step table's
 * rows are the element's to keep (their columns follow the headings built here).
 */
export function buildColumns(parts, layer, count, t) {
  const w = (key, params) => t(`lamb-widget.${key}`, { layer, ...params });
  const indices = Array.from({ length: count }, (_, i) => i + 1);
  parts.head.replaceChildren(element('td'), ...indices.map((index) => element('th', { scope: 'col' }, w('table.value', { index }))));
  const fieldRow = (key, label, name) => element('tr', { class: 'given' }, [
    element('th', { scope: 'row' }, label),
    ...numberFieldCells((i) => w(`table.${name}Field`, { index: i + 1 }), key, 0, count),
  ]);
  const rows = [fieldRow(paramKey(layer), w('table.start'), 'param'), fieldRow(gradKey(layer), w('table.grad'), 'grad')];
  parts.fields = { param: [...rows[0].querySelectorAll('input')], grad: [...rows[1].querySelectorAll('input')] };
  parts.cells = {};
  parts.labels = {};
  for (const key of RESULT_ROWS) {
    const label = element('th', { scope: 'row', class: CODE_ROWS.has(key) ? 'code' : null }, CODE_ROWS.has(key) ? w(`table.${key}`) : '');
    const cells = numberCells(count);
    parts.cells[key] = cells;
    parts.labels[key] = label;
    rows.push(element('tr', {}, [label, ...cells]));
  }
  parts.body.replaceChildren(...rows);
  parts.historyHead.replaceChildren(
    element('th', { scope: 'col' }, w('history.step')),
    element('th', { scope: 'col' }, w('history.ratio')),
    ...indices.map((index) => element('th', { scope: 'col' }, w('history.param', { index }))),
  );
  parts.historyRows.replaceChildren();
  parts.count = count;
}
