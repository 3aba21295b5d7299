// The page object of <descent-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/descent-widget.js) or open a lesson, and find their
// parts by role and label. Specs import `test` from here to get a `descent` fixture.
import { expect, expectShown, toNumber, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

export class DescentPage extends SettingsWidgetPage {
  static TAG = 'descent-widget';

  get drawn() {
    return this.rows.first();
  }

  get rows() {
    return this.root.locator('[part="numbers"] tbody tr');
  }

  /** The picture of the surface and the walks. */
  get plot() {
    return this.root.locator('svg.plot');
  }

  /** The line under the table: the surface's value (and plain gradient descent's). */
  get value() {
    return this.root.locator('[part="numbers"] .value');
  }

  /** The table read off the screen: { label: [x, y] }, and the values of the line under it. */
  async numbers() {
    const rows = await this.rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th').textContent, [...tr.querySelectorAll('td')].map((td) => td.textContent)]));
    const values = (await this.value.textContent()).match(/[−-]?[\d.]+(?:e[+−-]?\d+)?/g) ?? [];
    return { rows: Object.fromEntries(rows.map(([label, cells]) => [label, cells.map(toNumber)])), values: values.map(toNumber) };
  }
}

// The labels of the table's rows in each language; the state rows are PyTorch's names.
const LABELS = {
  en: { position: 'where it stands', gradient: 'gradient there', plain: 'plain gradient descent' },
  zh: { position: '所在位置', gradient: '该处的梯度', plain: '普通梯度下降' },
};

/**
 * The widget shows PyTorch's walk: where it stands, the gradient there, the optimiser's state,
 * the surface's value, and with compare plain gradient descent's point and value.
 */
export async function expectPyTorchWalk(descent, expected, { lang = 'en' } = {}) {
  const words = LABELS[lang];
  await expect(descent.rows.first()).toBeVisible();
  const shown = await descent.numbers();
  const pairs = [[words.position, expected.point], [words.gradient, expected.gradient], ...Object.entries(expected.state)];
  if (expected.plain) pairs.push([words.plain, expected.plain]);
  expect(Object.keys(shown.rows).sort(), 'the rows of the table').toEqual(pairs.map(([label]) => label).sort());
  for (const [label, values] of pairs) {
    values.forEach((value, i) => expectShown(shown.rows[label][i], value, `${label} ${'xy'[i]}`));
  }
  expectShown(shown.values[0], expected.value, 'the surface there');
  if (expected.plain) expectShown(shown.values[1], expected.plainValue, 'plain gradient descent\'s value');
}

export const test = withPageObject('descent', DescentPage);

export { expect };
