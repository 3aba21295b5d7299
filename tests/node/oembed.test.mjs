// The oEmbed endpoint: what it answers, in the links' one dialect (PyTorch's names), and that
// no request can stop the server.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { EMBED, SETTINGS, settingsFromAttributes } from '../../web/components/pool-widget/adapter.js';
import { attributesOf } from '../../web/components/shared/settings-table.js';
import { answerOembed, oembedManifest, oembedMiddleware } from '../../web/embed/server/oembed.mjs';

const widgetDefaults = settingsFromAttributes(() => null);
const lesson = {
  slug: 'patches-of-a-picture',
  url: '/lessons/pictures/patches-of-a-picture/',
  title: 'Patches of a picture',
  widget: { element: 'pool-widget', ...widgetDefaults, gradOutput: [4, 8, 12, 16], attributes: [], embeddable: true },
};
const manifest = oembedManifest([lesson]);
const ask = async (query) => answerOembed(new URL(`/oembed?${query}`, 'http://course.test'), manifest);
const iframeSrc = (body) => /<iframe[^>]+src="([^"]+)"/.exec(JSON.parse(body).html)[1].replace(/&amp;/g, '&');

test('answers a rich response whose iframe keeps the options of the URL, named as PyTorch names them', async () => {
  const url = encodeURIComponent('http://course.test/embed/patches-of-a-picture/?kernel_size=3&stride=1&padding=1');
  const answer = await ask(`url=${url}&format=json`);
  assert.equal(answer.status, 200);
  assert.equal(JSON.parse(answer.body).type, 'rich');
  assert.equal(iframeSrc(answer.body), 'http://course.test/embed/patches-of-a-picture/?kernel_size=3&stride=1&padding=1');
});

test('an older link, with the options named as attributes, gives the same iframe', async () => {
  const older = encodeURIComponent('http://course.test/lessons/pictures/patches-of-a-picture/?op=max&kernel-size=3&stride=1&padding=1&input-height=5&input-width=5');
  const answer = await ask(`url=${older}`);
  assert.equal(answer.status, 200);
  assert.equal(iframeSrc(answer.body),
    'http://course.test/embed/patches-of-a-picture/?op=max&input=5x5:0..24&kernel_size=3&stride=1&padding=1');
});

test('a link whose options cannot be read is answered 400, naming the option', async () => {
  const url = encodeURIComponent('/lessons/pictures/patches-of-a-picture/?kernel_size=big');
  const answer = await ask(`url=${url}`);
  assert.equal(answer.status, 400);
  assert.match(JSON.parse(answer.body).error, /kernel_size must be a whole number, not "big"/);
});

test('answers 404 for a page of another site, and for a page that has no widget', async () => {
  const foreign = encodeURIComponent('https://elsewhere.test/lessons/pictures/patches-of-a-picture/');
  assert.equal((await ask(`url=${foreign}`)).status, 404, 'another site');
  assert.equal((await ask(`url=${encodeURIComponent('/lessons/one-neuron/relu/')}`)).status, 404, 'a planned lesson');
  assert.equal((await ask('format=json')).status, 400, 'no url at all');
  assert.equal((await ask(`url=${encodeURIComponent('/lessons/pictures/patches-of-a-picture/')}&format=xml`)).status, 501);
});

test('a maxwidth gives the height of a frame that narrow, within maxheight', async () => {
  const page = encodeURIComponent('/lessons/pictures/patches-of-a-picture/');
  const body = JSON.parse((await ask(`url=${page}&maxwidth=300`)).body);
  assert.equal(body.width, 300);
  assert.equal(body.height, EMBED.frameSize(lesson.widget, { width: 300 }).height, 'the narrow frame stacks its grids');
  assert.ok(body.height > EMBED.frameSize(lesson.widget).height, 'and is taller than a wide one');
  const capped = JSON.parse((await ask(`url=${page}&maxwidth=300&maxheight=200`)).body);
  assert.equal(capped.height, 200);
  const measured = JSON.parse((await ask(`url=${page}&maxwidth=300.75&maxheight=200.5`)).body);
  assert.deepEqual([measured.width, measured.height], [300, 200], 'a measured (fractional) width and height, to the whole pixel within');
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
  const settings = { ...widgetDefaults, inputHeight: 5, inputWidth: 5, input: Array(25).fill(0), hide: ['toggle', 'hint', 'formula', 'code'] };
  const floor = EMBED.frameSize(settings, { width: 300 }).height;
  const ceil = EMBED.frameSize({ ...settings, ceilMode: true }, { width: 300 }).height;
  assert.ok(ceil > floor, `ceil_mode's extra output row makes the frame taller (${ceil} > ${floor})`);
  assert.deepEqual(attributesOf(SETTINGS, settings, { onlyChanged: true }).map(([name]) => name),
    ['input-height', 'input-width', 'input', 'hide'], 'the settings differ from the defaults where the test says');
});

test('a link beyond the grids the widget draws is refused, never answered with an unbounded frame', async () => {
  for (const options of ['padding=1e308', 'input-height=8192&input-width=8192', 'kernel_size=2000&padding=1000&stride=1']) {
    const answer = await ask(`url=${encodeURIComponent(`/embed/patches-of-a-picture/?${options}`)}`);
    assert.equal(answer.status, 400, options);
    assert.match(JSON.parse(answer.body).error, /cannot be read/, options);
  }
  const body = JSON.parse((await ask(`url=${encodeURIComponent('/embed/patches-of-a-picture/?input=32x32')}`)).body);
  assert.ok(Number.isInteger(body.width) && Number.isInteger(body.height) && body.height < 5000, `a whole, bounded size: ${body.width} x ${body.height}`);
});
