// The page object of <encoder-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/encoder-widget.js) or find a lesson's, and read their
// parts by role and label. Specs import `test` from here to get an `encoder` fixture.
import { MatrixGridPage } from './matrix-grid-page.js';
import {
  attributesFrom, expect, expectRounded, toNumber, withPageObject,
} from './settings-widget-page.js';

/** The stages in the block's order, for either norm order (core/transformer/README.md's table). */
export const STAGES = {
  post: ['attentionOutput', 'residual1', 'norm1', 'hidden', 'feedForward', 'residual2', 'norm2'],
  pre: ['norm1', 'attentionOutput', 'residual1', 'norm2', 'hidden', 'feedForward', 'residual2'],
};

export class EncoderPage extends MatrixGridPage {
  static TAG = 'encoder-widget';

  static CHANGE_EVENT = 'encoder-widget-change';

  get drawn() {
    return this.cells('residual1').first();
  }

  /** The input's number fields, row-major. */
  get inputs() {
    return this.root.locator('input[data-key="input"]');
  }

  /** What the widget shows, as text: the input, every grid by its name, the stages' order, the
   * pressed rows, the highlighted input fields and the parameter table's cells. */
  async read() {
    return this.root.evaluate((widget) => {
      const root = widget.shadowRoot;
      const figures = [...root.querySelectorAll('.panel[data-grid]')];
      const grids = Object.fromEntries(figures.map((figure) => [figure.dataset.grid, [...figure.querySelectorAll('button.computed')].map((cell) => cell.textContent)]));
      const pressed = Object.fromEntries(figures.map((figure) => [figure.dataset.grid, [...figure.querySelectorAll('button.computed')].map((cell) => cell.getAttribute('aria-pressed') === 'true')]));
      return {
        input: [...root.querySelectorAll('input[data-key="input"]')].map((field) => field.value),
        grids,
        pressed,
        stages: [...root.querySelectorAll('[part="block"] .panel[data-grid]')].map((figure) => figure.dataset.grid),
        captions: [...root.querySelectorAll('[part="block"] .caption')].map((caption) => caption.textContent),
        highlighted: [...root.querySelectorAll('.cell.in-window input[data-key="input"]')].map((field) => Number(field.dataset.index)),
        table: [...root.querySelectorAll('table.params tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
      };
    });
  }

}

export const test = withPageObject('encoder', EncoderPage);

export { expect, expectRounded };

/** The attributes of a case of encoder-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const names = {
    tokens: 'tokens', dModel: 'd-model', nhead: 'nhead', dimFeedforward: 'dim-feedforward', input: 'input', seed: 'seed',
    normFirst: 'norm-first', activation: 'activation', selected: 'selected',
  };
  return attributesFrom(settings, names);
}

// A grid's cells against PyTorch's numbers.
function expectGrid(shown, expected, grid) {
  expect(shown, `${grid}: one cell per number`).toHaveLength(expected.length);
  expected.forEach((value, i) => expectRounded(shown[i], value, `${grid} ${i}`));
}

// A count as the table writes it, digits grouped by thousands.
const countNumber = (text) => Number(text.replace(/,/g, ''));

/**
 * Every number the widget shows is PyTorch's for its case (encoder-expected.json): the fields
 * hold the input; each head's weights and every stage are PyTorch's, the stages in the block's
 * order for the norm order; the selected token's row is pressed in every grid and its input row
 * highlighted; the parameter table holds sum(p.numel()) by part for this block and for
 * TransformerEncoderLayer(512, 8).
 */
export async function expectEncoderNumbers(encoder, expected) {
  const { settings } = expected;
  const shown = await encoder.read();
  const { tokens: L, dModel: d, nhead, dimFeedforward: ff, selected } = settings;
  expect(shown.input.map(toNumber), 'the input fields').toEqual(settings.input);
  const order = STAGES[settings.normFirst ? 'pre' : 'post'];
  expect(shown.stages, 'the stages in the block\'s order').toEqual(order);
  for (const key of order) expectGrid(shown.grids[key], expected[key], key);
  // With post-norm the last stage is norm2, the output; with pre-norm, residual2.
  expectGrid(shown.grids[order[6]], expected.output, 'output');
  for (let h = 0; h < nhead; h++) {
    expectGrid(shown.grids[`head-${h + 1}`], expected.attentionWeights.slice(h * L * L, (h + 1) * L * L), `head ${h + 1}`);
  }
  expect(shown.grids[`head-${nhead + 1}`], 'one grid per head').toBeUndefined();
  for (const [grid, pressed] of Object.entries(shown.pressed)) {
    const columns = grid === 'hidden' ? ff : grid.startsWith('head-') ? L : d;
    expect(pressed, `${grid}: the selected token's row is pressed`).toEqual(pressed.map((_, i) => Math.floor(i / columns) === selected - 1));
  }
  expect(shown.highlighted, 'the selected token is highlighted').toEqual(Array.from({ length: d }, (_, n) => (selected - 1) * d + n));
  const parts = ['attention', 'feedForward', 'norms', 'total'];
  expect(shown.table.map((row) => row.map(countNumber)), 'the parameter table').toEqual(parts.map((part) => [expected.count[part], expected.pytorchCount[part]]));
}
