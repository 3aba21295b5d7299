// Every number <embedding-widget> shows equals PyTorch's (tests/e2e/embedding-expected.py):
// the specs' own cases as attributes, each lesson with the widget in English and in Chinese,
// whose pages also pass axe in the light and the dark scheme.
import { readFileSync } from 'node:fs';
import { SCANNED_SCHEMES, expectNoAxeViolations } from './fixtures.js';
import { EmbeddingPage, expect, expectPyTorchNumbers, test } from './embedding-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./embedding-expected.json', import.meta.url), 'utf8'));
const attributesOf = (testCase) => {
  const attributes = {};
  if (testCase.weight) attributes.weight = testCase.weight.join(' ');
  if (testCase.indices) attributes.indices = testCase.indices.join(' ');
  if (testCase.paddingIdx !== undefined) attributes['padding-idx'] = testCase.paddingIdx === null ? 'none' : testCase.paddingIdx;
  if (testCase.gradOutput) attributes['grad-output'] = Array.isArray(testCase.gradOutput) ? testCase.gradOutput.join(' ') : testCase.gradOutput;
  return attributes;
};

test('shows PyTorch\'s output and gradient in every case', ({ page }) => checkCasesSideBySide(page, EmbeddingPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase), (embedding, testCase) => expectPyTorchNumbers(embedding, testCase.expected)));

const lessons = cases.filter((testCase) => testCase.url);

test('the embedding lesson is in the expected numbers', () => {
  expect(lessons.map((lesson) => lesson.url)).toEqual(['/lessons/a-layer/embedding/']);
});

for (const lesson of lessons) {
  for (const [language, url] of [['English', lesson.url], ['Chinese', `/zh${lesson.url}`]]) {
    test(`${url} (${language}) shows PyTorch's numbers and passes axe (${SCANNED_SCHEMES[language].join(' and ')})`, async ({ page, embedding }) => {
      await page.goto(url);
      await expect(embedding.outputRows.first()).toBeVisible();
      await expectPyTorchNumbers(embedding, lesson.expected);
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${url}, ${colorScheme} scheme`);
      }
    });
  }
}

test('the Chinese lesson speaks Chinese: accessible names, the padding note and the live sentence', async ({ page, embedding }) => {
  await page.goto('/zh/lessons/a-layer/embedding/');
  await expect(embedding.field('the 的第 1 个数'), 'the table\'s fields are named in Chinese').toHaveValue('0.5');
  await expect(embedding.gradRows.first()).toContainText('填充词：虽然出现了，仍为 0');
  await embedding.button('添加 cat').click();
  await expect(embedding.status).toHaveText('已添加 cat。句子是“the cat sat on the mat <pad> <pad> cat”：共 9 个位置，用到表中 6 行。');
  await expect(embedding.gradRows.nth(2)).toContainText('位置 2, 9 之和');
});
