// Hosting under a sub-path: the addresses the build and the oEmbed endpoint write, the static
// oEmbed answers, the links put under the base, and the resize listener that speaks the frame's
// message types.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { settingsFromAttributes } from '../../web/components/pool-widget/adapter.js';
import { answerOembed, oembedDiscoveryHref, oembedManifest, oembedMiddleware, staticOembedFiles } from '../../web/embed/server/oembed.mjs';
import { FRAME_HEIGHT_MESSAGE, HOST_SCHEME_MESSAGE } from '../../web/embed/shared/snippets.js';
import { courseBase, courseOrigin, normalizeBase, siteUrlOf, withBase } from '../../web/site/build-time/hosting.mjs';

const lesson = {
  slug: 'patches-of-a-picture',
  url: '/lessons/pictures/patches-of-a-picture/',
  title: 'Patches of a picture',
  translations: { 'zh-CN': { title: '图片的小块' } },
  widget: { element: 'pool-widget', ...settingsFromAttributes(() => null), attributes: [], embeddable: true },
};
const manifest = oembedManifest([lesson]);
const iframeSrc = (html) => /<iframe[^>]+src="([^"]+)"/.exec(html)[1].replace(/&amp;/g, '&');

test('a base is one path with a slash at each end, and nothing that leaves it', () => {
  for (const [value, base] of [[undefined, '/'], ['', '/'], ['/', '/'], ['courses/nn', '/courses/nn/'], ['/courses//nn/', '/courses/nn/']]) {
    assert.equal(normalizeBase(value), base, `COURSE_BASE=${value}`);
  }
  for (const bad of ['/a/../b/', '/a?b/', '/./']) assert.throws(() => normalizeBase(bad), /COURSE_BASE="[^"]*" is not a path/, bad);
  assert.equal(courseBase({ COURSE_BASE: 'courses/nn' }), '/courses/nn/');
  assert.equal(courseOrigin({}), 'http://127.0.0.1:4173', 'the local server by default');
  assert.equal(courseOrigin({ COURSE_URL: 'https://example.github.io/ignored/path' }), 'https://example.github.io', 'only the origin counts');
  assert.throws(() => courseOrigin({ COURSE_URL: 'ftp://x' }), /COURSE_URL="ftp:\/\/x" must be an http or https URL/);
  assert.equal(siteUrlOf('https://example.github.io', '/courses/nn/'), 'https://example.github.io/courses/nn');
  assert.equal(siteUrlOf('https://example.org', '/'), 'https://example.org');
});

test('withBase puts links and canonical links under the base, and leaves what Vite resolves alone', () => {
  const page = '<a href="/">home</a><a class="x" href="/lessons/a/">a</a><a href="#main">skip</a><a href="//cdn.test/x">cdn</a>'
    + '<a href="https://elsewhere.test/">out</a><link rel="canonical" href="/lessons/a/"><link rel="stylesheet" href="/site/styles/site.css">'
    + '<script type="module" src="/site/browser/lesson.js"></script>';
  assert.equal(withBase(page, '/'), page, 'nothing changes at the root');
  assert.equal(withBase(page, '/courses/nn/'),
    '<a href="/courses/nn/">home</a><a class="x" href="/courses/nn/lessons/a/">a</a><a href="#main">skip</a><a href="//cdn.test/x">cdn</a>'
    + '<a href="https://elsewhere.test/">out</a><link rel="canonical" href="/courses/nn/lessons/a/"><link rel="stylesheet" href="/site/styles/site.css">'
    + '<script type="module" src="/site/browser/lesson.js"></script>');
});

test('under a sub-path the endpoint answers for the base\'s pages only, and its iframe and script keep the base', async () => {
  const ask = (url) => answerOembed(new URL(`/courses/nn/oembed?url=${encodeURIComponent(url)}`, 'https://example.github.io'), manifest, { base: '/courses/nn/' });
  const answer = await ask('https://example.github.io/courses/nn/lessons/pictures/patches-of-a-picture/?kernel_size=3&stride=1');
  assert.equal(answer.status, 200);
  const body = JSON.parse(answer.body);
  assert.equal(iframeSrc(body.html), 'https://example.github.io/courses/nn/embed/patches-of-a-picture/?kernel_size=3&stride=1');
  assert.match(body.html, /<script src="https:\/\/example\.github\.io\/courses\/nn\/embed\/resize\.js"><\/script>$/);
  assert.equal(body.provider_url, 'https://example.github.io/courses/nn/');
  assert.equal((await ask('https://example.github.io/lessons/pictures/patches-of-a-picture/')).status, 404, 'the same page outside the base is not ours');
  assert.equal((await ask('https://example.github.io/courses/nn/embed/patches-of-a-picture/')).status, 200, 'the iframe URL is');
});

