// The page object of <loss-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/loss-widget.js) or open a lesson, and find the
// widget's parts by role and label. Specs import `test` from here to get a `loss` fixture.
import { expect, expectShown, lastNumber, toNumber, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

export class LossPage extends SettingsWidgetPage {
  static TAG = 'loss-widget';

  get drawn() {
    return this.handle(1);
  }

  /** The slider of prediction `n` (from 1); `name` is its label with `{number}` for n
   * ("Prediction {number} on the axis", "坐标轴上的第 {number} 个预测值"), or a word the number follows ("Prediction"). */
  handle(n, name = 'Prediction {number} on the axis') {
    const label = name.includes('{number}') ? name.replaceAll('{number}', String(n)) : `${name} ${n}`;
    return this.root.getByRole('slider', { name: label, exact: true });
  }

  get table() {
    return this.root.locator('table.numbers');
  }

  /** Every number the table and the totals show (as rounded as they show them). */
  async numbers() {
    const rows = this.table.locator('tbody tr');
    const count = await rows.count();
    const gaps = [];
    const terms = [];
    const gradients = [];
    const compared = [];
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).locator('td.number');
      gaps.push(toNumber(await cells.nth(0).textContent()));
      terms.push(toNumber(await cells.nth(1).textContent()));
      gradients.push(toNumber(await cells.nth(2).textContent()));
      const other = (await cells.nth(3).textContent()).trim();
      if (other) compared.push(toNumber(other));
    }
    const total = await this.root.locator('[part="loss"]').textContent();
    const compareTotal = (await this.root.locator('.compare-line').textContent()).trim();
    return {
      gaps, terms, gradients, compared,
      loss: total.includes('=') ? lastNumber(total) : null,
      comparedLoss: compareTotal.includes('=') ? lastNumber(compareTotal) : null,
    };
  }

  /** The page position of `value` on lane `n` of the strip, from the widget's own scale. */
  async pagePointAt(n, value) {
    return this.root.locator('svg.strip').evaluate((svg, [lane, x]) => {
      const box = svg.getBoundingClientRect();
      const [, , width, height] = svg.getAttribute('viewBox').split(' ').map(Number);
      const scale = Math.min(box.width / width, box.height / height);
      const [min, max] = svg.getRootNode().host.getState().range;
      const viewX = 30 + ((x - min) / (max - min)) * (width - 12 - 30);
      const viewY = 4 + (lane - 1) * 48 + 24;
      return { x: box.left + (box.width - width * scale) / 2 + viewX * scale, y: box.top + (box.height - height * scale) / 2 + viewY * scale };
    }, [n, value]);
  }
}

export const test = withPageObject('loss', LossPage);

export { expect, expectShown };

/** The widget's numbers equal PyTorch's (loss-expected.json's `expected`). */
export async function expectPyTorchNumbers(loss, expected) {
  const shown = await loss.numbers();
  expected.terms.forEach((term, i) => expectShown(shown.terms[i], term, `term ${i + 1}`));
  expected.gradients.forEach((grad, i) => expectShown(shown.gradients[i], grad, `gradient ${i + 1}`));
  if (expected.loss !== null) expectShown(shown.loss, expected.loss, 'loss');
  if (expected.compared) {
    expected.compared.gradients.forEach((grad, i) => expectShown(shown.compared[i], grad, `compared gradient ${i + 1}`));
    if (expected.compared.loss !== null) expectShown(shown.comparedLoss, expected.compared.loss, 'compared loss');
  }
}
