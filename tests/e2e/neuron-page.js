// The page object of <neuron-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/neuron-widget.js) and find their parts by role and
// label. Specs import `test` from here to get a `neuron` fixture.
import { expect, expectShown, toNumber, lastNumber, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

export class NeuronPage extends SettingsWidgetPage {
  static TAG = 'neuron-widget';

  get drawn() {
    return this.point;
  }

  /** The point on the curve: a slider whose value is the sum. */
  get point() {
    return this.root.getByRole('slider', { name: /sum z/ });
  }

  get plot() {
    return this.root.locator('svg.plot');
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
      const left = 52;
      const right = 350;
      const viewX = left + ((value - min) / (max - min)) * (right - left);
      return { x: box.left + (box.width - 360 * scale) / 2 + viewX * scale, y: box.top + box.height / 2 };
    }, x);
  }
}

export const test = withPageObject('neuron', NeuronPage);

export { expect, expectShown };

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
