// The page object of <softmax-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/softmax-widget.js) or open a lesson, and find their
// parts by role and label. Specs import `test` from here to get a `softmax` fixture.
import { readFileSync } from 'node:fs';
import { expect, expectShown, toNumber, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

/** PyTorch's numbers (softmax-expected.py): { claims, cases }. */
export const EXPECTED = JSON.parse(readFileSync(new URL('./softmax-expected.json', import.meta.url), 'utf8'));

export class SoftmaxPage extends SettingsWidgetPage {
  /** A subclass for the other class widget (cross-entropy-page.js) sets its own tag. */
  static TAG = 'softmax-widget';

  get drawn() {
    return this.slider;
  }

  /** The temperature slider (log scale). */
  get slider() {
    return this.root.getByRole('slider');
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

  /** Every number the widget shows, read off the screen (as rounded as it shows them). */
  async numbers() {
    const values = async (bars) => (await bars.locator('.bar-value').allTextContents()).map(toNumber);
    const shiftedLine = await this.root.locator('[part="scores"] .equation').textContent();
    const shifted = shiftedLine.slice(shiftedLine.lastIndexOf('=') + 1).split(',').map(toNumber);
    return { probabilities: await values(this.bars), gradient: await values(this.gradientBars), shifted };
  }
}

export const test = withPageObject('softmax', SoftmaxPage);

export { expect, expectShown };

/** Asserts that every number the widget shows is PyTorch's for its case (softmax-expected.json). */
export async function expectPyTorchNumbers(softmax, expected) {
  const shown = await softmax.numbers();
  expect(shown.probabilities, 'one bar per class').toHaveLength(expected.probabilities.length);
  expected.probabilities.forEach((value, i) => expectShown(shown.probabilities[i], value, `the probability of class ${i}`));
  expected.shifted.forEach((value, i) => expectShown(shown.shifted[i], value, `the shifted score of class ${i}`));
  expected.gradient.forEach((value, i) => expectShown(shown.gradient[i], value, `the gradient for score ${i}`));
}
