// Every number the widget shows is PyTorch's: the specs' cases on a foreign page (the default
// 0.659, 0.242, 0.099; 1000 and 1001; near argmax and near uniform), the lesson's own widget in
// English and in Chinese, and the lesson passes axe in both schemes.
import { SCANNED_SCHEMES, expectNoAxeViolations } from './fixtures.js';
import { EXPECTED, expect, expectPyTorchNumbers, SoftmaxPage, test } from './softmax-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

const specCases = EXPECTED.cases.filter((testCase) => !testCase.url);
const lessons = EXPECTED.cases.filter((testCase) => testCase.url);

test('in every case the bars, the shifted scores and the gradient are PyTorch\'s', ({ page }) => checkCasesSideBySide(page, SoftmaxPage, specCases,
  (testCase) => ({ scores: testCase.scores.join(' '), temperature: testCase.temperature, 'grad-class': testCase.gradClass }),
  (softmax, testCase) => expectPyTorchNumbers(softmax, testCase.expected)));

test('the default is (2, 1, 0.1): 0.659, 0.242 and 0.09857, each written beside its bar', async ({ softmax }) => {
  await softmax.open();
  await expect(softmax.bars.locator('.bar-value')).toHaveText(['0.659', '0.2424', '0.09857']);
  await expect(softmax.root.getByRole('button', { name: 'Class 0: probability 0.659, shown in the backward pass' })).toHaveAttribute('aria-pressed', 'true');
  // Three is the fewest: the remove button is disabled, and the line beside it says why.
  const remove = softmax.root.getByRole('button', { name: 'Remove the last score' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('3 to 8 scores');
  await expect(softmax.root.locator('.buttons').getByText('3 to 8 scores')).toBeVisible();
});

test('scores of 1000 and 1001 give 0.2689 and 0.7311, with the shifted scores −1 and 0 on screen', async ({ softmax }) => {
  await softmax.open();
  await softmax.field('x0, score of class 0').fill('1000');
  await softmax.field('x1, score of class 1').fill('1001');
  await softmax.field('x1, score of class 1').press('Enter');
  await expect(softmax.bars.locator('.bar-value').first()).toHaveText('0.2689');
  await expect(softmax.bars.locator('.bar-value').nth(1)).toHaveText('0.7311');
  await expect(softmax.root.locator('[part="scores"] .equation')).toHaveText('largest x = 1001; x − 1001 = −1, 0, −1000.9');
});

test('every lesson with a softmax widget is in the expected numbers', () => {
  expect(lessons.map((lesson) => lesson.url)).toEqual(['/lessons/a-layer/softmax/']);
});

for (const lesson of lessons) {
  for (const [language, prefix] of [['English', ''], ['Chinese', '/zh']]) {
    test(`${prefix}${lesson.url} shows PyTorch's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page }) => {
      test.slow(); // an axe run over a whole lesson page per scheme
      await page.goto(`${prefix}${lesson.url}`);
      const softmax = new SoftmaxPage(page);
      await expect(softmax.slider).toBeVisible();
      await expectPyTorchNumbers(softmax, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${prefix}${lesson.url}, ${colorScheme} scheme`);
      }
    });
  }
}
