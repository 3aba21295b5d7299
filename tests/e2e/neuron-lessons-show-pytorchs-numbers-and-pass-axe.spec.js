// Each lesson with a <neuron-widget> shows, on its own page, the numbers PyTorch gives for the
// lesson's neuron (tests/e2e/neuron-expected.py reads the lessons' front matter), and its English
// page passes axe in the light scheme and its Chinese page in the dark (SCANNED_SCHEMES).
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations, SCANNED_SCHEMES } from './fixtures.js';
import { expect, expectPyTorchNumbers, test } from './neuron-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./neuron-expected.json', import.meta.url), 'utf8'));
const lessons = cases.filter((testCase) => testCase.url);

test('every lesson with a neuron is in the expected numbers', () => {
  expect(lessons.map((lesson) => lesson.url), 'the six activation lessons').toHaveLength(6);
});

for (const lesson of lessons) {
  test(`${lesson.url} shows PyTorch's numbers, and its pages pass axe in English and Chinese`, async ({ page, neuron }) => {
    await page.goto(lesson.url);
    await expect(neuron.point, 'the lesson\'s widget draws its point').toBeVisible();
    await expectPyTorchNumbers(neuron, lesson.expected);
    // axe's best-practice rule empty-table-header, which the WCAG scan below leaves out: every
    // header cell of the widget's tables names what it heads.
    const emptyHeaders = await neuron.root.locator('th').evaluateAll((headers) => headers.filter((th) => !th.textContent.trim()).length);
    expect(emptyHeaders, 'no header cell is empty').toBe(0);
    for (const [language, prefix] of [['English', ''], ['Chinese', '/zh']]) {
      if (prefix) {
        await page.goto(`${prefix}${lesson.url}`);
        await neuron.root.evaluate((widget) => widget.ready());
      }
      for (const colorScheme of SCANNED_SCHEMES[language]) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `${prefix}${lesson.url}, ${colorScheme} scheme`);
      }
    }
  });
}
