// The page object of <xor-widget> specs: put widgets on the foreign test host (a teacher's page
// on another origin, loading /embed/xor-widget.js) or open a lesson, and read their parts by
// role and label. Specs import `test` from here to get an `xor` fixture.
import { expect, expectShown, SettingsWidgetPage, toNumber, withPageObject } from './settings-widget-page.js';

export class XorPage extends SettingsWidgetPage {
  static TAG = 'xor-widget';

  get drawn() {
    return this.pointRows.first();
  }

  /** The four points' rows: point, x1, x2, target, h1 ... hH, p. */
  get pointRows() {
    return this.root.locator('[part="points"] tbody tr');
  }

  /** The weights' rows, one per hidden unit: unit, w1 (x1), w1 (x2), b1, w2. */
  get weightRows() {
    return this.root.locator('[part="weights"] tbody tr');
  }

  /** "Loss after N steps: ..." under the loss curve. */
  get lossText() {
    return this.root.locator('[part="loss"] .loss-text');
  }

  /** The pictures (their SVGs): the input plane, the hidden space and the loss curve. */
  get plane() {
    return this.root.locator('svg.plane');
  }

  get hiddenSpace() {
    return this.root.locator('svg.space');
  }

  get lossCurve() {
    return this.root.locator('svg.curve-plot');
  }

  /** The sentence that stands for the hidden space when there are not two hidden units. */
  get spaceNote() {
    return this.root.locator('[part="hidden-space"] .space-note');
  }

  /** Collects the widget's xor-widget-change events, for `changes()`. */
  async recordChanges() {
    await this.root.evaluate((widget) => {
      window.widgetChanges = [];
      widget.addEventListener('xor-widget-change', (event) => window.widgetChanges.push(event.detail));
    });
  }

  /**
   * Every number the widget shows, read off the screen: the points' table (hidden features and
   * probabilities), the probabilities labelled in the input plane, the weights, the output's
   * bias and the loss after the last step.
   */
  async numbers() {
    const table = (rows) => rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    const points = (await table(this.pointRows)).map((cells) => cells.slice(1).map(toNumber));
    const weights = (await table(this.weightRows)).map((cells) => cells.slice(1).map(toNumber));
    const labels = (await this.plane.locator('.point-label').allTextContents()).map(toNumber);
    // The number after a sentence's colon (an English or a Chinese one).
    const after = (text) => toNumber(text.slice(Math.max(text.lastIndexOf(':'), text.lastIndexOf('：')) + 1));
    const lossText = await this.lossText.textContent();
    const bias = await this.root.locator('.output-bias').textContent();
    return {
      hidden: points.map((cells) => cells.slice(3, -1)),
      probabilities: points.map((cells) => cells.at(-1)),
      inputs: points.map((cells) => cells.slice(0, 3)),
      planeLabels: labels,
      w1: weights.flatMap((cells) => cells.slice(0, 2)),
      b1: weights.map((cells) => cells[2]),
      w2: weights.map((cells) => cells[3]),
      b2: after(bias),
      loss: after(lossText),
    };
  }
}

export const test = withPageObject('xor', XorPage);

export { expect };

/** The attributes of a case of xor-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const attributes = {};
  for (const [key, name] of Object.entries({ activation: 'activation', hidden: 'hidden-units', lr: 'lr', momentum: 'momentum', seed: 'seed', steps: 'steps' })) {
    if (settings[key] !== undefined) attributes[name] = String(settings[key]);
  }
  return attributes;
}

/**
 * The widget shows PyTorch's numbers for its case (xor-expected.json), each as close as the
 * widget's 4 decimals (or 4 significant digits) allow: the loss after the last step, every
 * point's hidden features and probability (in the table and in the plane), every weight.
 */
export async function expectPyTorchNumbers(xor, expected) {
  await expect(xor.lossText, 'the loss is drawn').toContainText(/\d/);
  const shown = await xor.numbers();
  const H = expected.settings.hidden;
  expect(shown.inputs, 'the four points and their targets').toEqual([[0, 0, 0], [0, 1, 1], [1, 0, 1], [1, 1, 0]]);
  expectShown(shown.loss, expected.loss, `the loss after ${expected.settings.steps} steps`);
  expect(shown.hidden.map((row) => row.length), `${H} features a point`).toEqual([H, H, H, H]);
  shown.hidden.forEach((row, k) => row.forEach((value, j) => expectShown(value, expected.hidden[k * H + j], `h${j + 1} of point ${k + 1}`)));
  shown.probabilities.forEach((value, k) => expectShown(value, expected.probabilities[k], `p of point ${k + 1}`));
  shown.planeLabels.forEach((value, k) => expectShown(value, expected.probabilities[k], `the plane's label of point ${k + 1}`));
  expect(shown.w1.length, 'w1 is H x 2').toBe(2 * H);
  for (const key of ['w1', 'b1', 'w2']) shown[key].forEach((value, i) => expectShown(value, expected.params[key][i], `${key}[${i}]`));
  expectShown(shown.b2, expected.params.b2[0], 'b2');
}
