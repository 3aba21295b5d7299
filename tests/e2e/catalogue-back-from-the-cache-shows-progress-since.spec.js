// Going back to the catalogue shows what the learner did since: browsers keep the page in their
// back/forward cache and show it as it was, without running its script again. Chromium's
// headless shell keeps no such cache, so this runs in the full browser alone (playwright.config.js,
// the desktop-browser project).
import { expect, test } from './fixtures.js';

// Playwright turns the cache off by default; learners' browsers have it on.
test.use({
  launchOptions: [async ({ launchOptions }, use) => {
    await use({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
  }, { scope: 'worker' }],
});

test.describe('back on the catalogue from the back/forward cache', () => {
  test('it shows the exercise solved and the lesson to continue, and then the language chosen', async ({ page }) => {
    await page.goto('/');
    const start = page.getByRole('link', { name: /^(Start here|Continue):/ });
    await expect(start).toHaveText(/^Start here:/);
    // A page left with a request still under way is not kept whole when its answer comes (the
    // catalogue fetches at idle); under load that was the catalogue loaded again, and the test
    // is of the cached page.
    await page.waitForLoadState('networkidle');
    // A mark on this document: only the same document, restored from the cache, still has it.
    await page.evaluate(() => { window.keptInCache = true; });
    await page.getByRole('link', { name: 'Every knob of pooling', exact: true }).click();
    const exercise = page.getByRole('group', { name: 'Exercise 1', exact: true });
    await exercise.getByRole('textbox', { name: 'Your answer' }).fill('3.5');
    await exercise.getByRole('button', { name: 'Check' }).click();
    await expect(exercise.getByRole('status')).toHaveText('Right: 3.5.');

    // A page from the cache fires no load event.
    await page.goBack({ waitUntil: 'commit' });
    expect(await page.evaluate(() => window.keptInCache), 'the catalogue came back from the cache, not loaded again').toBe(true);
    await expect(start, 'the link continues with the lesson just opened').toHaveText('Continue: Every knob of pooling');
    await expect(page.locator('[data-lesson-url="/lessons/pictures/every-knob-of-pooling/"] [data-progress]'))
      .toHaveText(/^Opened · 1 of \d+ exercises solved$/);

    // The learner chooses Chinese on a lesson, then comes back: the cards lead to Chinese pages.
    await start.click();
    await page.getByRole('link', { name: '中文' }).click();
    await expect(page).toHaveURL(/\/zh\/lessons\/pictures\/every-knob-of-pooling\/$/);
    await page.goBack({ waitUntil: 'commit' });
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-chosen-language="zh-CN"]'), 'the catalogue offers the Chinese one').toBeVisible();
    await expect(page.getByRole('link', { name: 'Every knob of pooling', exact: true })).toHaveAttribute('href', '/zh/lessons/pictures/every-knob-of-pooling/');
  });
});
