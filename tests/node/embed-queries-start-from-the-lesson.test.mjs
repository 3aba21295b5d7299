// The iframe route, oEmbed and "Embed this" read and write a lesson's widget settings as a link
// does on the lesson page: a query starts from the lesson's settings (the attributes of its
// built /embed/<lesson>/ page), a value left out follows the sizes it was worked out from as on
// the tag, and every query the course writes names what differs from the lesson's settings,
// escaped where a link needs it. Read with the real lessons and each element's own reader.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadAdapter } from '../../web/components/registry.js';
import { readAttributes } from '../../web/components/shared/settings-table.js';
import { loadCourse } from '../../web/content/load-course.mjs';
import { answerOembed, oembedManifest } from '../../web/embed/server/oembed.mjs';
import { frameAttributes, frameQuery, settingsOfQuery } from '../../web/embed/shared/snippets.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const course = await loadCourse(path.join(repoRoot, 'lessons'), { repoRoot });
const lessons = course.modules.flatMap((module) => module.lessons).filter((lesson) => lesson.widget);
const manifest = oembedManifest(lessons);

/** A lesson's adapter, its settings, and the attributes its built page gives the element. */
async function lessonOf(slug) {
  const lesson = lessons.find((candidate) => candidate.slug === slug);
  assert.ok(lesson, `the course has a lesson "${slug}"`);
  const adapter = await loadAdapter(lesson.widget.element);
  const attributes = Object.fromEntries(lesson.widget.attributes);
  return { adapter, attributes, settings: manifest.lessons.find((item) => item.slug === slug).settings };
}

/** What the element in /embed/<slug>/?<query> reads, through its own attribute reader. */
async function frameShows(slug, query) {
  const { adapter, attributes } = await lessonOf(slug);
  const written = frameAttributes(adapter.SETTINGS, query, (name) => attributes[name] ?? null);
  assert.ok(written, `"${query}" names a setting of the widget`);
  const tag = Object.fromEntries(written);
  return adapter.settingsFromAttributes((name) => tag[name] ?? null);
}

/** The iframe src of the oEmbed answer for this URL of the course. */
async function oembedSrc(url) {
  const answer = await answerOembed(new URL(`/oembed?url=${encodeURIComponent(url)}`, 'http://course.test'), manifest);
  assert.equal(answer.status, 200, answer.body);
  return /<iframe[^>]+src="([^"]+)"/.exec(JSON.parse(answer.body).html)[1].replace(/&amp;/g, '&');
}

describe('the iframe route starts from the lesson\'s settings', () => {
  it('keeps the lesson\'s activation where the query changes only the bias', async () => {
    const shown = await frameShows('the-sigmoid', 'bias=1');
    assert.equal(shown.activation, 'sigmoid', 'the lesson\'s sigmoid, not the element\'s default ReLU');
    assert.deepEqual([shown.inputs, shown.weights, shown.bias], [[2, 1], [0.5, -0.25], 1]);
  });

  it('reads bias=none as a layer without a bias (nn.Linear(bias=False)), as the element README says', async () => {
    const shown = await frameShows('backpropagation-through-a-layer', 'bias=none&selected=grad_weight 1,2');
    assert.equal(shown.bias, null, 'no bias, not the default [0.5, -1]');
    assert.equal(shown.selected, 'grad_weight 1,2');
  });

  it('gives stride the kernel size when the query gives a kernel size and the lesson left stride to follow it, as the tag does', async () => {
    const { adapter, attributes } = await lessonOf('patches-of-a-picture');
    const tag = adapter.settingsFromAttributes((name) => ({ ...attributes, 'kernel-size': '3' })[name] ?? null);
    const shown = await frameShows('patches-of-a-picture', 'lang=zh-CN&kernel_size=3');
    assert.deepEqual(tag.stride, [3, 3], 'the tag kernel-size="3"');
    assert.deepEqual(shown.stride, [3, 3], 'the query kernel_size=3');
    assert.equal(shown.gradOutput, 'ones', 'the lesson\'s four gradients were for its four windows: a link that moves them starts from ones');
  });

  it('fits a list to a size the query changes, as the tag does', async () => {
    const fitted = [
      ['loss-widget', 'predictions=1,2,3,4', { predictions: '1 2 3 4' }, 'targets', [3, -0.5, 2, 0]],
      ['linear-widget', 'in_features=2', { 'in-features': '2' }, 'weight', [0.5, -1, 2, 1]],
      ['linear-widget', 'out_features=3', { 'out-features': '3' }, 'bias', [0.5, -1, 0.5]],
      ['lamb-widget', 'param1=1,2,3', { param1: '1 2 3' }, 'grad1', [0.5, -0.5, 0.5]],
    ];
    for (const [element, query, attributes, key, expected] of fitted) {
      const { SETTINGS } = await loadAdapter(element);
      const tag = readAttributes(SETTINGS, (name) => attributes[name] ?? null);
      const link = settingsOfQuery(SETTINGS, query, readAttributes(SETTINGS, () => null));
      assert.deepEqual(tag[key], expected, `<${element}> tag ${JSON.stringify(attributes)}: ${key}`);
      assert.deepEqual(link, tag, `<${element}> ?${query} reads as the tag does`);
    }
    assert.deepEqual((await frameShows('backpropagation-through-a-layer', 'in_features=2')).weight, [0.5, -1, 2, 1], 'over the lesson');
    assert.deepEqual((await frameShows('lamb', 'param1=1,2,3')).grad1, [0.5, -0.5, 0.5], 'over the lesson');
  });
});

