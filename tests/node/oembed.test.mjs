// The oEmbed endpoint: what it answers, and that no request can stop the server.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { answerOembed, oembedManifest, oembedMiddleware } from '../../web/embed/oembed.mjs';
import { frameSize } from '../../web/embed/snippets.js';

const manifest = oembedManifest(
  [{ slug: 'patches-of-a-picture', url: '/lessons/pictures/patches-of-a-picture/', title: 'Patches of a picture' }],
  'Building blocks of neural networks',
);
const ask = (query) => answerOembed(new URL(`/oembed?${query}`, 'http://course.test'), manifest);

test('answers a rich response whose iframe keeps the options of the URL', () => {
  const url = encodeURIComponent('http://course.test/embed/patches-of-a-picture/?kernel-size=3&stride=1&padding=1');
  const answer = ask(`url=${url}&format=json`);
  assert.equal(answer.status, 200);
  const body = JSON.parse(answer.body);
  assert.equal(body.type, 'rich');
  assert.match(body.html, /<iframe[^>]+src="http:\/\/course\.test\/embed\/patches-of-a-picture\/\?[^"]*kernel-size=3/);
});

test('answers 404 for a page of another site, and for a page that has no widget', () => {
  const foreign = encodeURIComponent('https://elsewhere.test/lessons/pictures/patches-of-a-picture/');
  assert.equal(ask(`url=${foreign}`).status, 404, 'another site');
  assert.equal(ask(`url=${encodeURIComponent('/lessons/one-neuron/relu/')}`).status, 404, 'a planned lesson');
  assert.equal(ask('format=json').status, 400, 'no url at all');
  assert.equal(ask(`url=${encodeURIComponent('/lessons/pictures/patches-of-a-picture/')}&format=xml`).status, 501);
});

test('a maxwidth gives the height of a frame that narrow, within maxheight', () => {
  const lesson = encodeURIComponent('/lessons/pictures/patches-of-a-picture/');
  const body = JSON.parse(ask(`url=${lesson}&maxwidth=300`).body);
  assert.equal(body.width, 300);
  assert.equal(body.height, frameSize([], { width: 300 }).height, 'the narrow frame stacks its grids');
  const capped = JSON.parse(ask(`url=${lesson}&maxwidth=300&maxheight=200`).body);
  assert.equal(capped.height, 200);
});

test('a malformed forwarded protocol or host is answered, not thrown', async () => {
  const middleware = oembedMiddleware(() => manifest);
  for (const headers of [{ host: 'course.test', 'x-forwarded-proto': 'a b' }, { host: 'bad host name' }]) {
    const req = { method: 'GET', url: '/oembed?url=%2Flessons%2Fpictures%2Fpatches-of-a-picture%2F', headers, socket: {} };
    const res = { statusCode: 0, headers: {}, setHeader(name, value) { this.headers[name] = value; }, end(body) { this.body = body; } };
    let passedOn = false;
    await middleware(req, res, () => { passedOn = true; });
    assert.ok(passedOn || res.statusCode === 200, `answered or passed on for ${JSON.stringify(headers)}`);
  }
});

test('the frame height counts the row that ceil_mode adds', () => {
  // 5 x 5 with a 2 x 2 window stepping by 2: 2 x 2 outputs, or 3 x 3 with ceil_mode.
  const pairs = [['input-height', '5'], ['input-width', '5'], ['hide', 'toggle hint formula code']];
  const floor = frameSize(pairs, { width: 300 }).height;
  const ceil = frameSize([...pairs, ['ceil-mode', '']], { width: 300 }).height;
  assert.equal(frameSize([...pairs, ['ceil-mode', 'false']], { width: 300 }).height, floor);
  assert.ok(ceil > floor, `ceil_mode's extra output row makes the frame taller (${ceil} > ${floor})`);
});
