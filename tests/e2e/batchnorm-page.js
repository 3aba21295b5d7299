// The page object of <batchnorm-widget> specs: put widgets on the foreign test host (a
// teacher's page on another origin, loading /embed/batchnorm-widget.js) or find the lesson's,
// and read their parts by role and label. Specs import `test` from here to get a `batchnorm`
// fixture.
import { expect, expectShown, toNumber, SettingsWidgetPage, withPageObject } from './settings-widget-page.js';

// The numbers in a sentence such as "0.1 now, 100 after the next training step".
const numbersIn = (text) => (text.replace(/−/g, '-').match(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/g) ?? []).map(Number);

export const SAMPLES = 2;
export const CHANNELS = 2;
// The flat [N, C, H, W] index of the k-th cell (row by row) of sample n's grid of channel c.
export const flatIndex = (n, c, k) => (n * CHANNELS + c) * 4 + k;

export class BatchnormPage extends SettingsWidgetPage {
  static TAG = 'batchnorm-widget';

  get drawn() {
    return this.channel(1);
  }

  /** A channel's card ("Channel 1"). */
  channel(c, name = `Channel ${c}`) {
    return this.root.getByRole('region', { name, exact: true });
  }

  get mode() {
    return this.root.getByRole('combobox', { name: 'Mode' });
  }

  get stepButton() {
    return this.root.getByRole('button', { name: 'Training step' });
  }

  get resetButton() {
    return this.root.getByRole('button', { name: 'Reset running statistics' });
  }

  get steps() {
    return this.root.locator('[part="steps"]');
  }

  /**
   * Every number the widget shows, read off the screen (as rounded as it shows them), in the
   * [N, C, H, W] order of PyTorch's flat tensors and per channel. In evaluation the statistics
   * beside x̂ are the running ones it is normalised by (usedMean, usedVar), not the batch's.
   * @param {string} [channelName] how a card is named, with {c} for its number (Chinese pages)
   */
  async numbers(channelName = 'Channel {c}') {
    const shown = {
      training: await this.root.evaluate((widget) => widget.getState().training),
      mean: [], variance: [], unbiasedVariance: [], usedMean: [], usedVar: [], runningMean: [], runningVar: [], nextRunningMean: [], nextRunningVar: [],
      gradWeight: [], gradBias: [], normalised: new Array(16), output: new Array(16), gradInput: new Array(16),
    };
    for (let c = 0; c < CHANNELS; c++) {
      const card = this.channel(c + 1, channelName.replace('{c}', String(c + 1)));
      const stats = await card.locator('dl.stats:not(.running):not(.grads) dd').allTextContents();
      if (shown.training) {
        shown.mean.push(toNumber(stats[0]));
        shown.variance.push(toNumber(stats[1]));
        shown.unbiasedVariance.push(numbersIn(stats[2])[0]);
      } else {
        shown.usedMean.push(toNumber(stats[0]));
        shown.usedVar.push(toNumber(stats[1]));
      }
      const running = await card.locator('dl.running dd').allTextContents();
      const [mean, nextMean = mean] = numbersIn(running[0]);
      const [variance, nextVariance = variance] = numbersIn(running[1]);
      shown.runningMean.push(mean);
      shown.nextRunningMean.push(nextMean);
      shown.runningVar.push(variance);
      shown.nextRunningVar.push(nextVariance);
      const grads = await card.locator('dl.grads dd').allTextContents();
      shown.gradWeight.push(toNumber(grads[0]));
      shown.gradBias.push(toNumber(grads[1]));
      const grids = card.locator('[part="grid"]');
      // Per card: normalised (samples 1, 2), output (1, 2), gradient (1, 2).
      for (const [g, key] of [[0, 'normalised'], [2, 'output'], [4, 'gradInput']]) {
        for (let n = 0; n < SAMPLES; n++) {
          // The backward tables sit in a closed disclosure, out of the accessibility tree: by attribute.
          const cells = await grids.nth(g + n).locator('[role="cell"]').allTextContents();
          cells.forEach((text, k) => {
            shown[key][flatIndex(n, c, k)] = toNumber(text);
          });
        }
      }
    }
    return shown;
  }
}

export const test = withPageObject('batchnorm', BatchnormPage);

export { expect, expectShown };

/** Asserts that every number the widget shows is PyTorch's for its case (batchnorm-expected.json). */
export async function expectPyTorchNumbers(batchnorm, expected, channelName = undefined) {
  const shown = await batchnorm.numbers(channelName);
  const statistics = shown.training ? ['mean', 'variance', 'unbiasedVariance'] : [];
  for (const key of [...statistics, 'runningMean', 'runningVar', 'nextRunningMean', 'nextRunningVar',
    'gradWeight', 'gradBias', 'normalised', 'output']) {
    expected[key].forEach((value, i) => expectShown(shown[key][i], value, `${key}[${i}]`));
  }
  // Evaluation normalises by the running statistics, and shows them beside x̂.
  if (!shown.training) {
    expected.runningMean.forEach((value, i) => expectShown(shown.usedMean[i], value, `the mean x̂ uses[${i}]`));
    expected.runningVar.forEach((value, i) => expectShown(shown.usedVar[i], value, `the variance x̂ uses[${i}]`));
  }
  // A gradient that is 0 in exact arithmetic shows the core's rounding residue (about 1e-6).
  expected.gradInput.forEach((value, i) => expect(Math.abs(shown.gradInput[i] - value), `gradInput[${i}]`).toBeLessThanOrEqual(Math.max(1e-4, 6e-4 * Math.abs(value))));
}
