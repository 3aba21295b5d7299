import { test, expect } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

const LESSON = '/lessons/pictures/patches-of-a-picture/';

test('the oEmbed endpoint answers JSON whose iframe shows the options of the URL asked about', async ({ page, request }) => {
  // Discovery: the lesson page names its static answer, absolute, at the public address the
  // build was made for (COURSE_URL; the test's server may listen elsewhere, so it is asked here).
  await page.goto(LESSON);
  const discovery = page.locator('link[rel="alternate"][type="application/json+oembed"]');
  await expect(discovery, 'the lesson page has one oEmbed discovery link').toHaveCount(1);
  const href = new URL(await discovery.getAttribute('href'));
  expect(href.pathname, 'naming the lesson\'s static answer').toBe('/oembed/patches-of-a-picture.json');
  const discovered = await request.get(href.pathname);
  expect(discovered.status(), 'the discovery link answers').toBe(200);
  expect(discovered.headers()['content-type'], 'with JSON').toMatch(/^application\/json/);
  const plain = await discovered.json();
  expect(plain, 'a rich oEmbed response for the lesson').toMatchObject({
    version: '1.0',
    type: 'rich',
    title: 'Patches of a picture: interactive widget',
    provider_name: 'Building blocks of neural networks',
    provider_url: `${href.origin}/`,
  });
  expect(plain.html, 'whose html is the lesson\'s iframe, with no options').toContain(
    `<iframe src="${href.origin}/embed/patches-of-a-picture/"`,
  );
  expect(Number.isInteger(plain.width) && Number.isInteger(plain.height), 'with a width and height in pixels').toBe(true);
  const live = await (await request.get('/oembed', { params: { url: `${COURSE_ORIGIN}${LESSON}`, format: 'json' } })).json();
  expect(live.provider_url, 'the endpoint answers the same for the lesson, at the address it was asked at').toBe(`${COURSE_ORIGIN}/`);
  expect(live.html.replaceAll(COURSE_ORIGIN, href.origin), 'with the same html').toBe(plain.html);

  // A lesson URL with options: the iframe keeps them.
  const lessonUrl = `${COURSE_ORIGIN}${LESSON}?op=max&kernel-size=3&stride=1&padding=1&input-height=5&input-width=5&utm_source=x`;
  const answer = await request.get('/oembed', { params: { url: lessonUrl, format: 'json', maxwidth: '500' } });
  expect(answer.status(), 'a lesson URL with options is answered').toBe(200);
  expect(answer.headers()['access-control-allow-origin'], 'and readable from any origin').toBe('*');
  const rich = await answer.json();
  expect(rich.width, 'maxwidth is respected').toBe(500);
  const src = /<iframe src="([^"]+)"/.exec(rich.html)?.[1]?.replaceAll('&amp;', '&');
  expect(src, 'the iframe keeps the widget options and drops the rest').toBe(
    // Written in the links' one dialect, PyTorch's names, whatever spelling the URL asked with.
    `${COURSE_ORIGIN}/embed/patches-of-a-picture/?op=max&input=5x5:0..24&kernel_size=3&stride=1&padding=1`,
  );

  // The iframe URL itself may be asked about too.
  const fromFrame = await request.get('/oembed', { params: { url: src, format: 'json' } });
  expect((await fromFrame.json()).html, 'asking with the iframe URL gives the same iframe').toContain(rich.html.slice(0, 60));

  for (const [params, status, why] of [
    [{ url: `${COURSE_ORIGIN}/lessons/pictures/max-pooling/`, format: 'json' }, 404, 'a lesson without a widget has no embed'],
    [{ url: `${COURSE_ORIGIN}${LESSON}`, format: 'xml' }, 501, 'only JSON is offered'],
    [{ format: 'json' }, 400, 'the url parameter is required'],
  ]) {
    expect((await request.get('/oembed', { params })).status(), why).toBe(status);
  }

  // The html works where it is pasted: on a foreign page, the iframe shows the 3 x 3 maxima of
  // the default 5 x 5 picture 0..24 (corner: max(0, 1, 5, 6) = 6; centre: max of 6..18 = 18).
  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(rich.html)}`);
  const frame = page.frameLocator('iframe[title="Patches of a picture: interactive widget"]');
  const cells = frame.getByRole('table', { name: 'Output, 5 by 5' }).getByRole('cell');
  await expect(cells.first(), 'the embedded iframe computes with the options').toHaveText('6');
  await expect(cells.nth(12), 'every one of them').toHaveText('18');
});
