// On a 390 px phone the playground stays inside the screen and answers to taps.
import { KNOBS_URL, expect, test } from './playground-page.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the playground fits a phone and works with taps', async ({ page, playground }) => {
  await playground.open(KNOBS_URL);
  const box = await playground.root.boundingBox();
  expect(box.x, 'the playground starts inside the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'and ends inside a 390 px screen').toBeLessThanOrEqual(390);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(390);

  await playground.example('4 × 4, 1 to 16, kernel 2, stride 2').tap();
  await expect(playground.outputCells).toHaveText(['3.5', '5.5', '11.5', '13.5']);
  const target = await playground.outputButton(1).boundingBox();
  expect(target.width, 'an output is at least 36 px wide').toBeGreaterThanOrEqual(36);
  await playground.outputButton(1).tap();
  await expect(playground.detail, 'a tap selects a window').toContainText('(3 + 4 + 7 + 8) / 4 = 22 / 4 = 5.5');
  const checkbox = playground.root.getByRole('checkbox', { name: 'ceil_mode' });
  await checkbox.tap();
  await expect(checkbox).toBeChecked();
});
