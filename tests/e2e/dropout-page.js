// The page object of <dropout-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/dropout-widget.js) or open a lesson, and find their
// parts by role and label. Specs import `test` from here to get a `dropout` fixture.
import { expect, toNumber, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

export class DropoutPage extends SettingsWidgetPage {
  static TAG = 'dropout-widget';

  get drawn() {
    return this.rows.first();
  }

  get slider() {
    return this.root.getByRole('slider');
  }

  get mode() {
    return this.root.getByRole('combobox');
  }

  get rows() {
    return this.root.locator('[part="table"] tbody tr');
  }

  /** The line "The survivors are multiplied by 1 / (1 − p) = 2." (empty in evaluation mode). */
  get scale() {
    return this.root.locator('.scale');
  }

  /** Every number of the table, read off the screen: mask (1 kept, 0 dropped), output, mean, gradients. */
  async numbers() {
    const rows = await this.rows.evaluateAll((trs) => trs.map((tr) => ({
      kept: tr.classList.contains('kept'),
      dropped: tr.classList.contains('dropped'),
      cells: [...tr.querySelectorAll('td.number')].map((td) => td.textContent),
    })));
    return {
      mask: rows.map((row) => (row.dropped ? 0 : 1)),
      output: rows.map((row) => toNumber(row.cells[0])),
      mean: rows.map((row) => (row.cells[1] === '' ? null : toNumber(row.cells[1]))),
      gradOutput: rows.map((row) => toNumber(row.cells[2])),
      gradInput: rows.map((row) => toNumber(row.cells[3])),
    };
  }
}

// The widget writes 4 decimals (4 significant digits below 1).
const shows = (actual, expected, what) => {
  expect(Math.abs(actual - expected), `${what}: shown ${actual}, PyTorch ${expected}`).toBeLessThanOrEqual(5e-4 * Math.max(1, Math.abs(expected)));
};

/**
 * The widget shows PyTorch's mask, output and gradient (training: the mask; evaluation: all
 * pass), and with `mean` also the mean over 1000 masks.
 */
export async function expectPyTorchNumbers(dropout, expected, { mean = false } = {}) {
  await expect.poll(async () => (await dropout.numbers()).output.length, { message: 'one row per input' }).toBe(expected.output.length);
  const shown = await dropout.numbers();
  expect(shown.mask, 'the mask').toEqual(expected.mask);
  expected.output.forEach((value, i) => shows(shown.output[i], value, `output ${i + 1}`));
  expected.gradInput.forEach((value, i) => shows(shown.gradInput[i], value, `gradient to input ${i + 1}`));
  if (mean) expected.mean.forEach((value, i) => shows(shown.mean[i], value, `mean ${i + 1}`));
}

export const test = withPageObject('dropout', DropoutPage);

export { expect };
