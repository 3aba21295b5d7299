// A lesson page's own text fields (each exercise's answer, the "Embed this" snippets) are not in
// its HTML: at DOMContentLoaded Chrome's autofill lays out every field it finds, with the text
// around it, and on a phone that task stood between the page's scripts and the widget's first
// render (web/site/browser/fields-later.js). They come from templates once the widget shows its
// numbers, and then work as before.
import { lessons } from './course.js';
import { expect, test } from './fixtures.js';

const interactive = lessons.filter((lesson) => lesson.status === 'interactive');

const POSITIONS = '/lessons/the-transformer-and-the-reward/positions-as-clocks/';

test('no lesson page, in either language, has a text field in its HTML outside a template', async ({ request }) => {
  expect(interactive.length, 'the 28 interactive lessons of today, and any added since').toBeGreaterThanOrEqual(28);
  for (const lesson of interactive) {
    for (const url of [lesson.url, `/zh${lesson.url}`]) {
      const html = await (await request.get(url)).text();
      const body = html.slice(html.indexOf('<body'));
      const outsideTemplates = body.replace(/<template\b[\s\S]*?<\/template>/g, '');
      expect(outsideTemplates.match(/<(input|textarea|select)\b[^>]*>/g), `${url}: a field in the page's HTML`).toBeNull();
      if (body.includes('data-embed-this')) {
        expect(body, `${url}: its snippets' fields wait in a template`).toMatch(/<template data-embed-snippets>[\s\S]*<textarea id="embed-script"/);
      }
      const exercises = body.match(/data-exercise /g)?.length ?? 0;
      expect(body.match(/<template data-exercise-form><form /g)?.length ?? 0, `${url}: each exercise's form waits in a template`).toBe(exercises);
    }
  }
});

test('the fields come once the widget shows its numbers, then check answers and hold the snippets', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      window.fieldsAtDomContentLoaded = document.querySelectorAll('input, textarea, select').length;
      const widget = document.querySelector('[data-try-it] > *');
      customElements.whenDefined(widget.localName).then(() => widget.ready())
        .then(() => { window.widgetReadyAt = performance.now(); });
      new MutationObserver((records, observer) => {
        if (!document.querySelector('input, textarea')) return;
        window.firstFieldAt = performance.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
  await page.goto(POSITIONS);
  const exercise = page.getByRole('group', { name: 'Exercise 1', exact: true });
  const answer = exercise.getByRole('textbox', { name: 'Your answer' });
  await expect(answer, 'the exercise\'s field is in place').toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Script tag and element' }), 'the script snippet is filled in')
    .toHaveValue(/^<script type="module" src="[^"]+"><\/script>\s*<positions-widget/);
  await expect(page.getByRole('textbox', { name: 'Iframe' }), 'the iframe snippet is filled in').toHaveValue(/^<iframe /);
  const times = await page.evaluate(() => ({
    atDomContentLoaded: window.fieldsAtDomContentLoaded, ready: window.widgetReadyAt, firstField: window.firstFieldAt,
  }));
  expect(times.atDomContentLoaded, 'no field in the page at DOMContentLoaded').toBe(0);
  expect(times.ready, 'the widget showed its numbers').toBeGreaterThan(0);
  expect(times.firstField, 'the first field came after the widget\'s numbers').toBeGreaterThanOrEqual(times.ready);
  await expect(page.locator('.exercise__form'), 'every exercise has its form').toHaveCount(await page.locator('[data-exercise]').count());

  // The form works as it did in the page's HTML: Check judges, and a reload puts back what was typed.
  await answer.fill('7');
  await exercise.getByRole('button', { name: 'Check' }).click();
  await expect(exercise.getByRole('status')).toHaveText(/^Not quite: 7 /);
  await answer.fill('0.141');
  await answer.press('Enter');
  await expect(exercise.getByRole('status')).toHaveText('Right: 0.141.');
  await page.reload();
  await expect(answer, 'the answer typed before the reload is back').toHaveValue('0.141');
  await expect(exercise.getByRole('status')).toHaveText('Right: 0.141.');
});
