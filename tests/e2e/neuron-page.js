// The page object of <neuron-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/neuron-widget.js) and find their parts by role and
// label. Specs import `test` from here to get a `neuron` fixture.
import { expect, test as base } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

const toNumber = (text) => Number(text.trim().replace(/^−/, '-'));
// The number after the last "=" of a line such as "z = w·x + b = −0.45".
const lastNumber = (text) => toNumber(text.slice(text.lastIndexOf('=') + 1));

export class NeuronPage {
  constructor(page) {
    this.page = page;
    /** The first <neuron-widget>: for its attributes, its methods and its box. */
    this.root = page.locator('neuron-widget').first();
  }

  /** The HTML of a widget with these attributes (a snippet as a teacher would paste it). */
  static tag(attributes = {}) {
    const text = Object.entries(attributes).map(([name, value]) => ` ${name}="${value}"`).join('');
    return `<neuron-widget${text}></neuron-widget>`;
  }

  /** Opens the foreign host with the embed script and this HTML; waits for the widget to draw. */
  async open(html = NeuronPage.tag(), { waitForPlot = true } = {}) {
    const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/neuron-widget.js"></script>${html}`;
    await this.page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
    if (waitForPlot) await expect(this.point, 'the widget shows its plot and point').toBeVisible();
  }

  /** The point on the curve: a slider whose value is the sum. */
  get point() {
    return this.root.getByRole('slider', { name: /sum z/ });
  }

  get plot() {
    return this.root.locator('svg.plot');
  }

  /** A text field by its label: "Input 1", "Weight 2", "Bias", "Upstream gradient", "Swish beta", ... */
  field(label) {
    return this.root.getByRole('textbox', { name: label, exact: true });
  }

  /** "Activation", "Compare with", "GELU form". */
  choice(label) {
    return this.root.getByRole('combobox', { name: label, exact: true });
  }

  /** The alert with a message (the widget keeps an empty one in place). */
  get alert() {
    return this.root.getByRole('alert').filter({ hasText: /./ });
  }

  /** The polite live line that says what changed. */
  get status() {
    return this.root.getByRole('status');
  }

  /** The line under the backward table saying where the bend stops passing gradient back. */
  get stopNote() {
    return this.root.locator('.stop');
  }

  get backwardTable() {
    return this.root.getByRole('region', { name: 'The backward pass' }).getByRole('table');
  }

  /** Every number the widget shows, read off the screen (as rounded as it shows them). */
  async numbers() {
    const text = (locator) => locator.textContent();
    const equations = this.root.locator('.equation');
    const readout = this.root.locator('[part="readout"] dd');
    const rows = this.backwardTable.locator('tbody tr');
    const count = await rows.count();
    const gradWeights = [];
    const gradInputs = [];
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).getByRole('cell');
      gradWeights.push(lastNumber(await text(cells.nth(0))));
      gradInputs.push(lastNumber(await text(cells.nth(1))));
    }
    return {
      sum: lastNumber(await text(equations.nth(0))),
      output: lastNumber(await text(equations.nth(1))),
      x: toNumber(await text(readout.nth(0))),
      fx: toNumber(await text(readout.nth(1))),
      derivative: toNumber(await text(readout.nth(2))),
      gradSum: lastNumber(await text(equations.nth(2))),
      gradWeights,
      gradInputs,
      gradBias: toNumber(await text(this.backwardTable.locator('tfoot td'))),
    };
  }

  /** The slider's value (the sum, to 6 significant digits). */
  async sum() {
    return Number(await this.point.getAttribute('aria-valuenow'));
  }

  /** The page position of x on the plot's axis, from the widget's own scale. */
  async pagePointAt(x) {
    return this.plot.evaluate((svg, value) => {
      const box = svg.getBoundingClientRect();
      const scale = Math.min(box.width / 360, box.height / 240);
      const widget = svg.getRootNode().host;
      const [min, max] = widget.getState().range;
      const left = 42;
      const right = 350;
      const viewX = left + ((value - min) / (max - min)) * (right - left);
      return { x: box.left + (box.width - 360 * scale) / 2 + viewX * scale, y: box.top + box.height / 2 };
    }, x);
  }

  /** Collects the widget's neuron-change events, for `changes()`. */
  async recordChanges() {
    await this.root.evaluate((widget) => {
      window.neuronChanges = [];
      widget.addEventListener('neuron-change', (event) => window.neuronChanges.push(event.detail));
    });
  }

  changes() {
    return this.page.evaluate(() => window.neuronChanges);
  }
}

export const test = base.extend({
  neuron: async ({ page }, use) => {
    await use(new NeuronPage(page));
  },
});

export { expect };

/** Within what the widget shows: 4 decimals, or 4 significant digits below 1. */
export function expectShown(actual, expected, what) {
  const tolerance = Math.max(6e-5, 6e-4 * Math.abs(expected));
  expect(Math.abs(actual - expected), `${what}: shows ${actual}, PyTorch says ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** Asserts that every number the neuron shows is PyTorch's for its case (neuron-expected.json). */
export async function expectPyTorchNumbers(neuron, expected) {
  const shown = await neuron.numbers();
  expectShown(shown.sum, expected.sum, 'the weighted sum');
  expectShown(shown.x, expected.sum, 'x beside the plot');
  expectShown(shown.output, expected.output, 'the output');
  expectShown(shown.fx, expected.output, 'f(x) beside the plot');
  expectShown(shown.derivative, expected.derivative, "f'(x) beside the plot");
  expectShown(shown.gradSum, expected.gradSum, 'the gradient at the bend');
  expectShown(shown.gradBias, expected.gradBias, 'the bias gradient');
  expected.gradWeights.forEach((value, i) => expectShown(shown.gradWeights[i], value, `the gradient of weight ${i + 1}`));
  expected.gradInputs.forEach((value, i) => expectShown(shown.gradInputs[i], value, `the gradient of input ${i + 1}`));
}
