// The page object of <embedding-widget> specs: put widgets on the foreign test host (a
// teacher's page on another origin, loading /embed/embedding-widget.js) or open a lesson, and
// find their parts by role and label. Specs import `test` from here to get an `embedding` fixture.
import { expect, test as base } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

const toNumber = (text) => Number(text.trim().replace(/^−/, '-'));

export class EmbeddingPage {
  constructor(page) {
    this.page = page;
    /** The first <embedding-widget>: for its attributes, its methods and its box. */
    this.root = page.locator('embedding-widget').first();
  }

  /** The HTML of a widget with these attributes (a snippet as a teacher would paste it). */
  static tag(attributes = {}) {
    const text = Object.entries(attributes).map(([name, value]) => ` ${name}="${value}"`).join('');
    return `<embedding-widget${text}></embedding-widget>`;
  }

  /** Opens the foreign host with the embed script and this HTML; waits for the widget to draw. */
  async open(html = EmbeddingPage.tag(), { waitForTable = true } = {}) {
    const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/embedding-widget.js"></script>${html}`;
    await this.page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
    if (waitForTable) await expect(this.outputRows.first(), 'the widget shows its output').toBeVisible();
  }

  /** A number field of the table: "the, number 1" (English) or "the 的第 1 个数" (Chinese). */
  field(label) {
    return this.root.getByRole('textbox', { name: label, exact: true });
  }

  /** A button by its accessible name: "Add cat", "Remove word 2, cat". */
  button(name) {
    return this.root.getByRole('button', { name, exact: true });
  }

  get padding() {
    return this.root.locator('select.padding');
  }

  /** The alert with a message (the widget keeps an empty one in place). */
  get alert() {
    return this.root.getByRole('alert').filter({ hasText: /./ });
  }

  /** The polite live line that says what changed. */
  get status() {
    return this.root.getByRole('status');
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

  /** Collects the widget's embedding-change events, for `changes()`. */
  async recordChanges() {
    await this.root.evaluate((widget) => {
      window.embeddingChanges = [];
      widget.addEventListener('embedding-change', (event) => window.embeddingChanges.push(event.detail));
    });
  }

  changes() {
    return this.page.evaluate(() => window.embeddingChanges);
  }
}

export const test = base.extend({
  embedding: async ({ page }, use) => {
    await use(new EmbeddingPage(page));
  },
});

export { expect };

/** Within what the widget shows: 4 decimals, or 4 significant digits below 1. */
function expectShown(actual, expected, what) {
  const tolerance = Math.max(6e-5, 6e-4 * Math.abs(expected));
  expect(Math.abs(actual - expected), `${what}: shows ${actual}, PyTorch says ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** Asserts that every number the widget shows is PyTorch's for its case (embedding-expected.json). */
export async function expectPyTorchNumbers(embedding, expected) {
  const shown = await embedding.numbers();
  expect(shown.output, 'one output number per position and column').toHaveLength(expected.output.length);
  expect(shown.gradWeight, "the table's gradient: 6 rows of 4").toHaveLength(expected.gradWeight.length);
  expected.output.forEach((value, i) => expectShown(shown.output[i], value, `output ${i}`));
  expected.gradWeight.forEach((value, i) => expectShown(shown.gradWeight[i], value, `gradient ${i}`));
}
