// The hosting project: the course built with COURSE_BASE=/courses/nn/ and served by a plain
// static file server (tests/e2e/hosting-static-server.mjs), as on a project page of a static host.
import { test, expect } from './fixtures.js';
import { HOSTING_BASE, HOSTING_ORIGIN } from './embed-origins.js';

test('built for a sub-path, the course works from a plain static file server: links, pages, the widget and its .wasm', async ({ page }) => {
  const wasm = page.waitForResponse((response) => response.url().endsWith('.wasm'));
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1 }), 'the catalogue opens at the sub-path').toHaveText('Building blocks of neural networks');

  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const outside = hrefs.filter((href) => !href.startsWith('#') && !href.startsWith(HOSTING_BASE));
  expect(outside, 'every link of the catalogue stays under the sub-path').toEqual([]);
  const assets = await page.locator('script[src], link[href]:not([rel="alternate"])').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('src') ?? tag.getAttribute('href')));
  expect(assets.filter((url) => !url.startsWith(HOSTING_BASE)), 'and every script, style and icon').toEqual([]);
  // The page in each language, absolute (COURSE_URL and the base), as search engines read them.
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('href')));
  expect(alternates, 'the hreflang alternates: English, Chinese and the default').toEqual(
    [HOSTING_BASE, `${HOSTING_BASE}zh/`, HOSTING_BASE].map((route) => `${HOSTING_ORIGIN}${route}`));

  await page.getByRole('link', { name: 'Patches of a picture', exact: true }).click();
  await expect(page, 'a lesson link leads to the lesson under the sub-path').toHaveURL(`${HOSTING_ORIGIN}${HOSTING_BASE}lessons/pictures/patches-of-a-picture/`);
  const output = page.locator('pool-widget').getByRole('table', { name: /^Output/ });
  await expect(output.getByRole('cell'), 'the widget computes with the core').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  const wasmResponse = await wasm;
  expect(new URL(wasmResponse.url()).pathname.startsWith(HOSTING_BASE), 'the .wasm is fetched from under the sub-path').toBe(true);
  expect(wasmResponse.headers()['content-type'], 'as application/wasm').toBe('application/wasm');

  await page.getByRole('link', { name: 'All modules' }).first().click();
  await expect(page, 'the breadcrumb leads back to the catalogue under the sub-path').toHaveURL(`${HOSTING_ORIGIN}${HOSTING_BASE}`);

  await page.goto('embed/patches-of-a-picture/?op=max&kernel_size=3&stride=1&padding=1&input=5x5');
  await expect(page.getByRole('table', { name: 'Output, 5 by 5' }).getByRole('cell').first(), 'the iframe route works there too').toHaveText('6');
  await expect(page.getByRole('link', { name: 'Patches of a picture' }), 'its title links to the lesson under the sub-path')
    .toHaveAttribute('href', `${HOSTING_BASE}lessons/pictures/patches-of-a-picture/`);
});
