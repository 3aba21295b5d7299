// The iframe snippet (iframe + /embed/resize.js) on a phone-sized foreign page with a strict
// CSP: the frame reports its height and the listener sizes the iframe, so the widget is never
// cut off, also when it grows (the code panel opens).
import { test, expect, holdRequests, painted } from './fixtures.js';
import { FOREIGN_ORIGIN } from './embed-origins.js';

test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

/** The iframe's height on the host page, and its frame's content height. */
async function heights(page) {
  const outer = await page.locator('iframe').evaluate((iframe) => iframe.getBoundingClientRect().height);
  const inner = await page.frameLocator('iframe').locator('html').evaluate((html) => html.getBoundingClientRect().height);
  return { outer: Math.round(outer), inner: Math.ceil(inner) };
}

test('an iframe snippet on a phone-sized page grows to its content, also after the code panel opens', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const iframeField = page.getByRole('region', { name: 'Embed this' }).getByRole('textbox', { name: 'Iframe' });
  await expect(iframeField, 'the snippet loads the resize listener from the course').toHaveValue(/\n<script src="[^"]+\/embed\/resize\.js"><\/script>$/);
  const snippet = await iframeField.inputValue();

  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('table', { name: /^Output/ }).getByRole('cell'), 'the frame computes').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect.poll(async () => { const h = await heights(page); return Math.abs(h.outer - h.inner) <= 1; },
    { message: 'the iframe is as tall as its content on a phone' }).toBe(true);
  const before = await heights(page);
  const box = await page.locator('iframe').boundingBox();
  expect(box.width, 'and no wider than the phone').toBeLessThanOrEqual(375);

  await frame.getByText('The code that computed this').click();
  await expect(frame.locator('pool-widget').locator('pre'), 'the code panel opens').toBeVisible();
  await expect.poll(async () => { const h = await heights(page); return h.inner > before.inner && Math.abs(h.outer - h.inner) <= 1; },
    { message: 'the iframe grows with the open code panel' }).toBe(true);
  await expect(frame.getByRole('link', { name: 'Patches of a picture' }), 'the frame\'s title links back to the lesson')
    .toHaveAttribute('target', '_blank');
  // The listener answers, so the frame, once it decides, puts up no "More below".
  await expect(frame.locator('html'), 'the frame heard the listener').toHaveAttribute('data-embed-host', 'answered');
  await expect(frame.locator('.embed-frame__more'), 'no cue where the iframe fits its content').toHaveCount(0);
});

test('while the frame\'s widget loads its core, the iframe keeps the snippet\'s height, then takes its content\'s', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const iframeField = page.getByRole('region', { name: 'Embed this' }).getByRole('textbox', { name: 'Iframe' });
  await expect(iframeField, 'the snippet is written').toHaveValue(/<iframe[^>]* style="[^"]*height: clamp\(/);
  const snippet = await iframeField.inputValue();
  // Below a 390 px screen the snippet's style gives the iframe its phone height, the clamp's last.
  const snippetHeight = Number(/height: clamp\(\d+px, [^"]*, (\d+)px\);/.exec(snippet)[1]);

  // Every height the frame posts, as the host page hears it.
  await page.addInitScript(() => {
    window.__posted = [];
    window.addEventListener('message', (event) => {
      if (event.data?.type === 'nn-course:embed-height') window.__posted.push(event.data.height);
    });
  });
  const release = await holdRequests(page, '**/*.wasm');
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  const widget = page.frameLocator('iframe').locator('pool-widget');
  await expect.poll(() => widget.evaluate((element) => element.matches(':state(loading)')), { message: 'the widget is defined and loading its core' }).toBe(true);
  await expect.poll(() => page.evaluate(() => window.__posted.length), { message: 'the frame has posted its height' }).toBeGreaterThan(0);
  await painted(page);
  const waiting = await heights(page);
  expect(waiting.inner, 'the widget shows less than the snippet\'s height while it loads').toBeLessThan(snippetHeight);
  expect(waiting.outer, 'yet the iframe keeps that height: the page around it does not shrink').toBe(snippetHeight);

  release();
  await expect(page.frameLocator('iframe').getByRole('table', { name: /^Output/ }).getByRole('cell'), 'the frame computes').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect.poll(async () => { const h = await heights(page); return Math.abs(h.outer - h.inner) <= 1; },
    { message: 'with the numbers shown, the iframe is as tall as its content' }).toBe(true);
});

// The flagship's iframe snippet as "Embed this" writes it, on a light system.
async function flagshipIframeSnippet(page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const iframeField = page.getByRole('region', { name: 'Embed this' }).getByRole('textbox', { name: 'Iframe' });
  await expect(iframeField, 'the snippet is written').toHaveValue(/<iframe/);
  return iframeField.inputValue();
}

test('an iframe follows the colour scheme of the page it sits in, unless its URL names one', async ({ page }) => {
  const snippet = await flagshipIframeSnippet(page);
  const darkHost = `<div style="color-scheme: dark">${snippet}</div>`;
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(darkHost)}`);
  const widget = page.frameLocator('iframe').locator('pool-widget');
  await expect(widget, 'a dark page gets a dark widget on a light system').toHaveAttribute('color-scheme', 'dark');

  // The lesson's own settings need no query: the option starts one, or joins the one there is.
  const light = snippet.replace(/<iframe src="([^"]+)"/, (tag, src) => `<iframe src="${src}${src.includes('?') ? '&amp;' : '?'}color_scheme=light"`);
  expect(light, 'the URL names a scheme').toContain('color_scheme=light');
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(`<div style="color-scheme: dark">${light}</div>`)}`);
  await expect(page.frameLocator('iframe').getByRole('table', { name: /^Output/ }).getByRole('cell').first()).toHaveText('2.5');
  await expect(page.frameLocator('iframe').locator('pool-widget'), 'the URL\'s scheme wins').toHaveAttribute('color-scheme', 'light');
});

test('an iframe follows the page\'s scheme as it changes: the visitor\'s system, and the page\'s own switch', async ({ page }) => {
  const snippet = await flagshipIframeSnippet(page);
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(`<div style="color-scheme: light dark">${snippet}</div>`)}`);
  const widget = page.frameLocator('iframe').locator('pool-widget');
  await expect(widget, 'a page of both schemes on a light system').toHaveAttribute('color-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(widget, 'the system turns dark: so does the widget').toHaveAttribute('color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(widget, 'and back').toHaveAttribute('color-scheme', 'light');
  await page.evaluate(() => { document.querySelector('div').style.colorScheme = 'dark'; document.documentElement.classList.add('dark'); });
  await expect(widget, 'the page\'s own switch (a style, then a class on <html>)').toHaveAttribute('color-scheme', 'dark');
});
