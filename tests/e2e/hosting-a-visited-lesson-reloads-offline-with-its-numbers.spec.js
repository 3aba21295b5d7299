import { lessons } from './course.js';
import { expect, test, widgetReady } from './fixtures.js';
import { HOSTING_BASE } from './embed-origins.js';

const patches = lessons.find((lesson) => lesson.slug === 'patches-of-a-picture');

// The lesson in English, and in Chinese under zh/ (its own text if it has one), with the
// widget's words in the lesson text's language.
const LESSONS = [
  { url: 'lessons/pictures/patches-of-a-picture/', title: patches.title, output: /^Output/, window4: 'Window 4: 12.5' },
  patches.translations['zh-CN']
    ? { url: 'zh/lessons/pictures/patches-of-a-picture/', title: patches.translations['zh-CN'].title, output: /^输出/, window4: '窗口 4：12.5' }
    : { url: 'zh/lessons/pictures/patches-of-a-picture/', title: patches.title, output: /^Output/, window4: 'Window 4: 12.5' },
];

for (const { url: LESSON, title, output: outputName, window4 } of LESSONS) {
  test(`after one visit, ${LESSON} reloads offline from the service worker and still computes its numbers`, async ({ page, context }) => {
    await page.goto(LESSON);
    const output = page.locator('pool-widget').getByRole('table', { name: outputName });
    await expect(output.getByRole('cell'), 'online, the widget computes').toHaveText(['2.5', '4.5', '10.5', '12.5']);

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
    await expect(page.getByRole('heading', { level: 1 }), 'the lesson\'s text is there').toHaveText(title);
    await expect(output.getByRole('cell'), 'and the widget still computes its numbers').toHaveText(['2.5', '4.5', '10.5', '12.5']);
    await page.locator('pool-widget').getByRole('button', { name: window4, exact: true }).click();
    await expect(page.locator('pool-widget').getByRole('status'), 'and answers a tap with the core').toContainText('= 12.5');
    await context.setOffline(false);
  });
}

test('after one visit to its plain address, a lesson opens offline with a link\'s settings too', async ({ page, context }) => {
  const LESSON = 'lessons/one-neuron/relu/';
  await page.goto(LESSON);
  const widget = page.locator('neuron-widget');
  await widgetReady(widget);
  // Wait until the worker keeps every script the page loaded, the one that reads a link's
  // settings included (it comes once the widget's numbers are shown and the browser is idle).
  await expect.poll(() => page.evaluate(async () => {
    const kept = (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()))).flat()
      .map((request) => request.url);
    const scripts = performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js'));
    return scripts.some((name) => /settings-table/.test(name)) && scripts.every((name) => kept.includes(name));
  }), { message: 'the worker keeps the page\'s scripts, the settings reader among them' }).toBe(true);

  await context.setOffline(true);
  await page.goto(`${LESSON}?activation=relu&inputs=1,-2&weights=0.5,0.25&bias=1`);
  await widgetReady(widget);
  expect(await widget.evaluate((element) => element.getState().bias), 'offline, the widget takes the link\'s bias').toBe(1);
  await expect(page.locator('.try-it__note'), 'and says nothing was refused').toHaveCount(0);
  await context.setOffline(false);
});
