// Back to a lesson, or a reload, returns to the part the learner was reading, though the parts
// after the widget are laid out only near the screen (a browser's own restoring of the scroll
// offset measures it against their placeholder heights, and lands a part or two away).
import { expect, test, widgetReady } from './fixtures.js';

test.use({ viewport: { width: 1280, height: 800 } });

// One lesson: every lesson page has the same parts and script (web/site/browser/lesson.js).
for (const [lesson, heading] of [['/lessons/a-layer/softmax/', 'exercise-1-title']]) {
  test(`back to ${lesson}, and a reload, show its exercise 1 where it was`, async ({ page }) => {
    await page.goto(lesson);
    await widgetReady(page.locator('[data-try-it] > *'));
    // The exercise at the top of the screen, as a learner scrolls to it (each part is laid out
    // as it comes near).
    const target = page.locator(`#${heading}`);
    await target.scrollIntoViewIfNeeded();
    await page.evaluate((id) => document.getElementById(id).scrollIntoView({ block: 'start' }), heading);
    await expect.poll(() => target.evaluate((node) => Math.round(node.getBoundingClientRect().top) + 0)).toBe(0);

    // Off to the catalogue from there (as a link in the text would lead; the pager's link is at
    // the page's end, and following it leaves the page from there).
    await page.evaluate(() => { window.location.href = '/'; });
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect.poll(() => target.evaluate((node) => Math.round(node.getBoundingClientRect().top) + 0),
      { message: 'back: the exercise is at the top again' }).toBe(0);

    // A little further down, as a learner scrolls (the wheel: once the learner scrolls, the page
    // stops putting the place back), then the page notes its place as the scroll ends.
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => target.evaluate((node) => Math.round(-node.getBoundingClientRect().top))).toBeGreaterThan(50);
    const past = await target.evaluate((node) => Math.round(-node.getBoundingClientRect().top));
    await expect.poll(() => page.evaluate(() => Math.round(window.history.state?.returnPlace?.past ?? 0))).toBe(past);
    await page.reload();
    // To the pixel, give or take the rounding of a place noted while the wheel's scroll may
    // still be settling on a fraction of a pixel.
    await expect.poll(() => target.evaluate((node) => Math.round(node.getBoundingClientRect().top)).then((top) => Math.abs(top + past)),
      { message: 'a reload keeps the place too' }).toBeLessThanOrEqual(1);
  });
}

test('Back within the page, after the skip link, returns to the exercise the learner was reading', async ({ page }) => {
  await page.goto('/lessons/a-layer/softmax/');
  await widgetReady(page.locator('softmax-widget'));
  const target = page.locator('#exercise-1-title');
  await page.evaluate(() => document.getElementById('exercise-1-title').scrollIntoView({ block: 'start' }));
  await expect.poll(() => page.evaluate(() => window.history.state?.returnPlace?.id)).toBe('exercise-1-title');
  await page.evaluate(() => { window.location.hash = 'main'; });
  await expect(target, 'the skip link\'s target is far above').not.toBeInViewport();
  await page.goBack();
  await expect.poll(() => target.evaluate((node) => Math.round(node.getBoundingClientRect().top) + 0),
    { message: 'Back puts the exercise at the top again' }).toBe(0);
});
