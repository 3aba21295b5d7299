// The page object of <cross-entropy-widget> specs: SoftmaxPage's (softmax-page.js) for the
// other class widget, with the loss and the three lists of bars read off the screen.
import { readFileSync } from 'node:fs';
import { expect, expectShown, SoftmaxPage } from './softmax-page.js';
import { lastNumber, toNumber, withPageObject } from './settings-widget-page.js';

/** PyTorch's numbers (cross-entropy-expected.py): { claims, cases }. */
export const EXPECTED = JSON.parse(readFileSync(new URL('./cross-entropy-expected.json', import.meta.url), 'utf8'));

export class CrossEntropyPage extends SoftmaxPage {
  static TAG = 'cross-entropy-widget';

  get targetBars() {
    return this.root.locator('[part="targets"] .bar');
  }

  get gradientBars() {
    return this.root.locator('[part="gradient"] .bar');
  }

  async numbers() {
    const values = async (bars) => (await bars.locator('.bar-value').allTextContents()).map(toNumber);
    const line = await this.root.locator('[part="logits"] .equation').textContent();
    return {
      loss: lastNumber(line),
      probabilities: await values(this.bars),
      target: await values(this.targetBars),
      gradient: await values(this.gradientBars),
    };
  }
}

export const test = withPageObject('crossEntropy', CrossEntropyPage);

export { expect };

/** Every number the widget shows is PyTorch's for its case (cross-entropy-expected.json). */
export async function expectPyTorchNumbers(widget, expected) {
  const shown = await widget.numbers();
  expectShown(shown.loss, expected.loss, 'the loss');
  for (const name of ['probabilities', 'target', 'gradient']) {
    expect(shown[name], `one ${name} bar per class`).toHaveLength(expected[name].length);
    expected[name].forEach((value, i) => expectShown(shown[name][i], value, `${name} of class ${i}`));
  }
}