describe('every iframe query the course writes names what differs from the lesson\'s settings or the element\'s defaults', () => {
  it('starts from the same settings in the frame (the built page\'s attributes) and in oEmbed (the manifest\'s)', async () => {
    for (const lesson of manifest.lessons) {
      const { adapter, attributes } = await lessonOf(lesson.slug);
      const frameBase = readAttributes(adapter.SETTINGS, (name) => attributes[name] ?? null);
      // The settings a link can name (not a page's own, such as the playground's syncUrl).
      for (const row of adapter.SETTINGS.filter(({ query }) => query !== false && query !== 'attribute')) {
        assert.deepEqual(JSON.parse(JSON.stringify(frameBase[row.key] ?? null)), lesson.settings[row.key] ?? null, `${lesson.slug}: the two bases agree on ${row.name}`);
      }
    }
  });

  it('"Embed this" writes a state equal to the element\'s default but not the lesson\'s, and the frame reads it back over either', async () => {
    const { adapter, settings: lesson } = await lessonOf('the-sigmoid');
    const state = { ...lesson, activation: 'relu' };
    const query = frameQuery(adapter.SETTINGS, state, lesson);
    assert.equal(query, 'activation=relu&inputs=2,1&weights=0.5,-0.25&bias=-0.75');
    assert.deepEqual(settingsOfQuery(adapter.SETTINGS, query, lesson), state, 'over the lesson');
    const defaults = readAttributes(adapter.SETTINGS, () => null);
    assert.deepEqual(settingsOfQuery(adapter.SETTINGS, query, defaults), state, 'over the element\'s defaults, as a frame read queries before');
    const own = frameQuery(adapter.SETTINGS, lesson, lesson);
    assert.equal(own, 'activation=sigmoid&inputs=2,1&weights=0.5,-0.25&bias=-0.75', 'the lesson\'s own settings, named where they are not the defaults');
    assert.deepEqual(settingsOfQuery(adapter.SETTINGS, own, defaults), lesson);
  });

  it('"Embed this" after the learner removes a LAMB value writes a query the frame takes', async () => {
    const { adapter, settings: lesson } = await lessonOf('lamb');
    const state = { ...lesson, param1: [3], grad1: [0.5] };
    const query = frameQuery(adapter.SETTINGS, state, lesson);
    assert.equal(query, 'param1=3', 'grad1 is the fitted default, left out');
    assert.deepEqual(settingsOfQuery(adapter.SETTINGS, query, lesson), state, 'and refitted when read');
  });

  it('"Embed this" writes no bias as bias=none', async () => {
    const { adapter, settings: lesson } = await lessonOf('backpropagation-through-a-layer');
    const state = { ...lesson, bias: null, selected: 'grad_weight 1,1' };
    const query = frameQuery(adapter.SETTINGS, state, lesson);
    assert.equal(query, 'bias=none&selected=grad_weight%201,1');
    assert.deepEqual(settingsOfQuery(adapter.SETTINGS, query, lesson), state);
  });

  it('oEmbed keeps a value that is the element\'s default but not the lesson\'s', async () => {
    const src = await oembedSrc('http://course.test/embed/the-sigmoid/?bias=0');
    assert.equal(src, 'http://course.test/embed/the-sigmoid/?activation=sigmoid&inputs=2,1&weights=0.5,-0.25&bias=0');
    const shown = await frameShows('the-sigmoid', new URL(src).search);
    assert.deepEqual([shown.activation, shown.bias], ['sigmoid', 0]);
  });

  it('oEmbed writes stride where it no longer follows the kernel size, and leaves it out where it does', async () => {
    assert.equal(await oembedSrc('http://course.test/embed/patches-of-a-picture/?kernel_size=3'), 'http://course.test/embed/patches-of-a-picture/?kernel_size=3');
    assert.equal(await oembedSrc('http://course.test/embed/patches-of-a-picture/?kernel_size=3&stride=2'), 'http://course.test/embed/patches-of-a-picture/?kernel_size=3&stride=2');
  });
});

describe('a query the course writes is escaped where a link needs it', () => {
  it('oEmbed writes the space of a selection as %20, and the frame reads it back', async () => {
    const src = await oembedSrc('http://course.test/lessons/learning/backpropagation-through-a-layer/?selected=grad_bias 2');
    assert.equal(src, 'http://course.test/embed/backpropagation-through-a-layer/?selected=grad_bias%202');
    assert.doesNotMatch(src, /\s/, 'no raw space in the iframe src');
    assert.equal((await frameShows('backpropagation-through-a-layer', new URL(src).search)).selected, 'grad_bias 2');
  });

  it('reads a selection written with a raw space, a "+" or %20 alike', async () => {
    const { adapter, settings: lesson } = await lessonOf('backpropagation-through-a-layer');
    for (const query of ['selected=grad_bias 2', 'selected=grad_bias+2', 'selected=grad_bias%202']) {
      assert.equal(settingsOfQuery(adapter.SETTINGS, query, lesson).selected, 'grad_bias 2', query);
    }
  });
});
