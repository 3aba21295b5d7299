// The site build is driven by lessons/: a good course becomes one page per lesson plus the
// catalogue, and a malformed lesson stops both `vite build` and the dev server with a message
// naming its file and field. Each test points the plugin at a tiny course of its own through
// COURSE_LESSONS_DIR and writes nothing to disk.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, createServer } from 'vite';
import { COMPILE_HINT } from '../../web/site/build-time/compile-hints.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const configFile = path.join(repoRoot, 'web/vite.config.js');
const LESSONS_DIR_ENV = 'COURSE_LESSONS_DIR';

const MODULE_INTRO = 'This intro sentence belongs under the module on the catalogue.';
const LESSON_BODY = 'This body sentence belongs on no catalogue either.';

const moduleFile = `---
title: Shapes
summary: A module that exists only for this test.
order: 1
---

${MODULE_INTRO}
`;

const plannedLesson = (order, title) => `---
title: ${title}
summary: The summary of ${title}.
order: ${order}
status: planned
---

${LESSON_BODY}
`;

// Interactive, but its kernel size is not a number: the loader must name widget.kernel_size.
const malformedLesson = `---
title: A broken window
summary: Its kernel size is a word.
order: 2
status: interactive
widget:
  element: pool-widget
  op: avg
  input:
    height: 2
    width: 2
    values: [1, 2, 3, 4]
  kernel_size: two
  grad_output: [1]
---

[[try-it]]
`;

async function writeCourse(dir, lessons) {
  const moduleDir = path.join(dir, '01-shapes');
  await mkdir(moduleDir, { recursive: true });
  await writeFile(path.join(moduleDir, 'module.md'), moduleFile);
  for (const [name, text] of Object.entries(lessons)) await writeFile(path.join(moduleDir, name), text);
}

function buildSite(outDir) {
  return build({
    configFile,
    logLevel: 'silent',
    build: { outDir, write: false, emptyOutDir: false },
  });
}

describe('site build', () => {
  let tempDir;
  let savedLessonsDir;

  before(async () => {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'course-site-'));
    savedLessonsDir = process.env[LESSONS_DIR_ENV];
  });

  after(async () => {
    if (savedLessonsDir === undefined) delete process.env[LESSONS_DIR_ENV];
    else process.env[LESSONS_DIR_ENV] = savedLessonsDir;
    await rm(tempDir, { recursive: true, force: true });
  });

  test('makes the catalogue and one page per lesson, and the catalogue carries the module\'s intro and no lesson text', async () => {
    const lessonsDir = path.join(tempDir, 'good');
    await writeCourse(lessonsDir, {
      '01-squares.md': plannedLesson(1, 'Squares'),
      '02-circles.md': plannedLesson(2, 'Circles'),
    });
    process.env[LESSONS_DIR_ENV] = lessonsDir;

    const result = await buildSite(path.join(tempDir, 'good-dist'));
    const output = (Array.isArray(result) ? result : [result]).flatMap((bundle) => bundle.output);
    const pages = Object.fromEntries(
      output.filter((file) => file.fileName.endsWith('.html')).map((file) => [file.fileName, String(file.source)]),
    );
    assert.deepEqual(
      Object.keys(pages).sort(),
      ['404.html', 'index.html', 'lessons/shapes/circles/index.html', 'lessons/shapes/squares/index.html',
        'zh/404.html', 'zh/index.html', 'zh/lessons/shapes/circles/index.html', 'zh/lessons/shapes/squares/index.html'],
      'the emitted HTML pages, in English and under zh/ in Chinese',
    );

    const catalogue = pages['index.html'];
    assert.match(catalogue, /<h2 id="module-shapes">Shapes<\/h2>/, 'the catalogue has the module heading');
    assert.match(catalogue, /href="\/lessons\/shapes\/squares\/"/, 'the catalogue links to a lesson page');
    assert.match(catalogue, /The summary of Circles\./, 'the catalogue shows lesson summaries');
    assert.match(catalogue, new RegExp(`<p class="module__summary">A module that exists only for this test\\.</p>\\s*<div class="module__intro">\\s*<p>${MODULE_INTRO.replace(/\./g, '\\.')}</p>`),
      'the catalogue shows the module\'s intro under its summary');
    assert.ok(!catalogue.includes(LESSON_BODY), 'the catalogue must not carry lesson bodies');

    const squares = pages['lessons/shapes/squares/index.html'];
    assert.match(squares, /<h1>Squares<\/h1>/, 'the lesson page has its title');
    assert.match(squares, /Coming soon/, 'a planned lesson page says it is coming');
    const scripts = [...squares.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
    assert.deepEqual(scripts.map((src) => /\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(src)?.[1]), ['site'],
      `a planned lesson page loads only the site's shared chunk: ${scripts.join(', ')}`);
    // ... which holds the site's plumbing (service worker, language switch, words, registry),
    // and no element and no core, before or behind a static import.
    const chunks = new Map(output.filter((file) => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
    const site = chunks.get(scripts[0].slice(1));
    const modules = [site, ...site.imports.map((name) => chunks.get(name))].flatMap((chunk) => chunk.moduleIds);
    assert.ok(modules.some((id) => id.endsWith('offline.js')) && modules.some((id) => id.endsWith('language.js')), 'the site chunk registers the service worker and runs the switch');
    const heavy = modules.filter((id) => /build[\\/]wasm|components[\\/][a-z-]+[\\/]/.test(id));
    assert.deepEqual(heavy, [], 'the site chunk carries no element and no core');

    // The catalogue carries its styles itself: no stylesheet to wait for before the first paint.
    assert.match(catalogue, /<style>[^<]*\.catalogue/, 'the catalogue inlines its styles');
    assert.doesNotMatch(catalogue, /rel="stylesheet"/, 'the catalogue links no stylesheet');

    // What a page runs as it opens asks V8 to compile it while it streams (compile-hints.mjs).
    assert.ok(site.code.startsWith(COMPILE_HINT), 'the site chunk, which every page runs, carries the compile hint');
  });

  test('vite build rejects a malformed lesson, naming the file and the field', async () => {
    const lessonsDir = path.join(tempDir, 'bad');
    await writeCourse(lessonsDir, {
      '01-squares.md': plannedLesson(1, 'Squares'),
      '02-a-broken-window.md': malformedLesson,
    });
    process.env[LESSONS_DIR_ENV] = lessonsDir;

    await assert.rejects(buildSite(path.join(tempDir, 'bad-dist')), (error) => {
      assert.match(error.message, /01-shapes\/02-a-broken-window\.md/, `names the file: ${error.message}`);
      assert.match(error.message, /widget\.kernel_size/, `names the field: ${error.message}`);
      return true;
    });
  });

  test('the dev server refuses to start on a malformed lesson, naming the file and the field', async () => {
    process.env[LESSONS_DIR_ENV] = path.join(tempDir, 'bad');
    await assert.rejects(
      createServer({ configFile, logLevel: 'silent', server: { port: 0, ws: false } }),
      (error) => {
        assert.match(error.message, /02-a-broken-window\.md/, `names the file: ${error.message}`);
        assert.match(error.message, /widget\.kernel_size/, `names the field: ${error.message}`);
        return true;
      },
    );
  });
});
