import http from 'node:http';
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
    // The site's styles come inside the page (web/site/README.md, "Preloads"), its script from
    // the site's assets by an address that holds at any depth.
    const styled = await page.evaluate(() => [...document.styleSheets]
      .some((sheet) => [...sheet.cssRules].some((rule) => rule.selectorText?.includes('.site-header'))));
    expect(styled, 'styled like the site').toBe(true);
    await expect(page.locator('script[type="module"]').first(), 'its script found from any depth').toHaveAttribute('src', new RegExp(`^${base}assets/`));
    await page.getByRole('link', { name: 'See all modules and lessons' }).click();
    await expect(page, 'its link opens the catalogue').toHaveURL(`${origin}${base}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Building blocks of neural networks');
  });
}

for (const [server, origin, base] of [
  ['a plain static server, under a sub-path', HOSTING_ORIGIN, HOSTING_BASE],
  ['the bundled preview server', COURSE_ORIGIN, '/'],
]) {
  test(`a page's address typed without its closing slash on ${server} opens the page, its query kept`, async ({ request }) => {
    for (const [typed, page] of [
      ['lessons/one-neuron/relu?bias=1', 'lessons/one-neuron/relu/?bias=1'],
      ['zh/lessons/one-neuron/relu', 'zh/lessons/one-neuron/relu/'],
      ['zh', 'zh/'],
    ]) {
      const response = await request.get(`${origin}${base}${typed}`, { maxRedirects: 0 });
      expect(response.status(), `${typed} is moved`).toBe(301);
      expect(response.headers().location, `${typed} is sent to its page`).toBe(`${base}${page}`);
    }
  });
}

test('the bundled preview server sends a folder typed as another host\'s path to its own page', async () => {
  // A request as a raw client sends it (a browser would tidy the path first).
  const location = await new Promise((resolve, reject) => {
    const url = new URL(COURSE_ORIGIN);
    http.get({ host: url.hostname, port: url.port, path: '/.//evil.example/..%2fzh' }, (response) => {
      response.resume();
      resolve(response.headers.location);
    }).on('error', reject);
  });
  expect(location, 'the page\'s own address, never another host\'s').toBe('/zh/');
});
