// Each lesson with a <neuron-widget> shows, on its own page, the numbers PyTorch gives for the
// lesson's neuron (tests/e2e/neuron-expected.py reads the lessons' front matter), and the page
// passes axe in the light and the dark scheme.
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './fixtures.js';
import { expect, expectPyTorchNumbers, test } from './neuron-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./neuron-expected.json', import.meta.url), 'utf8'));
const lessons = cases.filter((testCase) => testCase.url);

test('every lesson with a neuron is in the expected numbers', () => {
  expect(lessons.map((lesson) => lesson.url), 'the six activation lessons').toHaveLength(6);
});

for (const lesson of lessons) {
  test(`${lesson.url} shows PyTorch's numbers and passes axe in both schemes`, async ({ page, neuron }) => {
    await page.goto(lesson.url);
    await expect(neuron.point, 'the lesson\'s widget draws its point').toBeVisible();
    await expectPyTorchNumbers(neuron, lesson.expected);
    // axe's best-practice rule empty-table-header, which the WCAG scan below leaves out: every
    // header cell of the widget's tables names what it heads.
    const emptyHeaders = await neuron.root.locator('th').evaluateAll((headers) => headers.filter((th) => !th.textContent.trim()).length);
    expect(emptyHeaders, 'no header cell is empty').toBe(0);
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `${lesson.url}, ${colorScheme} scheme`);
    }
  });
}
