import { test, expect } from './fixtures.js';
import { HOSTING_BASE } from './embed-origins.js';

const LESSON = 'lessons/pictures/patches-of-a-picture/';

test('after one visit, a lesson reloads offline from the service worker and still computes its numbers', async ({ page, context }) => {
  await page.goto(LESSON);
  const output = page.locator('pool-widget').getByRole('grid', { name: /^Output/ });
  await expect(output.getByRole('gridcell'), 'online, the widget computes').toHaveText(['2.5', '4.5', '10.5', '12.5']);

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname, 'the service worker\'s scope is the sub-path').toBe(HOSTING_BASE);
  // The worker keeps what the page names to it; wait until the page, its scripts and styles and
  // the .wasm are kept.
  await expect.poll(() => page.evaluate(async () => {
    const kept = (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()))).flat();
    const urls = kept.map((request) => request.url);
    return {
      page: urls.includes(window.location.href),
      wasm: urls.some((url) => url.endsWith('.wasm')),
      assets: performance.getEntriesByType('resource').filter((entry) => /\.(js|css)$/.test(entry.name)).every((entry) => urls.includes(entry.name)),
    };
  }), { message: 'the service worker keeps the page, its scripts and styles and the .wasm' }).toEqual({ page: true, wasm: true, assets: true });

  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload.fromServiceWorker(), 'offline, the page comes from the service worker').toBe(true);
  await expect(page.getByRole('heading', { level: 1 }), 'the lesson\'s text is there').toHaveText('Patches of a picture');
  await expect(output.getByRole('gridcell'), 'and the widget still computes its numbers').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await page.locator('pool-widget').getByRole('button', { name: 'Window 4' }).click();
  await expect(page.locator('pool-widget').getByRole('status'), 'and answers a tap with the core').toContainText('= 12.5');
  await context.setOffline(false);
});
