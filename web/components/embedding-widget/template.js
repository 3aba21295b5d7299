// The widget's shadow tree, built once with DOM calls rather than innerHTML (so a page that
// enforces Trusted Types can host it): the sentence and its word buttons, the table of numbers,
// the output, the backward pass, the alerts and the live region. The element fills in the
// numbers and the rows that follow the sentence.
import { element } from '../shared/element.js';
import { numberCells, numberFieldCells } from '../shared/number-row.js';
import { DIM, VOCABULARY } from './settings.js';

const dims = () => Array.from({ length: DIM }, (_, d) => `${d + 1}`);

// A header row; a cell given as [text, class] carries the class of its column.
function head(cells) {
  return element('thead', {}, [element('tr', {}, cells.map((cell) => {
    const [text, column] = Array.isArray(cell) ? cell : [cell];
    return element('th', { scope: 'col', class: column }, text);
  }))]);
}

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key, params) => t(`embedding-widget.${key}`, params);

  const chips = element('ol', { class: 'chips', 'aria-label': w('sentence.label') });
  const addButtons = VOCABULARY.map((word, index) => element('button', {
    type: 'button', class: 'word', 'data-add': index, 'aria-label': w('sentence.addWord', { word }),
  }, word));
  // Not a data-key choice: its value is a number or none, which the element reads itself.
  const padding = element('select', { 'aria-label': w('sentence.padding'), class: 'padding' }, [
    element('option', { value: 'none' }, w('sentence.noPadding')),
    ...VOCABULARY.map((word, index) => element('option', { value: String(index) }, word)),
  ]);
  // Focusable from script: the focus goes here from an add button that the cap disables.
  const capNote = element('p', { class: 'note', tabindex: '-1' });
  const sentence = element('section', { class: 'sentence', 'aria-labelledby': 'sentence-title', part: 'sentence' }, [
    element('h3', { id: 'sentence-title' }, w('sentence.title')),
    chips,
    element('p', { class: 'hint' }, w('sentence.hint')),
    element('div', { class: 'words', role: 'group', 'aria-label': w('sentence.add') }, [
      element('span', { class: 'group-label', 'aria-hidden': 'true' }, w('sentence.add')), ...addButtons,
    ]),
    element('label', { class: 'control' }, [element('span', {}, w('sentence.padding')), padding]),
    capNote,
  ]);

  const tableRows = VOCABULARY.map((word, index) => {
    const used = element('td', { class: 'used-at' });
    const row = element('tr', { 'data-word': index }, [
      element('th', { scope: 'row' }, [element('span', { class: 'index' }, `${index}`), ` ${word}`]),
      ...numberFieldCells((d) => w('table.field', { word, number: d + 1 }), 'weight', index * DIM, DIM),
      used,
    ]);
    return { row, used };
  });
  // Each heading names its table; its section is no region named by it too, which a screen
  // reader would announce before the table with the same words.
  const table = element('section', { class: 'table', part: 'table' }, [
    element('h3', { id: 'table-title' }, w('table.title')),
    element('div', { class: 'scroll' }, [element('table', { 'aria-labelledby': 'table-title' }, [
      head([w('table.word'), ...dims(), [w('table.usedAt'), 'used-at']]),
      element('tbody', {}, tableRows.map(({ row }) => row)),
    ])]),
  ]);

  const outputRows = element('tbody');
  const output = element('section', { class: 'output', part: 'output' }, [
    element('h3', { id: 'output-title' }, w('output.title')),
    element('p', { class: 'hint' }, w('output.hint')),
    element('div', { class: 'scroll' }, [element('table', { 'aria-labelledby': 'output-title' }, [
      head([w('output.position'), w('output.from'), ...dims()]), outputRows,
    ])]),
  ]);

  const upstreamRows = element('tbody');
  const gradRows = VOCABULARY.map((word, index) => {
    const cells = numberCells(DIM);
    const note = element('td', { class: 'note-cell' });
    return { row: element('tr', { 'data-word': index }, [element('th', { scope: 'row' }, word), ...cells, note]), cells, note };
  });
  const backward = element('section', { class: 'backward', 'aria-labelledby': 'backward-title', part: 'backward' }, [
    element('h3', { id: 'backward-title' }, w('backward.title')),
    element('p', {}, w('backward.upstream')),
    element('div', { class: 'scroll' }, [element('table', { 'aria-label': w('backward.upstreamTable') }, [head([w('output.position'), ...dims()]), upstreamRows])]),
    element('p', {}, w('backward.adds')),
    element('div', { class: 'scroll' }, [element('table', { 'aria-label': w('backward.gradTable') }, [
      head([w('table.word'), ...dims(), w('backward.why')]),
      element('tbody', {}, gradRows.map(({ row }) => row)),
    ])]),
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    sentence, fieldAlert, element('div', { class: 'stage' }, [table, output]), backward, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: { root, body, alert, fieldAlert, status, chips, addButtons, padding, capNote, tableRows, outputRows, upstreamRows, gradRows },
  };
}
