// A button that disables itself at its limit ("Add a score" at eight scores, the last word's
// button) hands the keyboard's focus to the nearest button that still works, in the widget,
// rather than dropping it to the page's start: the rule the step buttons already kept.
import { expect, test, widgetReady } from './fixtures.js';

// Where the focus is: the widget's tag, and the focused button's name and whether it works.
const focusOf = (page) => page.evaluate(() => {
  const host = document.activeElement;
  const inner = host?.shadowRoot?.activeElement;
  return { host: host?.localName, button: inner?.getAttribute('aria-label') ?? inner?.textContent?.trim(), works: inner ? !inner.disabled : null };
});

for (const { lesson, widget, button, presses, first } of [
  { lesson: '/lessons/a-layer/softmax/', widget: 'softmax-widget', button: 'Add a score', presses: 5 },
  { lesson: '/lessons/a-layer/softmax/', widget: 'softmax-widget', button: 'Remove the last score', presses: 1, first: 'Add a score' },
  { lesson: '/lessons/learning/lamb/', widget: 'lamb-widget', button: 'Remove the last value of layer 1', presses: 8 },
  { lesson: '/lessons/the-error/cross-entropy/', widget: 'cross-entropy-widget', button: 'Add a logit', presses: 5 },
  { lesson: '/lessons/learning/lamb/', widget: 'lamb-widget', button: 'Add a value to layer 1', presses: 8 },
  { lesson: '/lessons/a-layer/embedding/', widget: 'embedding-widget', button: 'Add the', presses: 12 },
]) {
  test(`${widget}: Enter on "${button}" up to its limit keeps the focus on a working button`, async ({ page }) => {
    await page.goto(lesson);
    const host = page.locator(widget);
    await widgetReady(host);
    // One more to remove, where the lesson starts at the fewest.
    if (first) await host.getByRole('button', { name: first, exact: true }).click();
    const target = host.getByRole('button', { name: button, exact: true }).first();
    await target.focus();
    for (let press = 0; press < presses; press += 1) {
      if (await target.isDisabled()) break;
      await page.keyboard.press('Enter');
    }
    await expect(target, 'the button reached its limit').toBeDisabled();
    const focus = await focusOf(page);
    expect(focus.host, 'the focus stays in the widget').toBe(widget);
    expect(focus.works, `on a button that works (${focus.button})`).toBe(true);
  });
}

test('embedding-widget: removing words down to the last keeps the focus on a working button', async ({ page }) => {
  await page.goto('/lessons/a-layer/embedding/');
  const host = page.locator('embedding-widget');
  await widgetReady(host);
  const first = host.getByRole('button', { name: /^Remove word 1,/ });
  await first.focus();
  for (let press = 0; press < 12 && !(await first.isDisabled()); press += 1) await page.keyboard.press('Enter');
  await expect(first, 'the last word cannot be removed').toBeDisabled();
  const focus = await focusOf(page);
  expect(focus.host).toBe('embedding-widget');
  expect(focus.works, `on a button that works (${focus.button})`).toBe(true);
});
