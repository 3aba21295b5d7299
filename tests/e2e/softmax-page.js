// The page object of <softmax-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/softmax-widget.js) or open a lesson, and find their
// parts by role and label. Specs import `test` from here to get a `softmax` fixture.
import { readFileSync } from 'node:fs';
import { expect, test as base } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

/** PyTorch's numbers (softmax-expected.py): { claims, cases }. */
export const EXPECTED = JSON.parse(readFileSync(new URL('./softmax-expected.json', import.meta.url), 'utf8'));

const toNumber = (text) => Number(text.trim().replace(/^−/, '-'));

export class SoftmaxPage {
  /** The element's tag: a subclass for another class widget (cross-entropy-page.js) sets its own. */
  static TAG = 'softmax-widget';

  constructor(page, root = page.locator(new.target.TAG).first()) {
    this.page = page;
    /** The widget: for its attributes, its methods and its box. */
    this.root = root;
  }

  /** The HTML of a widget with these attributes (a snippet as a teacher would paste it). */
  static tag(attributes = {}) {
    const text = Object.entries(attributes).map(([name, value]) => ` ${name}="${value}"`).join('');
    return `<${this.TAG}${text}></${this.TAG}>`;
  }

  /** Opens the foreign host with the embed script and this HTML; waits for the bars. */
  async open(html = this.constructor.tag(), { waitForBars = true } = {}) {
    const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/${this.constructor.TAG}.js"></script>${html}`;
    await this.page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
    if (waitForBars) await expect(this.slider, 'the widget shows its controls').toBeVisible();
  }

  /** The temperature slider (log scale). */
  get slider() {
    return this.root.getByRole('slider');
  }

  /** A text field by its label: "Temperature", "Score of class 0", ... */
  field(label) {
    return this.root.getByRole('textbox', { name: label, exact: true });
  }

  /** The probability bars: buttons, one per class. */
  get bars() {
    return this.root.locator('[part="probabilities"] .bar');
  }

  get gradientBars() {
    return this.root.locator('[part="backward"] .bar');
  }

  get classChoice() {
    return this.root.getByRole('combobox');
  }

  /** The alert with a message (the widget keeps an empty one in place). */
  get alert() {
    return this.root.getByRole('alert').filter({ hasText: /./ });
  }

  get status() {
    return this.root.getByRole('status');
  }

  /** Every number the widget shows, read off the screen (as rounded as it shows them). */
  async numbers() {
    const values = async (bars) => (await bars.locator('.bar-value').allTextContents()).map(toNumber);
    const shiftedLine = await this.root.locator('[part="scores"] .equation').textContent();
    const shifted = shiftedLine.slice(shiftedLine.lastIndexOf('=') + 1).split(',').map(toNumber);
    return { probabilities: await values(this.bars), gradient: await values(this.gradientBars), shifted };
  }

  /** Collects the widget's change events (softmax-change, cross-entropy-change), for `changes()`. */
  async recordChanges() {
    await this.root.evaluate((widget, type) => {
      window.widgetChanges = [];
      widget.addEventListener(type, (event) => window.widgetChanges.push(event.detail));
    }, `${this.constructor.TAG.replace(/-widget$/, '')}-change`);
  }

  changes() {
    return this.page.evaluate(() => window.widgetChanges);
  }
}

export const test = base.extend({
  softmax: async ({ page }, use) => {
    await use(new SoftmaxPage(page));
  },
});

export { expect };

/** Within what the widget shows: 4 decimals, or 4 significant digits below 1. */
export function expectShown(actual, expected, what) {
  const tolerance = Math.max(6e-5, 6e-4 * Math.abs(expected));
  expect(Math.abs(actual - expected), `${what}: shows ${actual}, PyTorch says ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** Asserts that every number the widget shows is PyTorch's for its case (softmax-expected.json). */
export async function expectPyTorchNumbers(softmax, expected) {
  const shown = await softmax.numbers();
  expect(shown.probabilities, 'one bar per class').toHaveLength(expected.probabilities.length);
  expected.probabilities.forEach((value, i) => expectShown(shown.probabilities[i], value, `the probability of class ${i}`));
  expected.shifted.forEach((value, i) => expectShown(shown.shifted[i], value, `the shifted score of class ${i}`));
  expected.gradient.forEach((value, i) => expectShown(shown.gradient[i], value, `the gradient for score ${i}`));
}
