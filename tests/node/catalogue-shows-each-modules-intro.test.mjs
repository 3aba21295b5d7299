// The catalogue shows a module's intro (the body of its module.md) under the module's heading
// and summary, in the page's language, and in English, marked so, where the module has no
// translation yet.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, translator } from '../../web/i18n/i18n.js';
import { catalogueMetadata, loadCourse } from '../../web/content/load-course.mjs';
import { checkMessages } from '../../web/site/build-time/plugin-course.mjs';
import { renderCataloguePage } from '../../web/site/build-time/pages/catalogue-page.mjs';
import { courseIn } from '../../web/site/build-time/pages/site-pages.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The heading, summary, intro and lesson list of one module, as the page writes them.
const moduleSection = (html, slug) => {
  const start = html.indexOf(`<section aria-labelledby="module-${slug}">`);
  assert.ok(start >= 0, `the page has the module ${slug}`);
  return html.slice(start, html.indexOf('</section>', start));
};

describe('the catalogue', () => {
  let course;
  let catalogueIn;
  before(async () => {
    await checkMessages();
    course = await loadCourse(path.join(repoRoot, 'lessons'), { repoRoot });
    const languages = LANGUAGES.map((lang) => ({ lang, t: translator(lang) }));
    catalogueIn = (lang, ofCourse = course) => renderCataloguePage(catalogueMetadata(courseIn(ofCourse, lang)),
      { t: translator(lang), languages, siteUrl: 'https://example.org' });
  });

  it('shows the intro of "Pictures" under its summary, above its lessons, in both languages', () => {
    const english = moduleSection(catalogueIn('en'), 'pictures');
    assert.match(english, /<p class="module__summary">Reading a picture in small patches: [^<]*<\/p>\s*<div class="module__intro">\s*<p>A picture reaches a network as a grid of numbers\. The four lessons here [^<]*<\/p>\s*<\/div>\s*<ol class="lesson-list"/);
    const chinese = moduleSection(catalogueIn('zh-CN'), 'pictures');
    assert.match(chinese, /<p class="module__summary">把图片切成小块来读[^<]*<\/p>\s*<div class="module__intro">\s*<p>图片以一格一格数字的形式进入网络。[^<]*<\/p>\s*<\/div>\s*<ol class="lesson-list"/);
  });

  it('shows no intro box for a module without one', () => {
    for (const lang of LANGUAGES) {
      const html = catalogueIn(lang);
      assert.equal(html.split('class="module__intro"').length - 1, 1, `one module has an intro (${lang})`);
      assert.doesNotMatch(moduleSection(html, 'one-neuron'), /module__intro/, `"One neuron" has none (${lang})`);
    }
  });

  it('shows an untranslated module\'s intro in English inside the Chinese page, marked as English', () => {
    const untranslated = { ...course, modules: course.modules.map((module) => ({ ...module, translations: {} })) };
    const chinese = moduleSection(catalogueIn('zh-CN', untranslated), 'pictures');
    assert.match(chinese, /<div class="module__intro" lang="en">\s*<p>A picture reaches a network as a grid of numbers\./);
  });
});
