// An exercise with a playground line links to those settings; following it sets the lesson's
// playground up for the question, without leaving the page.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('an exercise sets the playground up for its question', async ({ page, playground }) => {
  await playground.open(KNOBS_URL);
  await page.getByRole('group', { name: 'Exercise 2' }).getByRole('link', { name: 'Set the playground up for this question' }).click();
  await expect(page, 'the address now holds the question\'s settings').toHaveURL(/input=3x3:1\.\.9&kernel_size=2&stride=1&padding=1/);
  await expect(playground.outputGrid, 'the 3 × 3 grid with padding 1 gives 4 × 4').toHaveAccessibleName('Output, 4 × 4');
  await expect(playground.outputCells.first(), 'its top-left window gives the answer').toHaveText('0.25');
});
