// The page object of <linear-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/linear-widget.js) or find a lesson's, and read their
// parts by role and label. Specs import `test` from here to get a `linear` fixture.
import { formatNumber } from '../../web/components/shared/format-number.js';
import { expect, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

// The computed grids, as the widget's `selected` names them, and the keys of their numbers in
// linear-expected.json.
export const COMPUTED = { output: 'output', grad_input: 'gradInput', grad_weight: 'gradWeight', grad_bias: 'gradBias' };
// The editable grids: the settings they hold.
export const EDITABLE = ['input', 'weight', 'bias', 'gradOutput'];

export class LinearPage extends SettingsWidgetPage {
  static TAG = 'linear-widget';

  get drawn() {
    return this.cell('output', 1, 1);
  }

  /** A computed cell (a button), row and column from 1; grad_bias has one row. */
  cell(grid, row, column) {
    return this.root.locator(`button.computed[data-grid="${grid}"][data-row="${row - 1}"][data-column="${column - 1}"]`);
  }

  /** Every computed cell of a grid. */
  cells(grid) {
    return this.root.locator(`button.computed[data-grid="${grid}"]`);
  }

  /** Every number field of a setting, row-major. */
  fields(key) {
    return this.root.locator(`input[data-key="${key}"]`);
  }

  /** The fields whose cells are highlighted as entering the selected sum, by setting. */
  async highlighted() {
    const found = {};
    for (const key of EDITABLE) {
      found[key] = await this.root.locator(`.cell.in-window input[data-key="${key}"]`).evaluateAll((fields) => fields.map((field) => Number(field.dataset.index)));
    }
    return found;
  }

  /** Collects the widget's linear-widget-change events, for `changes()`. */
  async recordChanges() {
    await this.root.evaluate((widget) => {
      window.widgetChanges = [];
      widget.addEventListener('linear-widget-change', (event) => window.widgetChanges.push(event.detail));
    });
  }

  /** The selected cell's sum. */
  get sum() {
    return this.root.locator('[part="sum"]');
  }
}

export const test = withPageObject('linear', LinearPage);

export { expect };

/** The attributes of a case of linear-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const attributes = {};
  const names = { batch: 'batch', inFeatures: 'in-features', outFeatures: 'out-features', input: 'input', weight: 'weight', bias: 'bias', gradOutput: 'grad-output', selected: 'selected' };
  for (const [key, name] of Object.entries(names)) {
    const value = settings[key];
    if (value === undefined) continue;
    attributes[name] = value === null ? 'null' : Array.isArray(value) ? value.join(' ') : String(value);
  }
  return attributes;
}

/**
 * Asserts that every number the widget shows is PyTorch's for its case, as the widget formats
 * it (linear-expected.json): the inputs in their fields and every computed cell; the bias's
 * grids are hidden when there is none.
 */
export async function expectPyTorchNumbers(linear, expected) {
  const { settings } = expected;
  const shown = (values) => values.map(formatNumber);
  for (const key of ['input', 'weight']) {
    expect(await linear.fields(key).evaluateAll((fields) => fields.map((field) => field.value)), `${key}'s fields`).toEqual(shown(settings[key]));
  }
  const ones = settings.gradOutput === 'ones' ? new Array(settings.batch * settings.outFeatures).fill(1) : settings.gradOutput;
  expect(await linear.fields('gradOutput').evaluateAll((fields) => fields.map((field) => field.value)), 'G\'s fields').toEqual(shown(ones));
  for (const [grid, key] of Object.entries(COMPUTED)) {
    if (expected[key] === null) {
      await expect(linear.cells(grid).first(), `${grid} is hidden without a bias`).toBeHidden();
      continue;
    }
    await expect(linear.cells(grid), `${grid}: PyTorch's numbers`).toHaveText(shown(expected[key]));
  }
  if (settings.bias === null) await expect(linear.fields('bias').first(), 'no bias field without a bias').toBeHidden();
  else expect(await linear.fields('bias').evaluateAll((fields) => fields.map((field) => field.value)), 'b\'s fields').toEqual(shown(settings.bias));
}
