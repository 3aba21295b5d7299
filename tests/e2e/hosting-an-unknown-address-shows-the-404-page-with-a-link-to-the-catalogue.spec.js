import { expect, notFoundDocumentAllowed, test } from './fixtures.js';
import { COURSE_ORIGIN, HOSTING_BASE, HOSTING_ORIGIN } from './embed-origins.js';

test.use({ browserErrors: notFoundDocumentAllowed });

for (const [server, origin, base] of [
  ['a plain static server, under a sub-path', HOSTING_ORIGIN, HOSTING_BASE],
  ['the bundled preview server', COURSE_ORIGIN, '/'],
]) {
  test(`an unknown address on ${server} is answered 404 with a page that leads to the catalogue`, async ({ page }) => {
    const response = await page.goto(`${origin}${base}lessons/no-such-module/no-such-lesson/`);
    expect(response.status(), 'the status is 404').toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), 'the page says what happened').toHaveText('This page is not part of the course');
    await expect(page.locator('link[rel="stylesheet"]').first(), 'styled like the site, from any depth').toHaveAttribute('href', new RegExp(`^${base}assets/`));
    await page.getByRole('link', { name: 'See all modules and lessons' }).click();
    await expect(page, 'its link opens the catalogue').toHaveURL(`${origin}${base}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Building blocks of neural networks');
  });
}
