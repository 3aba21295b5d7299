// Every lesson whose element can be embedded (the build's manifest, embed/lessons.json, lists
// them) offers "Embed this", an iframe route and a static oEmbed answer, and all of them work
// from the sub-path build on a plain static server, pasted into a foreign page with a strict CSP.
import path from 'node:path';
import { isEmbeddable } from '../../web/site/build-time/pages/embed-this-section.mjs';
import { lessons } from './course.js';
import { test, expect } from './fixtures.js';
import { FOREIGN_ORIGIN, HOSTING_URL } from './embed-origins.js';

// The lessons the build should list, read as the build reads them, in two tests of every other
// lesson: two workers share them, and each test keeps one context (a test per lesson would
// fetch and compile every script and .wasm again in each new context, doubling the work).
const embeddable = lessons.filter(isEmbeddable);
const HALVES = [0, 1].map((half) => embeddable.filter((_, index) => index % 2 === half).map(({ slug }) => slug));

// A widget has drawn when it shows what the learner works with: a pooling grid, or a neuron's
// slider point, or a table of numbers (an embedding's; any element of the registry has one).
const drawn = (root) => root.getByRole('grid').or(root.getByRole('slider')).or(root.getByRole('table')).first();

test('the build\'s manifest lists every embeddable lesson, by its slug and element', async ({ request }) => {
  const manifest = await (await request.get('embed/lessons.json')).json();
  expect(manifest.lessons.map(({ slug, element }) => [slug, element]))
    .toEqual(embeddable.map(({ slug, widget }) => [slug, widget.element]));
});

HALVES.forEach((slugs, half) => test(`every other embeddable lesson (${half + 1} of 2): its snippets, iframe route and static oEmbed answer work from a sub-path on a static host`, async ({ page, request }) => {
  test.slow();
  const manifest = await (await request.get('embed/lessons.json')).json();
  for (const slug of slugs) {
    const lesson = manifest.lessons.find((candidate) => candidate.slug === slug);
    expect(lesson, `the build lists ${slug}`).toBeTruthy();
    await test.step(lesson.title, async () => {
      await page.goto(lesson.url.slice(1));
      await expect(drawn(page.locator(lesson.element)), `${lesson.title}: the widget draws`).toBeVisible();

      // Discovery: the page names its static answer with an absolute URL under the sub-path.
      const href = await page.locator('link[rel="alternate"][type="application/json+oembed"]').getAttribute('href');
      expect(href, `${lesson.title}: the discovery link is the static answer`).toBe(`${HOSTING_URL}oembed/${lesson.slug}.json`);
      const answer = await request.get(href);
      expect(answer.status(), `${lesson.title}: the static answer is served`).toBe(200);
      expect(answer.headers()['content-type'], 'as JSON').toMatch(/^application\/json/);
      const oembed = await answer.json();
      expect(oembed, `${lesson.title}: a rich answer for the lesson`).toMatchObject({
        version: '1.0', type: 'rich', title: `${lesson.title}: interactive widget`, provider_url: HOSTING_URL,
      });
      expect(oembed.html, 'whose iframe is the lesson\'s route under the sub-path').toContain(`<iframe src="${HOSTING_URL}embed/${lesson.slug}/"`);
      expect(oembed.html, 'with the resize listener from under the sub-path').toContain(`<script src="${HOSTING_URL}embed/resize.js"></script>`);

      // The snippets of "Embed this" point under the sub-path too.
      const section = page.getByRole('region', { name: 'Embed this' });
      const script = section.getByRole('textbox', { name: 'Script tag and element' });
      await expect(script, `${lesson.title}: the script snippet loads the embed from under the sub-path`)
        .toHaveValue(new RegExp(`^<script type="module" src="${HOSTING_URL}embed/${lesson.element}\\.js"></script>`));
      const scriptSnippet = await script.inputValue();

      // Pasted into a foreign page: the oEmbed html, then the script snippet.
      await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(oembed.html)}`);
      const frame = page.frameLocator(`iframe[title="${lesson.title}: interactive widget"]`);
      await expect(drawn(frame.locator(lesson.element)), `${lesson.title}: the oEmbed iframe shows the widget`).toBeVisible();
      await expect(frame.getByRole('link', { name: lesson.title }), 'titled with a link to its lesson')
        .toHaveAttribute('href', new URL(lesson.url.slice(1), HOSTING_URL).pathname);

      await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(scriptSnippet)}`);
      await expect(drawn(page.locator(lesson.element)), `${lesson.title}: the script snippet shows the widget`).toBeVisible();
    });
  }
}));
