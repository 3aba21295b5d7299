// The widget's shadow tree, built once with DOM calls rather than innerHTML (so a page that
// enforces Trusted Types can host it): the mode and the training step, one card per channel
// (its gamma and beta, the input, the statistics, the normalised values, the output, the
// running statistics and the backward pass), the alerts and the live region. The element
// fills in the numbers.
import { cellGrid, rovingFocus } from '../shared/aria-grid.js';
import { element, labelled, numberField } from '../shared/element.js';
import { BATCH, CHANNELS, HEIGHT, indexOf, WIDTH } from './settings.js';

// A row of the card: its name, then one 2 x 2 grid per sample.
function sampleRow(title, grids, t) {
  return element('div', { class: 'sample-row' }, [
    element('p', { class: 'row-title' }, title),
    element('div', { class: 'samples' }, grids.map((grid, n) => element('div', { class: 'sample' }, [
      element('span', { class: 'sample-name', 'aria-hidden': 'true' }, t('batchnorm-widget.channel.sample', { number: n + 1 })), grid,
    ]))),
  ]);
}

// One 2 x 2 table of numbers per sample of channel c; cells[n] lists each one's cells.
function valueGrids(c, what, t) {
  const grids = [];
  const cells = [];
  for (let n = 0; n < BATCH; n++) {
    const label = t('batchnorm-widget.channel.gridLabel', { what, channel: c + 1, sample: n + 1 });
    const made = cellGrid({ label, part: 'grid', rows: HEIGHT, columns: WIDTH, table: true });
    grids.push(made.grid);
    cells.push(made.cells);
  }
  return { grids, cells };
}

// The input of channel c: one 2 x 2 grid of number fields per sample, each grid one Tab stop.
function inputGrids(c, t) {
  const grids = [];
  const fields = [];
  for (let n = 0; n < BATCH; n++) {
    const own = [];
    const made = cellGrid({
      label: t('batchnorm-widget.channel.gridLabel', { what: t('batchnorm-widget.channel.input'), channel: c + 1, sample: n + 1 }),
      part: 'input', rows: HEIGHT, columns: WIDTH,
      fill: (cell, index, h, w) => {
        const field = numberField(t('batchnorm-widget.channel.inputField', { channel: c + 1, sample: n + 1, row: h + 1, column: w + 1 }),
          { key: 'input', index: indexOf(n, c, h, w) });
        field.tabIndex = index === 0 ? 0 : -1;
        own.push(field);
        cell.classList.add('editable');
        cell.append(field);
      },
    });
    rovingFocus(made.grid, own, WIDTH);
    grids.push(made.grid);
    fields.push(...own);
  }
  return { grids, fields };
}

// A term and its value in a card's list of statistics: [dt, dd].
function stat(list, term) {
  const pair = [element('dt', {}, term), element('dd', {})];
  list.append(...pair);
  return pair;
}

function channelCard(c, t) {
  const w = (key, params) => t(`batchnorm-widget.${key}`, params);
  const titleId = `channel-${c + 1}-title`;
  const weight = numberField(w('channel.weightField', { channel: c + 1 }), { key: 'weight', index: c });
  const bias = numberField(w('channel.biasField', { channel: c + 1 }), { key: 'bias', index: c });
  const input = inputGrids(c, t);
  const normalised = valueGrids(c, w('channel.normalised'), t);
  const output = valueGrids(c, w('channel.output'), t);
  const gradInput = valueGrids(c, w('channel.gradInput'), t);

  // The statistics x̂ is normalised by: the batch's, or in evaluation the running ones (the
  // element names them as the mode reads them).
  const stats = element('dl', { class: 'stats', part: 'statistics' });
  const [meanTerm, mean] = stat(stats, w('channel.mean'));
  const [varianceTerm, variance] = stat(stats, w('channel.variance'));
  const unbiased = stat(stats, w('channel.unbiased'));

  const running = element('dl', { class: 'stats running', part: 'running' });
  const [, runningMean] = stat(running, w('channel.runningMean'));
  const [, runningVar] = stat(running, w('channel.runningVar'));

  const grads = element('dl', { class: 'stats grads' });
  const [, gradWeight] = stat(grads, '∂L/∂γ');
  const [, gradBias] = stat(grads, '∂L/∂β');
  const normalisedRow = sampleRow(w('channel.normalisedRow'), normalised.grids, t);

  const runningTitle = element('h4', {});
  const section = element('section', { class: 'channel', 'aria-labelledby': titleId, part: 'channel' }, [
    element('h3', { id: titleId }, w('channel.title', { channel: c + 1 })),
    element('div', { class: 'affine' }, [labelled(w('channel.weightLabel'), weight), labelled(w('channel.biasLabel'), bias)]),
    sampleRow(w('channel.input'), input.grids, t),
    stats,
    normalisedRow,
    sampleRow(w('channel.outputRow'), output.grids, t),
    runningTitle,
    running,
    element('details', { class: 'backward', part: 'backward' }, [
      element('summary', {}, w('channel.backwardTitle', { channel: c + 1 })),
      sampleRow(w('channel.gradInput'), gradInput.grids, t),
      grads,
    ]),
  ]);
  return {
    section, weight, bias, inputFields: input.fields, runningTitle, meanTerm, mean, varianceTerm, variance, unbiased, runningMean, runningVar,
    normalisedTitle: normalisedRow.querySelector('.row-title'), normalised: normalised.cells, output: output.cells, gradInput: gradInput.cells, gradWeight, gradBias,
  };
}

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`batchnorm-widget.${key}`, params);
  const mode = element('select', { 'aria-label': w('controls.mode') }, [
    element('option', { value: 'train' }, w('controls.train')),
    element('option', { value: 'eval' }, w('controls.eval')),
  ]);
  const momentum = numberField(w('controls.momentumField'), { key: 'momentum' });
  const step = element('button', { type: 'button', class: 'step' }, w('controls.step'));
  const reset = element('button', { type: 'button', class: 'reset' }, w('controls.reset'));
  const steps = element('p', { class: 'steps', part: 'steps' });
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    labelled(w('controls.mode'), mode), labelled('momentum', momentum), step, reset, steps,
  ]);
  const modeNote = element('p', { class: 'hint mode-note' });
  const cards = Array.from({ length: CHANNELS }, (_, c) => channelCard(c, t));
  const upstream = element('p', { class: 'hint upstream' });

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    controls, fieldAlert, modeNote, element('div', { class: 'channels' }, cards.map((card) => card.section)), upstream, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: { root, body, alert, fieldAlert, status, mode, momentum, step, reset, steps, modeNote, cards, upstream },
  };
}
