// The course in English and Chinese: the loader reads a lesson's .zh.md sibling (its own title,
// summary and body; order, status and widget only from the English file), refuses a translation
// that sets those or has no English file, lists the lessons with no Chinese text yet; the pages
// exist under /zh/ with <html lang="zh-CN">, hreflang alternates and the switch; and a message
// key Chinese lacks stops the build, naming the key.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadLanguage, messagesOf } from '../../web/i18n/i18n.js';
import { LessonError, catalogueMetadata, loadCourse } from '../../web/content/load-course.mjs';
import { checkLessonLinks, checkMessages, untranslatedLines } from '../../web/site/build-time/plugin-course.mjs';
import { courseIn, renderSitePages } from '../../web/site/build-time/pages/site-pages.mjs';

const MODULE_MD = '---\ntitle: Pictures\nsummary: Patches of pictures.\norder: 1\n---\n';
const MODULE_ZH = '---\ntitle: 图片\nsummary: 把图片分成小块来读。\n---\n';
const LESSON_MD = `---
title: Patches
summary: Averages over patches.
order: 1
status: interactive
widget:
  element: pool-widget
  input: { height: 4, width: 4, values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] }
  kernel_size: 2
  grad_output: [4, 8, 12, 16]
---

**You will learn** how average pooling shrinks a picture.

A window of 2 x 2 cells slides over the picture.

## Try it

Tap a window.

[[try-it]]

\`\`\`exercise
question: What does the top-left window give?
answer: 2.5
hint: Average 0, 1, 4 and 5.
settings: grad_output=ones
core: output 1,1
\`\`\`
`;
const LESSON_ZH = `---
title: 图片的小块
summary: 对每个小块取平均。
---

**你将学到** 平均池化怎样把图片缩小。

窗口每次移动两格。

## 动手试试

点一个窗口。

[[try-it]]

## 为什么分块

## 自测

\`\`\`exercise
question: 左上角的窗口给出多少？
answer: 2.5
hint: 求 0、1、4、5 的平均。
settings: grad_output=ones
core: output 1,1
\`\`\`
`;
const PLANNED_MD = '---\ntitle: Later\nsummary: Coming soon.\norder: 2\nstatus: planned\n---\n';

let scratch;
let caseNumber = 0;
before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'zh-site-test-'));
});
after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A course of one module (English and Chinese module files), files: name -> text (null: left out). */
async function makeCourse(files = {}) {
  const root = path.join(scratch, `case-${++caseNumber}`);
  const all = {
    'module.md': MODULE_MD, 'module.zh.md': MODULE_ZH, '01-patches.md': LESSON_MD, '01-patches.zh.md': LESSON_ZH,
    '02-later.md': PLANNED_MD, ...files,
  };
  await mkdir(path.join(root, 'lessons/01-pictures'), { recursive: true });
  for (const [name, text] of Object.entries(all)) {
    if (text !== null) await writeFile(path.join(root, 'lessons/01-pictures', name), text);
  }
  return path.join(root, 'lessons');
}

async function rejects(files, file, field, pattern) {
  const dir = await makeCourse(files);
  await assert.rejects(loadCourse(dir), (error) => {
    assert.ok(error instanceof LessonError, `a LessonError, got ${error}`);
    assert.equal(error.file, `lessons/01-pictures/${file}`);
    assert.equal(error.field, field);
    assert.match(error.message, pattern);
    return true;
  });
}

