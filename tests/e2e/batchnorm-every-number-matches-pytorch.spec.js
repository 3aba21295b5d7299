// Every number <batchnorm-widget> shows, after the training steps a learner takes with its
// button and in either mode, is PyTorch's (tests/e2e/batchnorm-expected.json, written by
// tests/e2e/batchnorm-expected.py with nn.BatchNorm2d), and the lesson's page shows its own.
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations, SCANNED_SCHEMES } from './fixtures.js';
import { BatchnormPage, expect, expectPyTorchNumbers, test } from './batchnorm-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./batchnorm-expected.json', import.meta.url), 'utf8'));
const ATTRIBUTES = { input: 'input', weight: 'weight', bias: 'bias', runningMean: 'running-mean', runningVar: 'running-var', momentum: 'momentum', gradOutput: 'grad-output' };
const asAttribute = (value) => (Array.isArray(value) ? value.join(' ') : String(value));

test('in every case the widget shows PyTorch\'s numbers', ({ page }) => checkCasesSideBySide(page, BatchnormPage,
  cases.filter((candidate) => !candidate.url),
  (testCase) => Object.fromEntries(Object.entries(ATTRIBUTES)
    .filter(([key]) => key in testCase).map(([key, name]) => [name, asAttribute(testCase[key])])),
  async (batchnorm, testCase) => {
    for (let i = 1; i <= (testCase.press ?? 0); i++) {
      await batchnorm.stepButton.click();
      await expect(batchnorm.steps, 'the counter counts the step').toHaveText(`Steps taken: ${i}`);
    }
    if (testCase.training === false) {
      await batchnorm.mode.selectOption('eval');
      await expect(batchnorm.stepButton, 'evaluation takes no training step').toBeDisabled();
    }
    await expectPyTorchNumbers(batchnorm, testCase.expected);
  }));

test('evaluation uses the running statistics and leaves them as they are; the state reproduces them', async ({ batchnorm, page }) => {
  await batchnorm.open();
  for (let i = 0; i < 3; i++) await batchnorm.stepButton.click();
  await batchnorm.mode.selectOption('eval');
  // x̂ is named, and shown beside, by the running statistics it is normalised by.
  for (const c of [1, 2]) {
    const channel = batchnorm.channel(c);
    await expect(channel.getByText('Normalised x̂ = (x − running_mean) / √(running_var + ε)', { exact: true }), `channel ${c}'s x̂ says it uses the running statistics`).toBeVisible();
    await expect(channel.locator('[part="statistics"] dt:visible'), `channel ${c}'s statistics beside x̂ are the running ones`)
      .toHaveText(['Running mean running_mean (in place of μ)', 'Running variance running_var (in place of σ²)']);
  }
  const state = await batchnorm.root.evaluate((widget) => widget.getState());
  expect(state, 'three steps are in the state').toMatchObject({ steps: 3, training: false });
  const expected = cases.find((candidate) => candidate.name === 'evaluation after three steps').expected;
  await expectPyTorchNumbers(batchnorm, expected);

  // A widget given that state (as a link or a snippet would) shows the same numbers.
  await batchnorm.open(BatchnormPage.tag({
    'running-mean': state.runningMean.join(' '), 'running-var': state.runningVar.join(' '), steps: '3', training: 'false',
  }));
  await expect(batchnorm.steps).toHaveText('Steps taken: 3');
  await expectPyTorchNumbers(batchnorm, expected);
  await batchnorm.resetButton.click();
  await expect(batchnorm.steps, 'reset goes back to step 0').toHaveText('Steps taken: 0');
  await expect(batchnorm.root).toHaveAttribute('running-mean', '0 0');
  await expect(page.locator('body')).toBeVisible();
});

for (const lesson of cases.filter((candidate) => candidate.url)) {
  // The Chinese lesson is scanned in the dark scheme by batchnorm-speaks-chinese-on-the-chinese-lesson.
  test(`${lesson.url} shows PyTorch's numbers and passes axe (${SCANNED_SCHEMES.English.join(' and ')})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(lesson.url);
    const batchnorm = new BatchnormPage(page);
    await expect(batchnorm.channel(1), 'the lesson\'s widget draws').toBeVisible();
    await expectPyTorchNumbers(batchnorm, lesson.expected);
    for (const colorScheme of SCANNED_SCHEMES.English) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `${lesson.url}, ${colorScheme} scheme`);
    }
  });
}