test('the middleware answers at the base\'s /oembed and passes the root\'s on', async () => {
  const middleware = oembedMiddleware(() => manifest, { base: '/courses/nn/' });
  const call = async (url) => {
    const req = { method: 'GET', url, headers: { host: 'course.test' }, socket: {} };
    const res = { statusCode: 0, headers: {}, setHeader(name, value) { this.headers[name] = value; }, end(body) { this.body = body; } };
    let passedOn = false;
    await middleware(req, res, () => { passedOn = true; });
    return { passedOn, res };
  };
  const url = encodeURIComponent('http://course.test/courses/nn/lessons/pictures/patches-of-a-picture/');
  const answered = await call(`/courses/nn/oembed?url=${url}`);
  assert.equal(answered.res.statusCode, 200);
  assert.equal((await call(`/oembed?url=${url}`)).passedOn, true, 'outside the base: not the endpoint');
});

test('the build\'s static answer of a lesson is the endpoint\'s answer for it, with the public address', async () => {
  const files = await staticOembedFiles(manifest, 'https://example.github.io/courses/nn');
  assert.deepEqual([...files.keys()], ['oembed/patches-of-a-picture.json', 'oembed/zh/patches-of-a-picture.json']);
  const stored = JSON.parse(files.get('oembed/patches-of-a-picture.json'));
  const live = JSON.parse((await answerOembed(
    new URL(`/courses/nn/oembed?url=${encodeURIComponent('/courses/nn/lessons/pictures/patches-of-a-picture/')}`, 'https://example.github.io'),
    manifest, { base: '/courses/nn/' })).body);
  assert.deepEqual(stored, live);
  assert.equal(oembedDiscoveryHref('https://example.github.io/courses/nn', 'patches-of-a-picture'),
    'https://example.github.io/courses/nn/oembed/patches-of-a-picture.json');
  // The Chinese answer is the endpoint's for the /zh/ lesson page: its iframe asks for ?lang=zh-CN.
  const storedZh = JSON.parse(files.get('oembed/zh/patches-of-a-picture.json'));
  const liveZh = JSON.parse((await answerOembed(
    new URL(`/courses/nn/oembed?url=${encodeURIComponent('/courses/nn/zh/lessons/pictures/patches-of-a-picture/')}`, 'https://example.github.io'),
    manifest, { base: '/courses/nn/' })).body);
  assert.deepEqual(storedZh, liveZh);
  assert.match(storedZh.html, /\/embed\/patches-of-a-picture\/\?lang=zh-CN"/);
  assert.equal(stored.title, 'Patches of a picture: interactive widget');
  assert.equal(storedZh.title, '图片的小块：互动组件', 'the Chinese answer names the lesson by its Chinese title');
  assert.equal(stored.provider_name, 'Building blocks of neural networks');
  assert.equal(storedZh.provider_name, '神经网络的基本构件', 'and the course by its Chinese title');
  assert.equal(oembedDiscoveryHref('https://example.github.io/courses/nn', 'patches-of-a-picture', 'zh-CN'),
    'https://example.github.io/courses/nn/oembed/zh/patches-of-a-picture.json');
});

test('the resize listener, a plain script, speaks the message types the frame uses', async () => {
  const source = await readFile(new URL('../../web/embed/browser/resize.js', import.meta.url), 'utf8');
  assert.ok(source.includes(`'${FRAME_HEIGHT_MESSAGE}'`), `resize.js reads ${FRAME_HEIGHT_MESSAGE}`);
  assert.ok(source.includes(`'${HOST_SCHEME_MESSAGE}'`), `resize.js sends ${HOST_SCHEME_MESSAGE}`);
  assert.doesNotMatch(source, /^\s*(import|export)\b/m, 'it is a classic script, copied as it is');
});
