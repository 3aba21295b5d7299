// The address holds only settings that read back: while a size field is empty the link keeps the
// last complete settings, so a reload never meets "kernel_size=NaN" and rejects the whole link.
// The page's clock is paused, so the delayed address write runs exactly when the test says.
import { expect, test } from './playground-page.js';

test('a half-typed setting never reaches the link', async ({ page, playground }) => {
  await page.clock.install();
  await playground.open();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  await playground.sizeField('kernel_size', 'width').fill('3');
  await page.clock.runFor(1000);
  await expect(page, 'a complete change is written to the address').toHaveURL(/kernel_size=2,3&/);

  await playground.sizeField('kernel_size', 'height').clear();
  await expect(playground.alert, 'the empty field is named').toContainText('kernel_size height needs a whole number');
  await page.clock.runFor(1000);
  await expect(page, 'the empty field is not written').not.toHaveURL(/NaN/);
  await expect(page, 'the address keeps the last complete settings').toHaveURL(/kernel_size=2,3&/);

  await page.clock.resume();
  await page.reload();
  await expect(playground.outputGrid, 'the link still works after a reload').toBeVisible();
  await expect(playground.note, 'with no note about a link that could not be read').toBeHidden();
  await expect(playground.sizeField('kernel_size', 'width'), 'and the settings it held').toHaveValue('3');
});
