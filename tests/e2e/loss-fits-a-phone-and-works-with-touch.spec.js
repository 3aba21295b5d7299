// The mean squared error lesson on a 390 x 844 phone with touch: nothing sticks out, the fields
// and sliders are 44 px targets, and dragging or tapping a prediction moves it.
import { readFileSync } from 'node:fs';
import { expect, expectShown, test } from './loss-page.js';

const { claims } = JSON.parse(readFileSync(new URL('./loss-expected.json', import.meta.url), 'utf8'));
const onTarget = claims.find((c) => c.settings.loss === 'mse' && c.settings.predictions.join() === '3,1,1' && c.what === 'loss').pytorch;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone the widget fits, its targets are 44 px, and a tap moves a prediction', async ({ page, loss }) => {
  await page.goto('/lessons/the-error/mean-squared-error/');
  await expect(loss.handle(3)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  for (const label of ['Prediction 1', 'Target 3']) {
    const box = await loss.field(label).boundingBox();
    expect(box.height, `${label} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
  for (const label of ['Loss', 'Reduction']) {
    const box = await loss.choice(label).boundingBox();
    expect(box.height, `${label} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
  const handle = await loss.root.locator('.handle .touch').nth(2).boundingBox();
  expect(Math.min(handle.width, handle.height), 'a slider is a 44 px target').toBeGreaterThanOrEqual(44);

  await loss.root.locator('svg.strip').scrollIntoViewIfNeeded();
  const tap = await loss.pagePointAt(3, 1);
  await page.touchscreen.tap(tap.x, tap.y);
  await expect(loss.handle(3), 'a tap on lane 3 puts prediction 3 where it lands').toHaveAttribute('aria-valuenow', '1');
  await expect(loss.status).toContainText('Prediction 3 moved to 1');
  expectShown((await loss.numbers()).loss, onTarget, 'the loss with prediction 3 on its target');
});

// Every column of the numbers, the compared loss's gradients included, is on the screen: none is
// cut off at the edge of the table's scroll box, which on a phone shows no sign that it scrolls.
for (const url of ['/lessons/the-error/mean-squared-error/', '/lessons/the-error/the-huber-loss/']) {
  test(`on a phone every column of ${url}'s numbers is on the screen`, async ({ page, loss }) => {
    await page.goto(url);
    await expect(loss.handle(1)).toBeVisible();
    const fit = await loss.root.evaluate((widget) => {
      const box = widget.shadowRoot.querySelector('table').parentElement;
      return { table: box.scrollWidth, box: box.clientWidth };
    });
    expect(fit.table, 'the table is no wider than its box').toBeLessThanOrEqual(fit.box);
  });
}
