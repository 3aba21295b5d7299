// Every number <dropout-widget> shows equals PyTorch's (tests/e2e/dropout-expected.py, the
// masks from the core's documented generator reimplemented in Python): the specs' own cases as
// attributes, with the mean over 1000 masks; "New mask" moving to the next seed; and the
// dropout lesson in English and in Chinese, whose pages also pass axe in both schemes.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations } from './fixtures.js';
import { DropoutPage, expect, expectPyTorchNumbers, test } from './dropout-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./dropout-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);
const attributesOf = (testCase) => {
  const attributes = {};
  if (testCase.input) attributes.input = testCase.input.join(' ');
  for (const key of ['p', 'seed', 'mode']) if (testCase[key] !== undefined) attributes[key] = testCase[key];
  if (testCase.gradOutput) attributes['grad-output'] = Array.isArray(testCase.gradOutput) ? testCase.gradOutput.join(' ') : testCase.gradOutput;
  return attributes;
};

test('shows PyTorch\'s mask, output, gradient and mean in every case', ({ page }) => checkCasesSideBySide(page, DropoutPage,
  cases.filter((candidate) => !candidate.url), attributesOf, async (dropout, testCase) => {
    await expectPyTorchNumbers(dropout, testCase.expected);
    if (testCase.mode === 'eval') {
      await expect(dropout.button('Average 1000 masks'), 'evaluation draws no masks to average').toBeDisabled();
      await expect(dropout.scale).toBeHidden();
      return;
    }
    await dropout.button('Average 1000 masks').click();
    await expect(dropout.button('Average 1000 masks')).toHaveAttribute('aria-pressed', 'true');
    await expectPyTorchNumbers(dropout, testCase.expected, { mean: true });
  }));

test('"New mask" moves to the next seed, and shows the mask PyTorch is given for it', async ({ dropout }) => {
  await dropout.open();
  await expectPyTorchNumbers(dropout, named('default').expected);
  await dropout.button('New mask').click();
  await expect(dropout.field('Seed')).toHaveValue('1');
  await expect(dropout.root).toHaveAttribute('seed', '1');
  await expectPyTorchNumbers(dropout, named('new mask once').expected);
  await expect(dropout.status).toHaveText('New mask, seed 1. 6 of 8 elements kept, p = 0.5.');
});

test('at p = 1 the mean of 1000 masks is 0 and the note says why; a p just below 1 is not shown as 1, and its means are said not to settle', async ({ dropout }) => {
  await dropout.open(DropoutPage.tag(attributesOf(named('p 1'))));
  await dropout.button('Average 1000 masks').click();
  await expectPyTorchNumbers(dropout, named('p 1').expected, { mean: true });
  await expect(dropout.root.locator('.average-note'), 'no survivor keeps the expected value at p = 1').toHaveText(
    'Averaged over 1000 masks (seeds 0 to 999), every output is 0: with p = 1 every mask drops every element, so no survivor is left to scale up and the expected value is 0, not the input. PyTorch gives zeros too.');
  await dropout.field('Dropout probability p').fill('0.999999');
  await dropout.field('Dropout probability p').press('Enter');
  await expect(dropout.status, 'p is written with the digits that tell it from 1').toHaveText(/^Dropout probability p is 0\.999999\. \d+ of 8 elements kept, p = 0\.999999\.$/);
  await expect(dropout.root.locator('.average-note'), 'so close to 1, a thousand masks keep an element too rarely for its mean to settle').toHaveText(
    'Averaged over 1000 masks (seeds 0 to 999): with p = 0.999999 each element survives in only about 0.001 of them, too few for its average to settle, so an output may lie some 3162 % or more from its input. Its expected value is still the input.');
  await dropout.field('Dropout probability p').fill('0.95');
  await dropout.field('Dropout probability p').press('Enter');
  await expect(dropout.root.locator('.average-note')).toHaveText(/: with p = 0\.95 each element survives in only about 50 of them, too few for its average to settle, so an output may lie some 14 % or more from its input\./);
  await dropout.field('Dropout probability p').fill('0.9');
  await dropout.field('Dropout probability p').press('Enter');
  await expect(dropout.root.locator('.average-note'), 'at p = 0.9 the means spread by under a tenth of the inputs').toHaveText(/^Averaged over 1000 masks \(seeds 0 to 999\), each output lies near its input/);
});

const lessons = cases.filter((testCase) => testCase.url);

test('the dropout lesson is in the expected numbers', () => {
  expect(lessons.map((lesson) => lesson.url)).toEqual(['/lessons/a-layer/dropout/']);
});

for (const lesson of lessons) {
  for (const [language, url, average] of [['English', lesson.url, 'Average 1000 masks'], ['Chinese', `/zh${lesson.url}`, '对 1000 个掩码取平均']]) {
    test(`${url} (${language}) shows PyTorch's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, dropout }) => {
      await page.goto(url);
      await expect(dropout.rows.first()).toBeVisible();
      await expectPyTorchNumbers(dropout, lesson.expected);
      await dropout.button(average).click();
      await expectPyTorchNumbers(dropout, lesson.expected, { mean: true });
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}
