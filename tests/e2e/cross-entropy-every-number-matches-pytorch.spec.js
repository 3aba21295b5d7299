// Every number the widget shows is PyTorch's (the loss, p, q and the gradient): the specs'
// cases on a foreign page, and the lesson's widget in English and in Chinese, which pass axe in
// both schemes.
import { SCANNED_SCHEMES, expectNoAxeViolations } from './fixtures.js';
import { CrossEntropyPage, EXPECTED, expect, expectPyTorchNumbers, test } from './cross-entropy-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

const specCases = EXPECTED.cases.filter((testCase) => !testCase.url);
const lessons = EXPECTED.cases.filter((testCase) => testCase.url);

test('in every case the loss and the bars are PyTorch\'s', ({ page }) => checkCasesSideBySide(page, CrossEntropyPage, specCases,
  (testCase) => ({ logits: testCase.logits.join(' '), target: testCase.target, 'label-smoothing': testCase.labelSmoothing }),
  (crossEntropy, testCase) => expectPyTorchNumbers(crossEntropy, testCase.expected)));

test('the loss is −log of the true class\'s probability, written out', async ({ crossEntropy }) => {
  await crossEntropy.open();
  await expect(crossEntropy.root.locator('[part="logits"] .equation')).toHaveText('loss = −log p0 = −log 0.659 = 0.417');
  await expect(crossEntropy.root.getByRole('button', { name: 'Class 0: probability 0.659, the true class' })).toHaveAttribute('aria-pressed', 'true');
  // Three is the fewest: the remove button is disabled, and the line beside it says why.
  const remove = crossEntropy.root.getByRole('button', { name: 'Remove the last logit' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('3 to 8 logits');
  await expect(crossEntropy.root.locator('.buttons').getByText('3 to 8 logits')).toBeVisible();
});

test('every lesson with a cross-entropy widget is in the expected numbers', () => {
  expect(lessons.map((lesson) => lesson.url)).toEqual(['/lessons/the-error/cross-entropy/']);
});

for (const lesson of lessons) {
  for (const [language, prefix] of [['English', ''], ['Chinese', '/zh']]) {
    test(`${prefix}${lesson.url} shows PyTorch's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page }) => {
      test.slow(); // an axe run over a whole lesson page per scheme
      await page.goto(`${prefix}${lesson.url}`);
      const crossEntropy = new CrossEntropyPage(page);
      await expect(crossEntropy.slider).toBeVisible();
      await expectPyTorchNumbers(crossEntropy, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${prefix}${lesson.url}, ${colorScheme} scheme`);
      }
    });
  }
}
