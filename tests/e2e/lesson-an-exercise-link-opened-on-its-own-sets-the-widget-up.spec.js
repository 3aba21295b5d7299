// An exercise's "set the widget up" link is an address: opened in a tab of its own, reloaded or
// shared, it sets the lesson's widget up as a click on the page does, whatever the element. A
// link whose settings cannot be read says so under the widget, which keeps the lesson's own; a
// query that names none of the widget's settings leaves the widget as the page wrote it.
import { lessons } from './course.js';
import { expect, test } from './fixtures.js';
import { DropoutPage } from './dropout-page.js';

// One lesson per element: the page hands the link to whatever element it shows.
const onePerElement = new Map();
for (const lesson of lessons) {
  if (lesson.status === 'interactive' && !onePerElement.has(lesson.widget.element)) onePerElement.set(lesson.widget.element, lesson);
}
// Two tests of every other element, so two workers share them.
const HALVES = [0, 1].map((half) => [...onePerElement.values()].filter((_, index) => index % 2 === half));

const stateOf = (widget) => widget.evaluate(async (element) => {
  await customElements.whenDefined(element.localName);
  await element.ready();
  return element.getState();
});

HALVES.forEach((half, number) => test(`every other element (${number + 1} of 2): an exercise's link opened on its own gives the widget the settings a click gives it`, async ({ page, request }) => {
  test.slow();
  let checked = 0;
  for (const lesson of half) {
    const html = await (await request.get(lesson.url)).text();
    const queries = [...html.matchAll(/data-playground-query="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&'));
    // The first link that changes the lesson's settings (some restate them).
    for (const query of new Set(queries)) {
      const changed = await test.step(`${lesson.title}: ?${query}`, async () => {
        await page.goto(`${lesson.url}?${query}`);
        const widget = page.locator('[data-try-it] > *').first();
        if (await widget.evaluate((element) => element.hasAttribute('sync-url'))) return true; // the playground's own specs
        const opened = await stateOf(widget);
        await expect(page.locator('.try-it__note'), 'the link is read').toHaveCount(0);
        await widget.evaluate((element) => element.applyQuery(''));
        if (JSON.stringify(await stateOf(widget)) === JSON.stringify(opened)) return false;
        await page.locator(`a[data-playground-query="${query.replaceAll('"', '\\"')}"]`).first().click();
        expect(await stateOf(widget), 'the state a click on the link gives').toEqual(opened);
        checked += 1;
        return true;
      });
      if (changed) break;
    }
  }
  expect(checked, 'elements checked').toBeGreaterThanOrEqual(7);
}));

test('dropout\'s link opened on its own shows PyTorch\'s number; a link it cannot read is said, and a tracker\'s query changes nothing', async ({ page }) => {
  const dropout = new DropoutPage(page);
  // Exercise 4: output 8 at p = 0.75 with the lesson's seed is 16 (dropout-expected.json).
  await page.goto('/lessons/a-layer/dropout/?p=0.75&seed=0');
  await expect(dropout.root).toHaveAttribute('p', '0.75');
  await expect(dropout.scale).toHaveText('The survivors are multiplied by 1 / (1 − p) = 4.');
  expect((await dropout.numbers()).output[7], 'output 8 at p = 0.75').toBe(16);

  const given = () => dropout.root.evaluate((element) => Object.fromEntries(element.getAttributeNames().map((name) => [name, element.getAttribute(name)])));
  await page.goto('/lessons/a-layer/dropout/');
  await expect(dropout.drawn).toBeVisible();
  const written = await given();

  await page.goto('/lessons/a-layer/dropout/?p=2');
  await expect(page.locator('.try-it__note')).toHaveText('The settings in this page\'s address could not be used, so the widget starts from the lesson\'s own.');
  await expect(page.locator('.try-it__note')).toHaveRole('status');
  expect(await given(), 'the lesson\'s settings').toEqual(written);
  await expect(dropout.scale).toHaveText('The survivors are multiplied by 1 / (1 − p) = 2.');

  await page.goto('/zh/lessons/a-layer/dropout/?p=2');
  await expect(page.locator('.try-it__note')).toHaveText('本页地址中的设置无法使用，所以组件从本课自己的设置开始。');

  await page.goto('/lessons/a-layer/dropout/?utm_source=newsletter');
  await expect(dropout.drawn).toBeVisible();
  await expect(page.locator('.try-it__note')).toHaveCount(0);
  expect(await given(), 'the attributes as the page wrote them').toEqual(written);
});

test('the flagship\'s address sets its pooling up too, and one it cannot read is said', async ({ page }) => {
  const output = page.locator('pool-widget').getByRole('table', { name: /^Output/ }).getByRole('cell');
  // The picture 0..15 in 2 × 2 windows stepping by 1: nine windows, the first (0 + 1 + 4 + 5) / 4.
  await page.goto('/lessons/pictures/patches-of-a-picture/?stride=1&window=5');
  await expect(output).toHaveText(['2.5', '3.5', '4.5', '6.5', '7.5', '8.5', '10.5', '11.5', '12.5']);
  await expect(page.locator('pool-widget').getByRole('button', { name: 'Window 5' }), 'and the window it names').toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.try-it__note')).toHaveCount(0);

  await page.goto('/lessons/pictures/patches-of-a-picture/?kernel_size=999999999');
  await expect(page.locator('.try-it__note')).toHaveText('The settings in this page\'s address could not be used, so the widget starts from the lesson\'s own.');
  await expect(output, 'the lesson\'s four averages').toHaveText(['2.5', '4.5', '10.5', '12.5']);
});

test('a link the reader takes but the widget cannot draw is said, and the lesson\'s own settings return', async ({ page }) => {
  // Three predictions of 3.4e38 against small targets: each squared gap overflows float32.
  await page.goto('/lessons/the-error/mean-squared-error/?predictions=3.4e38,3.4e38,3.4e38');
  await expect(page.locator('.try-it__note')).toHaveText('The settings in this page\'s address could not be used, so the widget starts from the lesson\'s own.');
  const loss = page.locator('loss-widget');
  await expect(loss.getByRole('slider', { name: 'Prediction 1 on the axis' }), 'the widget draws again').toBeVisible();
  expect(await loss.evaluate((element) => element.getState())).not.toHaveProperty('error');
  expect((await loss.evaluate((element) => element.getState())).predictions, 'the lesson\'s predictions').not.toContain(3.4e38);
});

test('when the core cannot load, a link is not blamed: its settings stay and no note says otherwise', async ({ page }) => {
  // A .wasm that is not one: the core fails to compile, and no request fails in the console.
  await page.route('**/*.wasm', (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not a WebAssembly module' }));
  await page.goto('/lessons/a-layer/dropout/?p=0.3');
  const dropout = page.locator('dropout-widget');
  await expect(dropout.getByRole('alert').filter({ hasText: /could not be loaded/ }), 'the widget says why').toBeVisible();
  await expect(dropout).toHaveAttribute('p', '0.3');
  await expect(page.locator('.try-it__note')).toHaveCount(0);
});
