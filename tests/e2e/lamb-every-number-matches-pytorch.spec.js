// Every number <lamb-widget> shows is LAMB's as tests/golden/learning/generate.py defines it in
// PyTorch float32 operations (tests/e2e/lamb-expected.json, written by
// tests/e2e/lamb-expected.py), within the core's agreement with it and as the widget rounds:
// each case's two layers after the last step and step by step; numbers typed and steps taken
// reaching another case's numbers; a value added and removed; setState firing no event; and
// the lessons in English and in Chinese, whose pages also pass axe in both schemes.
import { readFileSync } from 'node:fs';
import { readableNumber } from '../../web/components/shared/format-number.js';
import { SCANNED_SCHEMES, expectNoAxeViolations, expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { attributesOf, expect, expectLambNumbers, expectNumber, LambPage, test } from './lamb-page.js';
import { checkCasesSideBySide, otherScheme, pinScheme } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./lamb-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('shows LAMB\'s numbers in every case', ({ page }) => checkCasesSideBySide(page, LambPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase.expected.settings), (lamb, testCase) => expectLambNumbers(lamb, testCase.expected)));

test('typed options and the step buttons reach the numbers of weight decay after 20 steps, and say so', async ({ lamb }) => {
  const target = named('weight decay');
  await lamb.open();
  await lamb.recordChanges();
  await lamb.field('Weight decay weight_decay').fill('0.1');
  await lamb.field('Weight decay weight_decay').press('Enter');
  await expect(lamb.root).toHaveAttribute('weight-decay', '0.1');
  await lamb.field('Steps (1 to 100)').fill('19');
  await lamb.field('Steps (1 to 100)').press('Enter');
  await lamb.button('One more step').click();
  await expect(lamb.field('Steps (1 to 100)')).toHaveValue('20');
  await expectLambNumbers(lamb, target.expected);
  const [ratio1, ratio2] = target.expected.layers.map((layer) => readableNumber(layer.trustRatio));
  await expect(lamb.status).toHaveText(`Step 20. After step 20 the trust ratio is ${ratio1} in layer 1 and ${ratio2} in layer 2.`);
  const changes = await lamb.changes();
  expect(changes.map((change) => [change.state.weightDecay, change.state.steps]), 'one event per change, each by the learner').toEqual([[0.1, 1], [0.1, 19], [0.1, 20]]);
  expect(changes.every((change) => change.byUser)).toBe(true);
});

test('"Back a step" shows the step before: its ratio and parameter are the longer walk\'s row', async ({ lamb }) => {
  const { expected } = named('ten steps');
  await lamb.open(LambPage.tag({ steps: '10' }));
  await lamb.button('Back a step').click();
  await expect(lamb.root).toHaveAttribute('steps', '9');
  await expect(lamb.status).toHaveText(/^Back to step 9\. After step 9 the trust ratio is /);
  for (const [i, layer] of expected.layers.entries()) {
    const shown = await lamb.read(i + 1);
    expect(shown.history, 'a row per step').toHaveLength(9);
    expectNumber(shown.ratio.slice(shown.ratio.lastIndexOf('=') + 1), layer.history[8].trustRatio, `layer ${i + 1}'s ratio at step 9`);
    layer.history[8].param.forEach((value, j) => expectNumber(shown.results[4][j], value, `layer ${i + 1}'s parameter after step 9`));
    layer.history[7].param.forEach((value, j) => expectNumber(shown.results[0][j], value, `layer ${i + 1}'s parameter before step 9`));
  }
  await lamb.field('Steps (1 to 100)').fill('1');
  await lamb.field('Steps (1 to 100)').press('Enter');
  await expect(lamb.button('Back a step'), 'no step before the first').toBeDisabled();
  await expectLambNumbers(lamb, named('defaults').expected);
});

