// Each lesson with a <loss-widget> shows, on its own page and on its Chinese page, the numbers
// PyTorch gives for the lesson's points (tests/e2e/loss-expected.py reads the lessons' front
// matter), and the English page passes axe in the light scheme and the Chinese in the dark
// (SCANNED_SCHEMES). The spec cases (the
// element on the foreign host) give PyTorch's numbers for every loss and reduction.
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations, SCANNED_SCHEMES } from './fixtures.js';
import { expect, expectPyTorchNumbers, LossPage, test } from './loss-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./loss-expected.json', import.meta.url), 'utf8'));
const lessons = cases.filter((testCase) => testCase.url);
const specCases = cases.filter((testCase) => !testCase.url);

test('every interactive loss lesson is in the expected numbers', () => {
  expect(lessons.length, 'the loss lessons').toBeGreaterThanOrEqual(1);
});

for (const lesson of lessons) {
  test(`${lesson.url} shows PyTorch's numbers and passes axe, in English and Chinese`, async ({ page, loss }) => {
    test.setTimeout(120_000);
    await page.goto(lesson.url);
    await expect(loss.handle(1), 'the lesson\'s widget draws its sliders').toBeVisible();
    await expectPyTorchNumbers(loss, lesson.expected);
    for (const colorScheme of SCANNED_SCHEMES.English) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `${lesson.url}, ${colorScheme} scheme`);
    }
    await page.goto(`/zh${lesson.url}`);
    await expect(loss.handle(1, '坐标轴上的第 {number} 个预测值'), 'the Chinese page\'s sliders have Chinese names').toBeVisible();
    await expectPyTorchNumbers(loss, lesson.expected);
    for (const colorScheme of SCANNED_SCHEMES.Chinese) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `/zh${lesson.url}, ${colorScheme} scheme`);
    }
  });
}

test('the element shows PyTorch\'s numbers in every case', ({ page }) => checkCasesSideBySide(page, LossPage, specCases, (testCase) => {
  const attributes = { loss: testCase.loss, predictions: testCase.predictions.join(' '), targets: testCase.targets.join(' '), reduction: testCase.reduction };
  if (testCase.delta !== undefined) attributes.delta = testCase.delta;
  if (testCase.compare) attributes.compare = 'true';
  return attributes;
}, (loss, testCase) => expectPyTorchNumbers(loss, testCase.expected)));
