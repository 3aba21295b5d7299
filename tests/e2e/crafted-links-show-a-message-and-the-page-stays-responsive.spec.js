// Links that once froze or crashed a learner's tab (a grid of millions of cells) are refused
// before any cell is built: the page shows why, keeps the lesson's own widget, and answers the
// next click at once.
import { COURSE_ORIGIN } from './embed-origins.js';
import { KNOBS_URL, expect, test } from './playground-page.js';

const FRAME = `${COURSE_ORIGIN}/embed/patches-of-a-picture/`;

test('a playground link with a huge kernel and padding shows its note and the lesson\'s settings', async ({ page, playground }) => {
  await playground.open(`${KNOBS_URL}?kernel_size=2000&padding=1000&stride=1`);
  await expect(playground.note, 'the note says the link asks for too large a grid').toContainText(
    'with its padding the picture would be 2004 by 2004 cells, and a grid shows at most 32 a side',
  );
  await expect(playground.outputCells, 'the lesson\'s own example instead').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(page.getByRole('gridcell'), 'no more cells than the lesson\'s grids hold').not.toHaveCount(0);
  expect(await page.getByRole('gridcell').count(), 'a bounded page').toBeLessThan(200);
});

for (const [what, query, words] of [
  ['an 8192 x 8192 picture', 'input-height=8192&input-width=8192', 'input-height="8192": it must be a whole number from 1 to 32'],
  ['a 300 x 300 picture', 'input-height=300&input-width=300', 'input-height="300": it must be a whole number from 1 to 32'],
  ['a padding of 1e308', 'padding=1e308', 'padding must be a whole number, not "1e308"'],
  ['a padding of 100', 'padding=100&kernel_size=201', 'with its padding the picture would be 204 by 204 cells'],
]) {
  test(`the iframe route asked for ${what} says why and shows the lesson's widget`, async ({ page }) => {
    await page.goto(`${FRAME}?${query}`);
    await expect(page.getByRole('alert').first(), 'the frame says why the options are not used').toContainText(words);
    const output = page.locator('pool-widget').getByRole('table', { name: /^Output/ }).getByRole('cell');
    await expect(output, 'the lesson\'s widget, as the lesson sets it').toHaveText(['2.5', '4.5', '10.5', '12.5']);
    await page.locator('pool-widget').getByRole('button', { name: 'Window 4: 12.5', exact: true }).click();
    await expect(page.locator('pool-widget').getByRole('status'), 'and it answers a tap').toContainText('= 12.5');
  });
}