describe('the loader reads Chinese siblings', () => {
  it('gives a lesson and its module their Chinese title, summary and body, with the English widget', async () => {
    const course = await loadCourse(await makeCourse());
    const [module] = course.modules;
    const [patches, later] = module.lessons;
    assert.deepEqual(Object.keys(module.translations), ['zh-CN']);
    assert.equal(module.translations['zh-CN'].title, '图片');
    const zh = patches.translations['zh-CN'];
    assert.equal(zh.title, '图片的小块');
    assert.equal(zh.file, 'lessons/01-pictures/01-patches.zh.md');
    assert.equal(zh.exerciseCount, 1);
    assert.match(zh.bodyHtml, /<h2 id="try-it">动手试试<\/h2>/, '## 动手试试 has the id try-it, as ## Try it');
    assert.match(zh.bodyHtml, /<h2 id="check-yourself">自测<\/h2>/, 'and ## 自测 the id check-yourself');
    assert.match(zh.bodyHtml, /<h2 id="为什么分块">为什么分块<\/h2>/, 'other Chinese headings keep their text as id');
    assert.match(zh.bodyHtml, /<h3 class="exercise__title" id="exercise-1-title">练习 1<\/h3>/, 'the exercise speaks Chinese');
    assert.match(zh.bodyHtml, />检查<\/button>/);
    assert.match(patches.bodyHtml, />Check<\/button>/, 'and the English one English');

    const chinese = courseIn(course, 'zh-CN');
    const [zhPatches, zhLater] = chinese.modules[0].lessons;
    assert.deepEqual([zhPatches.title, zhPatches.lang, zhPatches.translated, zhPatches.url],
      ['图片的小块', 'zh-CN', true, '/zh/lessons/pictures/patches/']);
    assert.equal(zhPatches.widget, patches.widget, 'the widget is the English file\'s');
    assert.deepEqual([zhLater.title, zhLater.lang, zhLater.translated, zhLater.url],
      ['Later', 'en', false, '/zh/lessons/pictures/later/']);
    assert.equal(chinese.modules[0].title, '图片');
    assert.equal(later.url, '/lessons/pictures/later/', 'English keeps today\'s addresses');
  });

  it('lists the lessons with no Chinese text yet, one line each', async () => {
    const course = await loadCourse(await makeCourse());
    assert.deepEqual(course.untranslated, { 'zh-CN': ['lessons/01-pictures/02-later.md'] });
    assert.deepEqual(untranslatedLines(course), ['not translated into zh-CN yet (shown in English): lessons/01-pictures/02-later.md']);
  });

  for (const field of ['order', 'status', 'widget']) {
    it(`refuses a translation that sets ${field}, naming the file`, async () => {
      const value = { order: 1, status: 'interactive', widget: '{ element: pool-widget }' }[field];
      await rejects({ '01-patches.zh.md': LESSON_ZH.replace('---\n\n', `${field}: ${value}\n---\n\n`) },
        '01-patches.zh.md', field, /comes from the English file/);
    });
  }

  it('refuses a module translation that sets order', async () => {
    await rejects({ 'module.zh.md': MODULE_ZH.replace('---\n', '---\norder: 1\n') }, 'module.zh.md', 'order', /comes from the English file/);
  });

  it('refuses a translation without an English file beside it', async () => {
    await rejects({ '03-orphan.zh.md': '---\ntitle: 孤儿\nsummary: 没有英文。\n---\n' }, '03-orphan.zh.md', 'file name',
      /has no English file beside it \(03-orphan\.md\)/);
  });

  it('checks a Chinese exercise with the core, and against the English answer', async () => {
    await rejects({ '01-patches.zh.md': LESSON_ZH.replace('answer: 2.5', 'answer: 3') }, '01-patches.zh.md', 'exercise 1.answer',
      /the core gives 2\.5/);
    await rejects({ '01-patches.zh.md': LESSON_ZH.replace(/```exercise[\s\S]*```\n/, '') }, '01-patches.zh.md', 'exercises',
      /has 0 exercises and lessons\/01-pictures\/01-patches\.md has 1/);
    // A link that differs is named as the author wrote it: playground, not the settings it gives.
    const linked = (text, query) => text.replace('settings: grad_output=ones', `playground: grad_output=ones&${query}`);
    await rejects({ '01-patches.md': linked(LESSON_MD, 'stride=2'), '01-patches.zh.md': linked(LESSON_ZH, 'stride=1') },
      '01-patches.zh.md', 'exercise 1.playground', /playground is "grad_output=ones&stride=1", but lessons\/01-pictures\/01-patches\.md says "grad_output=ones&stride=2"/);
  });

  it('holds a Chinese exercise to the English one\'s likely mistakes, and a Chinese lesson to its opening', async () => {
    const withMistake = (text, says) => text.replace('core: output 1,1\n', `core: output 1,1\nmistakes:\n  1.5: ${says}\n`);
    const english = withMistake(LESSON_MD, 'You averaged the wrong window.');
    await rejects({ '01-patches.md': english, '01-patches.zh.md': withMistake(LESSON_ZH, '你平均了别的窗口。').replace('1.5:', '3.5:') },
      '01-patches.zh.md', 'exercise 1.mistakes', /mistakes is \[3\.5\], but lessons\/01-pictures\/01-patches\.md says \[1\.5\]/);
    await loadCourse(await makeCourse({ '01-patches.md': english, '01-patches.zh.md': withMistake(LESSON_ZH, '你平均了别的窗口。') }));
    await rejects({ '01-patches.zh.md': LESSON_ZH.replace('**你将学到**', '你将学到') }, '01-patches.zh.md', 'body',
      /body must open with a paragraph starting \*\*你将学到\*\*/);
    await rejects({ '01-patches.zh.md': LESSON_ZH.replace('## 动手试试', '## 试一试') }, '01-patches.zh.md', 'body',
      /body must put its \[\[try-it\]\] paragraph under the heading ## 动手试试/);
  });

  it('lists a module with no Chinese text yet too', async () => {
    const course = await loadCourse(await makeCourse({ 'module.zh.md': null }));
    assert.deepEqual(course.untranslated['zh-CN'], ['lessons/01-pictures/module.md', 'lessons/01-pictures/02-later.md']);
  });

  it('hands each link to a page of the site on with the language of its file, which the build holds it to', async () => {
    const course = await loadCourse(await makeCourse({
      '01-patches.md': LESSON_MD.replace('Tap a window.', 'Tap a window, or read [the next lesson](/lessons/pictures/later/).'),
      '01-patches.zh.md': LESSON_ZH.replace('点一个窗口。', '点一个窗口，或读[下一课](/lessons/pictures/later/)。'),
    }));
    assert.deepEqual(course.links, [
      { file: 'lessons/01-pictures/01-patches.md', lang: 'en', href: '/lessons/pictures/later/', line: 19 },
      { file: 'lessons/01-pictures/01-patches.zh.md', lang: 'zh-CN', href: '/lessons/pictures/later/', line: 12 },
    ]);
    await checkMessages();
    const pages = renderSitePages(course, catalogueMetadata, { siteUrl: 'https://example.org/nn' });
    assert.throws(() => checkLessonLinks(course.links, pages), {
      name: 'LessonError',
      message: 'lessons/01-pictures/01-patches.zh.md: body: line 12: the link to /lessons/pictures/later/ leads to the page in en, from a text in zh-CN: link the page in zh-CN, /zh/lessons/pictures/later/',
    });
  });

  it('refuses a Chinese interactive lesson without its [[try-it]]', async () => {
    await rejects({ '01-patches.zh.md': LESSON_ZH.replace('[[try-it]]', '') }, '01-patches.zh.md', 'body', /\[\[try-it\]\]/);
  });
});

describe('the pages in both languages', () => {
  let pages;
  before(async () => {
    await checkMessages();
    const course = await loadCourse(await makeCourse());
    pages = renderSitePages(course, catalogueMetadata, { siteUrl: 'https://example.org/nn' });
  });

  // A link as the loader hands it on: from the English file, or from the Chinese one when it
  // leads under /zh/, so each stays in its own language.
  const EN_FILE = 'lessons/01-pictures/01-patches.md';
  const ZH_FILE = 'lessons/01-pictures/01-patches.zh.md';
  const fileFor = (href) => (href.startsWith('/zh/') ? ZH_FILE : EN_FILE);
  const linkAt = (line) => (href) => [{ file: fileFor(href), lang: href.startsWith('/zh/') ? 'zh-CN' : 'en', href, line }];

  it('takes a lesson\'s links to pages the build writes, and stops at one to a page it does not', () => {
    const link = linkAt(12);
    for (const href of ['/', '/lessons/pictures/patches/', '/zh/lessons/pictures/patches/#check-yourself', '/zh/']) {
      assert.doesNotThrow(() => checkLessonLinks(link(href), pages), href);
    }
    assert.throws(() => checkLessonLinks(link('/lessons/pictures/patch/'), pages), {
      name: 'LessonError',
      message: 'lessons/01-pictures/01-patches.md: body: line 12: the link to /lessons/pictures/patch/ names no page of the course; a lesson\'s address is /lessons/<module>/<lesson>/ (under /zh/ in Chinese), the catalogue\'s /',
    });
  });

  it('takes a link to a heading of another page, as written or percent-encoded, and stops at one to no heading', () => {
    const link = linkAt(7);
    for (const href of ['/zh/lessons/pictures/patches/#为什么分块', `/zh/lessons/pictures/patches/#${encodeURIComponent('为什么分块')}`, '/lessons/pictures/patches/#try-it']) {
      assert.doesNotThrow(() => checkLessonLinks(link(href), pages), href);
    }
    for (const href of ['/lessons/pictures/patches/#try-this', '/lessons/pictures/later/#check-yourself', '/zh/lessons/pictures/patches/#%E4%B8']) {
      assert.throws(() => checkLessonLinks(link(href), pages), {
        name: 'LessonError',
        message: `${fileFor(href)}: body: line 7: the link to ${href} names no heading or exercise of that page (a heading's id is its words in lower case, joined by hyphens: ## Try it is #try-it)`,
      }, href);
    }
  });

  it('stops at a link into the other language, and takes one to a page only one language has', () => {
    const into = [
      [{ file: ZH_FILE, lang: 'zh-CN', href: '/lessons/pictures/patches/#try-it', line: 9 }, '/zh/lessons/pictures/patches/#try-it'],
      [{ file: ZH_FILE, lang: 'zh-CN', href: '/?from=zh', line: 9 }, '/zh/?from=zh'],
      [{ file: EN_FILE, lang: 'en', href: '/zh/lessons/pictures/later/', line: 12 }, '/lessons/pictures/later/'],
      [{ file: EN_FILE, lang: 'en', href: '/zh', line: 12 }, '/'],
    ];
    for (const [link, own] of into) {
      const [from, to] = link.lang === 'en' ? ['en', 'zh-CN'] : ['zh-CN', 'en'];
      assert.throws(() => checkLessonLinks([link], pages), {
        name: 'LessonError',
        file: link.file,
        field: 'body',
        message: `${link.file}: body: line ${link.line}: the link to ${link.href} leads to the page in ${to}, from a text in ${from}: link the page in ${from}, ${own}`,
      }, link.href);
    }
    // The iframe route of a lesson's widget exists in English alone, so a Chinese text links it.
    assert.ok(pages.has('/embed/patches/') && !pages.has('/zh/embed/patches/'), 'the embed page is English alone');
    assert.doesNotThrow(() => checkLessonLinks([{ file: ZH_FILE, lang: 'zh-CN', href: '/embed/patches/', line: 9 }], pages));
  });

  it('has every page under /zh/ as well', () => {
    for (const route of ['/', '/404.html', '/lessons/pictures/patches/', '/lessons/pictures/later/']) {
      assert.ok(pages.has(route), `English ${route}`);
      assert.ok(pages.has(`/zh${route}`), `Chinese /zh${route}`);
    }
  });

  it('marks the language, links the alternates and switches to the same lesson', () => {
    const zh = pages.get('/zh/lessons/pictures/patches/');
    assert.match(zh, /<html lang="zh-CN">/);
    assert.match(zh, /<link rel="alternate" hreflang="en" href="https:\/\/example\.org\/nn\/lessons\/pictures\/patches\/">/);
    assert.match(zh, /<link rel="alternate" hreflang="zh-CN" href="https:\/\/example\.org\/nn\/zh\/lessons\/pictures\/patches\/">/);
    assert.match(zh, /<link rel="alternate" hreflang="x-default" href="https:\/\/example\.org\/nn\/lessons\/pictures\/patches\/">/);
    assert.match(zh, /<a class="language-switch__link" href="\/lessons\/pictures\/patches\/" hreflang="en" lang="en" data-language-switch="en">English<\/a>/);
    assert.match(zh, /第 1 单元，第 1 课：图片/);
    const en = pages.get('/lessons/pictures/patches/');
    assert.match(en, /<html lang="en">/);
    assert.match(en, /href="\/zh\/lessons\/pictures\/patches\/" hreflang="zh-CN" lang="zh-CN" data-language-switch="zh-CN">中文<\/a>/);
  });

  it('shows an untranslated lesson in English inside the Chinese chrome, with a note', () => {
    const later = pages.get('/zh/lessons/pictures/later/');
    assert.match(later, /<html lang="zh-CN">/);
    assert.match(later, /<h1 lang="en">Later<\/h1>/);
    assert.match(later, /data-untranslated>这一课还没有中文版，下面是英文原文。 <a href="\/lessons\/pictures\/later\/" hreflang="en">/);
    assert.doesNotMatch(pages.get('/zh/lessons/pictures/patches/'), /data-untranslated/);
    assert.match(pages.get('/zh/'), /<span class="badge badge--untranslated">尚无中文版<\/span>/);
  });

  it('has a Chinese 404 that also leads to the English catalogue', () => {
    const notFound = pages.get('/zh/404.html');
    assert.match(notFound, /<h1>本课程没有这个页面<\/h1>/);
    assert.match(notFound, /<p lang="en">This page is not part of the course. <a href="\/" hreflang="en">/);
  });
});

describe('the message files', () => {
  it('stop the build when Chinese lacks a key, naming it', async () => {
    await checkMessages();
    await loadLanguage('zh-CN');
    const zh = messagesOf('zh-CN');
    const kept = zh.site.lesson.next;
    delete zh.site.lesson.next;
    try {
      await assert.rejects(checkMessages(), /zh-CN messages lack: site\.lesson\.next \(web\/i18n\/messages\/zh-CN\.json\)/);
    } finally {
      zh.site.lesson.next = kept;
    }
    await checkMessages();
  });
});
