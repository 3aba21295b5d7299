// On a phone, a lesson's widget comes right under "Try it", near the bottom of the first screen,
// and its element is defined (its script has run) before its core (the .wasm) has arrived. Until
// its numbers show, the widget holds about the room it will take (50rem), so the text under it
// stays below the first screen: it does not come up into view while the core loads and drop out
// again when the numbers come. The element says it is loading with :state(loading), which the
// lesson page's styles read (web/site/styles/lesson.css); the state ends with its first render,
// also when that render can only say why the core did not load. One lesson per element: the
// room is held by the element and the page, whatever the lesson.
import { lessons } from './course.js';
import { expect, holdRequests, layoutShifts, painted, recordLayoutShifts, test } from './fixtures.js';

const onePerElement = new Map();
for (const lesson of lessons) {
  if (lesson.status === 'interactive' && !onePerElement.has(lesson.widget.element)) onePerElement.set(lesson.widget.element, lesson);
}

const viewport = { width: 390, height: 844 };
test.use({ viewport });

// The core's .wasm is held back until release() (or answered with bytes that are no module).
const holdTheCore = (page, { corrupt = false } = {}) => holdRequests(page, '**/*.wasm', corrupt
  ? { answer: (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not a WebAssembly module' }) }
  : {});

// The element is defined and the page has painted it since: what the learner sees while the
// core is on its way.
async function definedAndPainted(page, tag) {
  await page.evaluate((name) => customElements.whenDefined(name), tag);
  await painted(page);
}

const layout = (page) => page.evaluate(() => {
  const widget = document.querySelector('[data-try-it] > *');
  const box = widget.getBoundingClientRect();
  return {
    loading: widget.matches(':state(loading)'),
    top: box.top,
    height: box.height,
    textTop: document.querySelector('.lesson__text > *').getBoundingClientRect().top,
    minHeight: getComputedStyle(widget).minHeight,
    rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
  };
});

for (const [tag, lesson] of onePerElement) {
  test(`"${lesson.title}": the text under <${tag}> stays below the first screen while its core loads`, async ({ page }) => {
    await recordLayoutShifts(page);
    const release = await holdTheCore(page);
    await page.goto(lesson.url);
    await definedAndPainted(page, tag);

    const waiting = await layout(page);
    expect(waiting.loading, `<${tag}> is defined and says it is still loading`).toBe(true);
    expect(waiting.top, 'the widget starts on the first screen').toBeLessThan(viewport.height);
    expect(waiting.height, 'it holds 50rem while it loads').toBeGreaterThanOrEqual(50 * waiting.rem);
    expect(waiting.textTop, 'so the text under it is still below the first screen').toBeGreaterThanOrEqual(viewport.height);
    const saying = page.locator('[data-try-it] > *').getByRole('status').filter({ hasText: /^Loading the \w+ core…$/ });
    await expect(saying, 'and it says what it is waiting for').toBeVisible();

    release();
    await page.locator('[data-try-it] > *').evaluate((widget) => widget.ready());
    const shown = await layout(page);
    expect(shown.loading, 'with its numbers shown, it no longer says it is loading').toBe(false);
    await expect(saying, 'in words either').toHaveCount(0);
    expect(shown.textTop, 'the text follows the widget').toBeGreaterThanOrEqual(shown.top + shown.height);
    expect(await layoutShifts(page), 'nothing on the screen moved while the widget loaded').toEqual([]);
  });
}

// A core that cannot load ends the wait too: the widget says why, takes the height of what it
// shows, and the text comes up under it rather than below 50rem of nothing.
for (const tag of ['neuron-widget', 'pool-widget', 'pool-playground']) {
  const lesson = onePerElement.get(tag);
  test(`"${lesson.title}": when the core cannot load, <${tag}> says why and stops holding its room`, async ({ page }) => {
    const release = await holdTheCore(page, { corrupt: true });
    await page.goto(lesson.url);
    await definedAndPainted(page, tag);
    expect((await layout(page)).loading, 'loading while the core is on its way').toBe(true);

    release();
    const widget = page.locator('[data-try-it] > *');
    await expect(widget.getByRole('alert').filter({ hasText: 'could not be loaded' }), 'the widget says why').toBeVisible();
    await widget.evaluate((element) => element.ready());
    const failed = await layout(page);
    expect(failed.loading, 'the wait is over').toBe(false);
    expect(failed.minHeight, 'the widget is as tall as what it shows').not.toBe(`${50 * failed.rem}px`);
    expect(failed.textTop, 'and the text follows it').toBeGreaterThanOrEqual(failed.top + failed.height);
  });
}

test('a Chinese lesson\'s widget says in Chinese that it is loading its core', async ({ page }) => {
  const lesson = onePerElement.get('neuron-widget');
  await holdTheCore(page);
  await page.goto(`/zh${lesson.url}`);
  await definedAndPainted(page, 'neuron-widget');
  await expect(page.locator('[data-try-it] > *').getByRole('status').filter({ hasText: '正在加载激活函数核心…' })).toBeVisible();
});
