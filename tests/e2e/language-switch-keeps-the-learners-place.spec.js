// The language switch leads to the same place on the other page: the link's widget settings and
// the exercise the address points at.
import { expect, test, widgetReady } from './fixtures.js';

test('the language switch keeps the link\'s widget settings and the exercise in view', async ({ page }) => {
  await page.goto('/lessons/a-layer/softmax/?scores=3,7,5#exercise-2-title');
  await page.getByRole('link', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/zh\/lessons\/a-layer\/softmax\/\?scores=3,7,5#exercise-2-title$/);
  await expect(page.locator('#exercise-2-title'), 'the exercise is in view').toBeInViewport();
  const widget = page.locator('softmax-widget');
  await widgetReady(widget);
  const shown = await widget.evaluate((element) => element.getState().scores);
  expect(Array.from(shown), 'the widget keeps the link\'s scores').toEqual([3, 7, 5]);
});
