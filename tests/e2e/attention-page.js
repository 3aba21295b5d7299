// The page object of <attention-widget> specs: put widgets on the foreign test host (a
// teacher's page on another origin, loading /embed/attention-widget.js) or find a lesson's, and
// read their parts by role and label. Specs import `test` from here to get an `attention` fixture.
import { formatNumber, readableNumber } from '../../web/components/shared/format-number.js';
import { MatrixGridPage } from './matrix-grid-page.js';
import {
  attributesFrom, expect, expectRounded, toNumber, withPageObject,
} from './settings-widget-page.js';

export class AttentionPage extends MatrixGridPage {
  static TAG = 'attention-widget';

  static CHANGE_EVENT = 'attention-widget-change';

  get drawn() {
    return this.cells('output').first();
  }

  /** Every number field of a setting, row-major. */
  fields(key) {
    return this.root.locator(`input[data-key="${key}"]`);
  }

  /** The selected query written out: its title and each line, as text. */
  get written() {
    return this.root.locator('[part="selected"]');
  }

  /** What the widget shows, as text: each grid's fields and cells, the pressed rows, the lines written out. */
  async read() {
    return this.root.evaluate((widget) => {
      const root = widget.shadowRoot;
      const grid = (name) => [...root.querySelectorAll(`.panel[data-grid="${name}"] button.computed`)];
      const fields = (key) => [...root.querySelectorAll(`input[data-key="${key}"]`)].map((field) => field.value);
      return {
        query: fields('query'), key: fields('key'), value: fields('value'),
        scores: grid('scores').map((cell) => cell.textContent),
        weights: grid('weights').map((cell) => cell.textContent),
        output: grid('output').map((cell) => cell.textContent),
        masked: grid('scores').map((cell) => cell.classList.contains('masked')),
        pressed: grid('weights').map((cell) => cell.getAttribute('aria-pressed') === 'true'),
        highlighted: [...root.querySelectorAll('.cell.in-window input[data-key="query"]')].map((field) => Number(field.dataset.index)),
        lines: [...root.querySelectorAll('[part="selected"] .lines p')].map((line) => line.textContent),
      };
    });
  }

}

export const test = withPageObject('attention', AttentionPage);

export { expect, expectRounded };

/** The attributes of a case of attention-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const names = {
    queries: 'queries', keys: 'keys', dim: 'dim', valueDim: 'value-dim', query: 'query', key: 'key', value: 'value', causal: 'causal', selected: 'selected',
  };
  return attributesFrom(settings, names);
}

// A grid's cells against PyTorch's numbers; a masked score (null in the JSON) shows −∞.
function expectGrid(shown, expected, grid) {
  expect(shown, `${grid}: one cell per number`).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (value === null) expect(shown[i], `${grid} ${i}: masked`).toBe('−∞');
    else expectRounded(shown[i], value, `${grid} ${i}`);
  });
}

/**
 * Every number the widget shows is PyTorch's for its case (attention-expected.json): the fields
 * hold the settings; the scores (−∞ where masked, and marked so), weights and output are
 * PyTorch's; the selected query's row is pressed and its query highlighted; the written-out
 * lines end on the core's score, weights and output, and use the fields' numbers.
 */
export async function expectAttentionNumbers(attention, expected) {
  const { settings } = expected;
  const shown = await attention.read();
  for (const key of ['query', 'key', 'value']) {
    expect(shown[key].map(toNumber), `the ${key} fields`).toEqual(settings[key]);
  }
  expectGrid(shown.scores, expected.scores, 'scores');
  expectGrid(shown.weights, expected.weights, 'weights');
  expectGrid(shown.output, expected.output, 'output');
  expect(shown.masked, 'masked scores are marked').toEqual(expected.scores.map((score) => score === null));
  const { selected: i, keys, dim, valueDim } = settings;
  expect(shown.pressed, 'the selected query\'s row is pressed').toEqual(expected.weights.map((_, n) => Math.floor(n / keys) === i - 1));
  expect(shown.highlighted, 'the selected query is highlighted').toEqual(Array.from({ length: dim }, (_, n) => (i - 1) * dim + n));

  // The lines: a score per key, the softmax's formula and weights, the output's three.
  expect(shown.lines, 'the lines written out').toHaveLength(keys + 5);
  for (let j = 1; j <= keys; j++) {
    const line = shown.lines[j - 1];
    const score = expected.scores[(i - 1) * keys + j - 1];
    if (score === null) {
      expect(line, `s ${i},${j} is masked`).toMatch(/^s\S+ = −∞[:：]/);
      continue;
    }
    const q = settings.query.slice((i - 1) * dim, i * dim);
    const k = settings.key.slice((j - 1) * dim, j * dim);
    const term = (value) => (value < 0 ? `(${readableNumber(value)})` : formatNumber(value));
    expect(line, `s ${i},${j}: its query's and key's numbers`).toContain(`(${q.map((qn, n) => `${term(qn)} × ${term(k[n])}`).join(' + ')}) / √${dim} = `);
    expectRounded(line.slice(line.lastIndexOf('=') + 1), score, `s ${i},${j} written out`);
  }
  const weights = shown.lines[keys + 1].split(', ').map((part) => part.slice(part.indexOf('=') + 1));
  expect(weights, 'a weight per key').toHaveLength(keys);
  weights.forEach((text, j) => expectRounded(text, expected.weights[(i - 1) * keys + j], `w ${i},${j + 1} written out`));
  const output = shown.lines[keys + 4].replace(/^= \(?|\)$/g, '').split(', ');
  expect(output, 'an entry per value dimension').toHaveLength(valueDim);
  output.forEach((text, n) => expectRounded(text.replace(/[()]/g, ''), expected.output[(i - 1) * valueDim + n], `o ${i} entry ${n + 1} written out`));
}
