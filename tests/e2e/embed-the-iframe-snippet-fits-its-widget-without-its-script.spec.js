// A platform that strips scripts keeps the iframe snippet without /embed/resize.js: the iframe
// then keeps the snippet's own size. Pasted on a foreign page as such a platform leaves it, every
// embeddable lesson's iframe shows its whole widget as the lesson opens it, with nothing to
// scroll inside the frame, on a desktop (the snippet's height) and on a 390 px phone (the taller
// height its style gives a narrow screen, where the widget stacks and its text wraps). A widget
// the learner makes taller goes on below the frame's foot, and the frame says so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadAdapter } from '../../web/components/registry.js';
import { frameQuery, frameSizes, frameUrl, iframeSnippet } from '../../web/embed/shared/snippets.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';
import { expect, test } from './fixtures.js';

// The build the course's server serves: $COURSE_OUT_DIR when set (as for vite build and preview).
const built = process.env.COURSE_OUT_DIR ? pathToFileURL(`${path.resolve(process.env.COURSE_OUT_DIR)}/`) : new URL('../../dist/', import.meta.url);
const { lessons } = JSON.parse(readFileSync(new URL('embed/lessons.json', built), 'utf8'));

// Each lesson's snippet as the "Embed this" section writes it for the lesson's own settings,
// with the resize script taken out.
const snippets = await Promise.all(lessons.map(async (lesson) => {
  const { SETTINGS, EMBED } = await loadAdapter(lesson.element);
  const src = frameUrl(COURSE_ORIGIN, lesson.slug, frameQuery(SETTINGS, lesson.settings, lesson.settings));
  const html = iframeSnippet(src, { ...frameSizes(EMBED, lesson.settings), title: lesson.slug, siteUrl: COURSE_ORIGIN });
  return html.replace(/\n<script[^>]*><\/script>$/, '');
}));

test('the pasted page holds every embeddable lesson\'s iframe and no script', () => {
  expect(snippets.length, 'the 17 embeddable lessons of today, and any added since').toBeGreaterThanOrEqual(17);
  expect(snippets.filter((html) => html.includes('<script')), 'snippets with a script left in').toEqual([]);
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('every iframe shows its whole widget without the resize script', async ({ page }) => {
      test.slow(); // seventeen frames, each with its core
      await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippets.join('\n'))}`);
      const iframes = page.locator('iframe');
      await expect(iframes).toHaveCount(lessons.length);
      const cut = [];
      for (const [i, lesson] of lessons.entries()) {
        const iframe = iframes.nth(i);
        await iframe.scrollIntoViewIfNeeded(); // the snippet's frames load lazily
        const frame = page.frameLocator(`iframe >> nth=${i}`);
        await frame.locator(lesson.element).evaluate((element) => element.ready());
        const outer = await iframe.evaluate((element) => element.clientHeight);
        const inner = await frame.locator('html').evaluate((html) => html.scrollHeight);
        if (inner > outer) cut.push(`${lesson.slug}: the widget is ${inner} px tall in a ${outer} px frame`);
      }
      expect(cut, 'frames whose widget is cut off').toEqual([]);
    });
  });
}

test('without the resize script, a widget that grows says "More below" at the frame\'s foot until the learner scrolls there', async ({ page }) => {
  const pool = lessons.findIndex((lesson) => lesson.slug === 'patches-of-a-picture');
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippets[pool])}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('table', { name: /^Output/ }).getByRole('cell'), 'the frame computes').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  const cue = frame.getByText('More below ↓');
  // Once no host has answered the frame's height, the cue is there, hidden while all fits.
  await expect(frame.locator('html'), 'no listener answers').toHaveAttribute('data-embed-host', 'silent');
  await expect(frame.locator('.embed-frame__more')).toHaveCount(1);
  await expect(cue, 'the widget fits as the lesson opens it').toBeHidden();

  await frame.getByText('The code that computed this').click();
  await expect(frame.locator('pool-widget').locator('pre'), 'the code panel opens, below the iframe\'s foot').toBeVisible();
  await expect(cue, 'so the frame says there is more below').toBeVisible();
  expect(await cue.getAttribute('aria-hidden'), 'for the eye: a screen reader reads on below anyway').toBe('true');
  // A control the keyboard reaches is scrolled clear of the cue: the page's scroll padding is
  // taller than the cue and the gap under it.
  const [padding, cueTop, frameHeight] = await frame.locator('.embed-frame__more').evaluate((element) => [
    parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom),
    element.getBoundingClientRect().top,
    document.documentElement.clientHeight,
  ]);
  expect(padding, 'a focused control stops above the cue').toBeGreaterThan(frameHeight - cueTop);
  await frame.locator('html').evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(cue, 'and stops saying it at the foot of the content').toBeHidden();
});
