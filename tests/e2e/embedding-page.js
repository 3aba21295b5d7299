// The page object of <embedding-widget> specs: put widgets on the foreign test host (a
// teacher's page on another origin, loading /embed/embedding-widget.js) or open a lesson, and
// find their parts by role and label. Specs import `test` from here to get an `embedding` fixture.
import { expect, expectShown, toNumber, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

export class EmbeddingPage extends SettingsWidgetPage {
  static TAG = 'embedding-widget';

  get drawn() {
    return this.outputRows.first();
  }

  get padding() {
    return this.root.locator('select.padding');
  }

  get outputRows() {
    return this.root.locator('[part="output"] tbody tr');
  }

  get gradRows() {
    return this.root.locator('[part="backward"] table').nth(1).locator('tbody tr');
  }

  /** The output (positions × 4) and the table's gradient (6 × 4), read off the screen. */
  async numbers() {
    const read = (rows) => rows.evaluateAll((trs) => trs.flatMap((tr) => [...tr.querySelectorAll('td.number')].map((td) => td.textContent)));
    return {
      output: (await read(this.outputRows)).map(toNumber),
      gradWeight: (await read(this.gradRows)).map(toNumber),
    };
  }
}

export const test = withPageObject('embedding', EmbeddingPage);

export { expect };

/** Asserts that every number the widget shows is PyTorch's for its case (embedding-expected.json). */
export async function expectPyTorchNumbers(embedding, expected) {
  const shown = await embedding.numbers();
  expect(shown.output, 'one output number per position and column').toHaveLength(expected.output.length);
  expect(shown.gradWeight, "the table's gradient: 6 rows of 4").toHaveLength(expected.gradWeight.length);
  expected.output.forEach((value, i) => expectShown(shown.output[i], value, `output ${i}`));
  expected.gradWeight.forEach((value, i) => expectShown(shown.gradWeight[i], value, `gradient ${i}`));
}
