// The catalogue's search works through its script (catalogue.js), which on a phone arrives about
// a second after the first paint. The search box is in the page from that first paint, so the
// lessons under it do not drop when the script comes; words typed before then are searched once
// it runs; and a browser that runs no scripts does not show a box that could not search.
import { lessons } from './course.js';
import { expect, holdRequests, layoutShifts, painted, recordLayoutShifts, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

// The catalogue's own script is held back until release().
const holdTheScript = (page) => holdRequests(page, /\/assets\/catalogue-[^/]*\.js$/);
const topOf = (locator) => locator.evaluate((element) => element.getBoundingClientRect().top);

test('the lessons stay where they are when the catalogue\'s script comes, and the search then works', async ({ page }) => {
  await recordLayoutShifts(page);
  const release = await holdTheScript(page);
  // Not until load: the page's load waits for the script held back.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('.module-list')).toBeAttached();
  await painted(page);
  const search = page.getByRole('searchbox', { name: 'Search the lessons' });
  await expect(search, 'the search is on the first screen before the script').toBeInViewport();
  const list = page.locator('.module-list');
  const before = await topOf(list);
  expect(before, 'and the first lessons with it').toBeLessThan(844);

  release();
  await page.waitForLoadState('load');
  await painted(page);
  expect(await topOf(list), 'the lessons did not move').toBe(before);
  expect(await layoutShifts(page), 'nothing on the page moved').toEqual([]);

  await search.fill('huber');
  await expect(page.getByRole('status').filter({ hasText: 'lessons match' }), 'the search works').toHaveText('1 of 28 lessons match.');
});

test('words typed before the catalogue\'s script came are searched when it runs', async ({ page }) => {
  const release = await holdTheScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('searchbox', { name: 'Search the lessons' }).fill('gelu');
  await expect(page.locator('.lesson-card:visible'), 'nothing is searched yet').toHaveCount(lessons.length);
  release();
  const gelu = lessons.filter((lesson) => /gelu/i.test(`${lesson.title} ${lesson.summary}`)).map((lesson) => lesson.title);
  expect(gelu.length, 'the course has a lesson about GELU').toBeGreaterThan(0);
  await expect(page.locator('.lesson-card:visible .lesson-card__title'), 'the typed word is searched').toHaveText(gelu);
});

test.describe('a browser that runs no scripts', () => {
  test.use({ javaScriptEnabled: false });
  test('shows every lesson and no search box', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.lesson-card:visible'), 'every lesson is listed').toHaveCount(lessons.length);
    await expect(page.locator('[data-search]'), 'there is no search that could not search').toBeHidden();
  });
});
