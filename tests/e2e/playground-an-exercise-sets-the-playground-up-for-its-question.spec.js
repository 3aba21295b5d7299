// An exercise with a playground line links to those settings; following it sets the lesson's
// playground up for the question, without leaving the page, in a history entry of its own:
// Back returns the playground and the address to what they were, Forward sets it up again.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('an exercise sets the playground up for its question', async ({ page, playground }) => {
  await playground.open(KNOBS_URL);
  const before = await playground.outputGrid.getAttribute('aria-label');
  expect(before, 'the lesson starts elsewhere than the question').not.toBe('Output, 4 × 4');
  await page.getByRole('group', { name: 'Exercise 2' }).getByRole('link', { name: 'Set the playground up for this question' }).click();
  await expect(page, 'the address now holds the question\'s settings').toHaveURL(/input=3x3:1\.\.9&kernel_size=2&stride=1&padding=1/);
  await expect(playground.outputGrid, 'the 3 × 3 grid with padding 1 gives 4 × 4').toHaveAccessibleName('Output, 4 × 4');
  await expect(playground.outputCells.nth(1), 'the next window along the top row gives the answer').toHaveText('0.75');

  await page.goBack();
  await expect(page, 'Back: the lesson\'s own address').toHaveURL((url) => url.pathname.endsWith(KNOBS_URL) && url.search === '');
  await expect(playground.outputGrid, 'and its own settings').toHaveAccessibleName(before);
  await page.goForward();
  await expect(page).toHaveURL(/input=3x3:1\.\.9&kernel_size=2&stride=1&padding=1/);
  await expect(playground.outputGrid, 'Forward: the question\'s settings again').toHaveAccessibleName('Output, 4 × 4');
  await expect(playground.outputCells.nth(1)).toHaveText('0.75');
});
