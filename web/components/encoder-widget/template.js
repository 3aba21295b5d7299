// The shadow tree of <encoder-widget>, built in the words of a translator with DOM calls (a page
// that enforces Trusted Types can host it): the controls (a stepper each for the tokens and
// d_model, a choice of heads, the hidden units, the activation, the norm order, the seed and "New
// start"), the input as a grid of number fields, each head's attention weights and the block's
// stages as grids of buttons (a press selects the button's token), the parameter table, the
// alerts and the live region. The grids take the sizes, the norm order and the activation (a
// caption), so the element fits them (fitGrids) whenever those change; it fills in the numbers.
import { gridPanel } from '../shared/aria-grid.js';
import { element, keepChildren, labelled, numberField, settingSelect } from '../shared/element.js';
import { computedGrid, fieldGrid, namedGridPanel, placeName } from '../shared/matrix-grid.js';
import { sizeSteppers } from '../shared/stepper.js';
import { columnsOf, PYTORCH_LAYER, stagesOf } from './model.js';
import { ACTIVATIONS, HEADS, SIZES } from './settings.js';

// The parameter table: a row per part, a column for this block and one for PyTorch's layer.
const PARTS = Object.freeze(['attention', 'feedForward', 'norms', 'total']);

function parameterTable(w) {
  // Each column's head: whose counts, then its sizes (this block's follow the settings).
  const blockSizes = element('span', { class: 'sizes' });
  const blockHead = element('th', { scope: 'col' }, [element('span', {}, w('params.blockName')), blockSizes]);
  const pytorchHead = element('th', { scope: 'col' }, [
    element('span', {}, w('params.pytorchName')), element('span', { class: 'sizes' }, w('params.sizes', { d: PYTORCH_LAYER.dModel, h: PYTORCH_LAYER.nhead, ff: PYTORCH_LAYER.dimFeedforward })),
  ]);
  const cells = {};
  const rows = PARTS.map((part) => {
    cells[part] = [element('td'), element('td')];
    return element('tr', { class: part === 'total' ? 'total' : undefined }, [element('th', { scope: 'row' }, w(`params.${part}`)), ...cells[part]]);
  });
  const table = element('table', { class: 'params' }, [
    element('caption', {}, w('params.caption')),
    element('thead', {}, [element('tr', {}, [element('td'), blockHead, pytorchHead])]),
    element('tbody', {}, rows),
  ]);
  return { table, blockSizes, cells };
}

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`encoder-widget.${key}`, params);
  const steppers = sizeSteppers(SIZES, w);
  const nhead = settingSelect(w('controls.nhead'), 'nhead', HEADS.map((h) => [String(h), String(h)]));
  const dimFeedforward = numberField(w('controls.dimFeedforward'), { key: 'dimFeedforward' });
  const activation = settingSelect(w('controls.activation'), 'activation', ACTIVATIONS.map((name) => [name, name]));
  const normFirst = element('input', { type: 'checkbox', class: 'check' });
  const seed = numberField(w('controls.seed'), { key: 'seed' });
  const newStart = element('button', { type: 'button', class: 'new-start' }, w('controls.newStart'));
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    ...Object.values(steppers).map(({ group }) => group),
    labelled(w('controls.nhead'), nhead),
    labelled(w('controls.dimFeedforward'), dimFeedforward, { class: 'control narrow' }),
    labelled(w('controls.activation'), activation),
    element('label', { class: 'control checkbox' }, [normFirst, element('span', {}, w('controls.normFirst'))]),
    element('div', { class: 'seed-row' }, [labelled(w('controls.seed'), seed, { class: 'control seed' }), newStart]),
  ]);
  const inputPanel = gridPanel('input-caption');
  const inputs = element('section', { class: 'pass', 'aria-labelledby': 'input-title', part: 'inputs' }, [
    element('h3', { id: 'input-title' }, w('input.title')),
    element('p', { class: 'hint' }, w('input.hint')),
    inputPanel.figure,
  ]);
  const headsStage = element('div', { class: 'stage' });
  const heads = element('section', { class: 'pass', 'aria-labelledby': 'heads-title', part: 'heads' }, [
    element('h3', { id: 'heads-title' }, w('heads.title')),
    element('p', { class: 'hint' }, w('heads.hint')),
    headsStage,
  ]);
  const blockStages = element('div', { class: 'column' });
  const block = element('section', { class: 'pass', 'aria-labelledby': 'block-title', part: 'block' }, [
    element('h3', { id: 'block-title' }, w('block.title')),
    element('p', { class: 'hint' }, w('block.hint')),
    blockStages,
  ]);
  const params = parameterTable(w);
  const paramsSection = element('section', { class: 'pass', 'aria-labelledby': 'params-title', part: 'params' }, [
    element('h3', { id: 'params-title' }, w('params.title')),
    params.table,
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    element('p', { class: 'hint' }, w('intro')), controls, fieldAlert, inputs, heads, block, paramsSection, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, steppers, nhead, normFirst, newStart, inputPanel, headsStage, blockStages, params,
      built: null, fields: {}, cells: {}, buttons: {}, stages: [], headPanels: [], stagePanels: {},
    },
  };
}

/**
 * Fits every grid to the sizes, norm order and activation of `settings`, and keeps them in els:
 * fields.input and cells.input (the input's number fields and their cells, which a selection
 * highlights), buttons.heads[h] (head h's weights) and buttons[stage] (each stage's computed
 * cells), row-major, and stages (the stages in the block's order). Only what the change touches
 * is made or removed: a head that stays keeps its panel, every stage keeps its panel (the norm
 * order moves the panels, the activation renames one), and each grid adds or removes only the
 * rows and columns that come or go (matrix-grid.js). Each grid is one Tab stop.
 */
export function fitGrids(els, settings, t) {
  const w = (key, params) => t(`encoder-widget.${key}`, params);
  const { tokens: rows, dModel, nhead } = settings;
  const { fields, cells } = fieldGrid(els.inputPanel, {
    key: 'input', label: w('input.grid', { rows, columns: dModel }), caption: w('input.caption', { rows, columns: dModel }), rows, columns: dModel,
    fieldLabel: (row, column) => w('input.field', { place: placeName(t, row, column) }),
  });
  els.fields.input = fields;
  els.cells.input = cells;

  const { headPanels } = els;
  headPanels.splice(nhead);
  for (let h = headPanels.length; h < nhead; h++) headPanels.push(namedGridPanel(`head-${h + 1}`));
  keepChildren(els.headsStage, nhead, (h) => headPanels[h].figure);
  els.buttons.heads = headPanels.map((panel, h) => {
    const text = w('heads.caption', { head: h + 1, rows, columns: rows });
    return computedGrid(panel, { label: text, caption: text, rows, columns: rows });
  });

  const order = settings.normFirst ? 'pre' : 'post';
  els.stages = stagesOf(settings);
  els.stages.forEach((key, n) => {
    els.stagePanels[key] ??= namedGridPanel(key);
    const { figure } = els.stagePanels[key];
    // A panel out of place moves; one in place stays put (a move would lay it out again).
    const there = els.blockStages.children[n];
    if (there !== figure) els.blockStages.insertBefore(figure, there ?? null);
    const columns = columnsOf(key, settings);
    const name = w(`stages.${order}.${key}`, { activation: settings.activation });
    const caption = w('block.caption', { step: n + 1, name, rows, columns });
    els.buttons[key] = computedGrid(els.stagePanels[key], { label: caption, caption, rows, columns });
  });
}
