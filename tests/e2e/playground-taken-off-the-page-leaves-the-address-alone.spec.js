// A playground removed from the page (a single-page site moving on) must not write its settings
// into the next page's address later: its pending address write goes with it. The page's clock
// is paused, so "later" is exactly when the test says.
import { expect, test } from './playground-page.js';

test('a playground taken off the page leaves the next address alone', async ({ page, playground }) => {
  await page.clock.install();
  await playground.open();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  await playground.sizeField('stride', 'height').fill('1');
  await playground.root.evaluate((element) => {
    element.remove();
    window.history.pushState(null, '', '/next-page/?topic=cats');
  });
  await page.clock.runFor(1000);
  await expect(page, 'the next page keeps its own address').toHaveURL(/\/next-page\/\?topic=cats$/);
});