test('"Add a value" gives a layer a value of 0 with a gradient of 0, and "Remove the last value" takes it off', async ({ lamb }) => {
  await lamb.open();
  await lamb.recordChanges();
  const layer2 = lamb.layer(2);
  await layer2.getByRole('button', { name: 'Add a value' }).click();
  await expect(lamb.root).toHaveAttribute('param2', '0.03 0.04 0');
  await expect(lamb.root).toHaveAttribute('grad2', '0.5 -0.5 0');
  await expect(lamb.status).toHaveText(/^Layer 2 has 3 values\. After step 1 the trust ratio is 3\.5355 in layer 1 and 0\.03536 in layer 2\.$/);
  await expectLambNumbers(lamb, named('a value of 0 added to layer 2').expected);
  await expect(lamb.field('Layer 2 parameter, value 3')).toHaveValue('0');
  await layer2.getByRole('button', { name: 'Remove the last value' }).click();
  await expectLambNumbers(lamb, named('defaults').expected);
  // Down to one value, the remove button can do no more.
  await layer2.getByRole('button', { name: 'Remove the last value' }).click();
  await expect(layer2.getByRole('button', { name: 'Remove the last value' })).toBeDisabled();
  await expect(lamb.root).toHaveAttribute('param2', '0.03');
  const changes = await lamb.changes();
  expect(changes.map((change) => change.state.param2)).toEqual([[0.03, 0.04, 0], [0.03, 0.04], [0.03]]);
  await lamb.root.evaluate((widget) => widget.setState({ param2: [0.03, 0.04, 0], grad2: [0.5, -0.5, 0] }));
  await expectLambNumbers(lamb, named('a value of 0 added to layer 2').expected);
  expect(await lamb.changes(), 'setState fires no event').toHaveLength(3);
  expect(await lamb.root.evaluate((widget) => widget.getState().grad2)).toEqual([0.5, -0.5, 0]);

  // That value's gradient is 0: with eps 0 its update is 0 / 0, NaN (as LAMB in PyTorch's
  // operations gives), and the widget says why.
  const note = lamb.root.locator('.nan-note');
  await expect(note).toBeHidden();
  await lamb.field('eps').fill('0');
  await lamb.field('eps').press('Enter');
  await expect(note).toHaveText('Some numbers are NaN, not a number: with eps 0 in float32, the core\'s number type (anything below about 7e-46 is 0 there), a value whose gradient is 0 gets the update 0 / (√0 + 0), zero divided by zero, and the value itself follows. LAMB written in PyTorch\'s operations gives NaN too; a larger eps keeps them numbers.');
  await expect(lamb.field('Layer 2 parameter, value 3')).toHaveValue('0');
  // So does an eps float32 holds as 0.
  await lamb.field('eps').fill('5e-324');
  await lamb.field('eps').press('Enter');
  await expect(note).toContainText('with eps 0 in float32');
  await lamb.field('eps').fill('0.000001');
  await lamb.field('eps').press('Enter');
  await expect(note).toBeHidden();
  await expectLambNumbers(lamb, named('a value of 0 added to layer 2').expected);
});

const lessons = cases.filter((testCase) => testCase.url);

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows LAMB's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, lamb }) => {
      // axe reads the whole lesson once per scheme.
      test.setTimeout(120_000);
      await page.goto(url);
      await expect(lamb.drawn, 'the lesson\'s widget draws').toBeVisible();
      await expectLambNumbers(lamb, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the widget passes axe in the light and dark schemes, with many steps, eight values and a refused value', async ({ page, lamb }) => {
  // axe reads the two widgets once per scheme.
  test.setTimeout(180_000);
  const eight = named('eight values and one').expected.settings;
  await lamb.open(LambPage.tag({ steps: '100' })
    + LambPage.tag({ 'color-scheme': 'dark', ...attributesOf(eight) }));
  await lamb.field('Learning rate lr').fill('1,5');
  await expect(lamb.alert).toHaveText('Learning rate lr: "1,5" has a decimal comma: write 1.5, with a point. The widget keeps 0.01.');
  // Each scan covers both widgets, the refusal and every other field as it stood, the second
  // pinned to the scheme the page is not in (dark for the first scan, the light page's).
  const second = page.locator(LambPage.TAG).last();
  await expectNoAxeViolationsInBothSchemes(page, 'two widgets and a refused value', { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) });
});
