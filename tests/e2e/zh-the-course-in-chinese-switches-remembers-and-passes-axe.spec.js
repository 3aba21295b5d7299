// The course in Chinese: every page under /zh/ with <html lang="zh-CN"> and hreflang alternates,
// the same widget numbers, a switch that leads to the same lesson in the other language and
// back (and is remembered on the catalogue), progress shared across languages, search over the
// Chinese titles, the Chinese 404, a lesson with no Chinese text yet shown in English with a
// note, axe in both schemes, and a phone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { courseIn } from '../../web/site/build-time/pages/site-pages.mjs';
import { COURSE_PORT, HOSTING_BASE, HOSTING_URL } from './embed-origins.js';
import { createStaticServer } from './hosting-static-server.mjs';
import { course, repoRoot } from './course.js';
import { expect, expectNoAxeViolationsInBothSchemes, notFoundDocumentAllowed, test } from './fixtures.js';

const chinese = courseIn(course, 'zh-CN');
const zhLessons = chinese.modules.flatMap((module) => module.lessons);
const PATCHES = '/lessons/pictures/patches-of-a-picture/';
const ZH_PATCHES = `/zh${PATCHES}`;

/** The numbers of the lesson widget's output (its second table, whatever its language). */
const outputCells = (page) => page.locator('pool-widget').getByRole('table').nth(1).getByRole('cell');

test('the Chinese lesson page has the same numbers, its language and the alternates', async ({ page }) => {
  await page.goto(ZH_PATCHES);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(outputCells(page), 'the averages of the four patches, as in English').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  for (const [lang, route] of [['en', PATCHES], ['zh-CN', ZH_PATCHES], ['x-default', PATCHES]]) {
    await expect(page.locator(`head link[rel="alternate"][hreflang="${lang}"]`), `the ${lang} alternate`)
      .toHaveAttribute('href', new RegExp(`${route.replace(/\//g, '\\/')}$`));
  }
  await expect(page.getByRole('link', { name: '全部单元' }).first(), 'the site\'s own words are Chinese').toHaveAttribute('href', '/zh/');
  await expect(page.locator('.eyebrow').first()).toHaveText(/^第 4 单元，第 1 课：/);
  const pager = page.getByRole('navigation', { name: '上一课和下一课' });
  const interactive = course.modules.flatMap((module) => module.lessons).filter((lesson) => lesson.status === 'interactive');
  const at = interactive.findIndex((lesson) => lesson.url === PATCHES);
  await expect(pager.getByRole('link', { name: /上一课/ })).toHaveAttribute('href', `/zh${interactive[at - 1].url}`);
  await expect(pager.getByRole('link', { name: /下一课/ })).toHaveAttribute('href', `/zh${interactive[at + 1].url}`);
});

test('the switch leads to the same lesson in English and back, by keyboard too, and the catalogue remembers', async ({ page }) => {
  await page.goto(ZH_PATCHES);
  const toEnglish = page.getByRole('link', { name: 'English', exact: true });
  await expect(toEnglish).toHaveAttribute('hreflang', 'en');
  await expect(toEnglish).toHaveAttribute('lang', 'en');
  await toEnglish.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(PATCHES);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(outputCells(page)).toHaveText(['2.5', '4.5', '10.5', '12.5']);

  // Nothing chosen yet but English: the English catalogue leads to English pages.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Patches of a picture', exact: true })).toHaveAttribute('href', PATCHES);

  await page.goto(PATCHES);
  const toChinese = page.getByRole('link', { name: '中文', exact: true });
  await expect(toChinese).toHaveAttribute('hreflang', 'zh-CN');
  await expect(toChinese).toHaveAttribute('lang', 'zh-CN');
  await toChinese.click();
  await expect(page).toHaveURL(ZH_PATCHES);

  // Chosen Chinese: the English catalogue says so in Chinese and its lesson links lead to /zh/.
  await page.goto('/');
  const note = page.locator('[data-chosen-language="zh-CN"]');
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute('lang', 'zh-CN');
  await expect(note.getByRole('link')).toHaveAttribute('href', '/zh/');
  await expect(page.locator(`[data-lesson-url="${PATCHES}"] .lesson-card__title a`)).toHaveAttribute('href', ZH_PATCHES);
  await expect(page.locator('[data-start]')).toHaveAttribute('href', /^\/zh\/lessons\//);
  await page.locator(`[data-lesson-url="${PATCHES}"] .lesson-card__title a`).click();
  await expect(page).toHaveURL(ZH_PATCHES);

  // Back to English with the switch: the Chinese catalogue now offers English.
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await page.goto('/zh/');
  await expect(page.locator('[data-chosen-language="en"]')).toBeVisible();
  await page.goto('/');
  await expect(page.locator('[data-chosen-language="zh-CN"]')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Patches of a picture', exact: true })).toHaveAttribute('href', PATCHES);
});

test('under a sub-path (COURSE_BASE) on a plain static server, the Chinese pages and the switch work too', async ({ page }) => {
  await page.goto(`${HOSTING_URL}zh/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const card = page.locator(`[data-lesson-url="${ZH_PATCHES}"] .lesson-card__title a`);
  await expect(card).toHaveAttribute('href', `${HOSTING_BASE}zh${PATCHES}`);
  await card.click();
  await expect(outputCells(page)).toHaveText(['2.5', '4.5', '10.5', '12.5']);
  const toEnglish = page.getByRole('link', { name: 'English', exact: true });
  await expect(toEnglish).toHaveAttribute('href', `${HOSTING_BASE}${PATCHES.slice(1)}`);
  await toEnglish.click();
  await expect(page).toHaveURL(`${HOSTING_URL}${PATCHES.slice(1)}`);
  await page.goto(HOSTING_URL);
  await expect(page.locator(`[data-lesson-url="${PATCHES}"] .lesson-card__title a`), 'English chosen: the catalogue leads to English pages')
    .toHaveAttribute('href', `${HOSTING_BASE}${PATCHES.slice(1)}`);
});

test('the Chinese catalogue lists every module, shares progress with English and searches Chinese', async ({ page }) => {
  await page.goto('/zh/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('神经网络的基本构件');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(chinese.modules.map((module) => module.title));
  await expect(page.locator('.module .eyebrow').first()).toHaveText('第 1 单元');
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(zhLessons.map((lesson) => lesson.title));
  for (const lesson of zhLessons) {
    const card = page.locator(`[data-lesson-url="${lesson.url}"]`);
    if (lesson.status === 'planned') await expect(card, `${lesson.title} is coming`).toContainText('即将推出');
    else await expect(card, `${lesson.title} is ready`).not.toContainText('即将推出');
  }

  // Solved in English, solved in Chinese: progress is per lesson, whatever the language.
  await page.goto('/lessons/pictures/every-knob-of-pooling/');
  const exercise = page.getByRole('group', { name: 'Exercise 1', exact: true });
  await exercise.getByRole('textbox', { name: 'Your answer' }).fill('3.5');
  await exercise.getByRole('button', { name: 'Check' }).click();
  await expect(exercise.getByRole('status')).toHaveText('Right: 3.5.');
  await page.goto('/zh/');
  const knobs = page.locator('[data-lesson-url="/zh/lessons/pictures/every-knob-of-pooling/"] [data-progress]');
  await expect(knobs).toHaveText(/^已打开 · 已解出 1\/\d+ 道练习$/);
  await expect(page.locator('[data-start]')).toHaveText(/^继续学习：/);
  await expect(page.locator('[data-start]')).toHaveAttribute('href', '/zh/lessons/pictures/every-knob-of-pooling/');
  await page.goto('/zh/lessons/pictures/every-knob-of-pooling/');
  await expect(page.locator('[data-exercise]').first().getByRole('status'), 'the Chinese page knows it is solved').toHaveText(/3\.5/);

  // Chinese has no spaces: a term is found inside the titles and summaries.
  await page.goto('/zh/');
  const text = (lesson) => `${lesson.title} ${lesson.summary}`.toLowerCase();
  const term = zhLessons.some((lesson) => text(lesson).includes('池化')) ? '池化' : 'pooling';
  const expected = zhLessons.filter((lesson) => text(lesson).includes(term)).map((lesson) => lesson.title);
  await page.getByRole('searchbox', { name: '搜索课程' }).fill(term);
  await expect(page.locator('.lesson-card:visible .lesson-card__title')).toHaveText(expected);
  await expect(page.locator('#lesson-search-count')).toHaveText(`${zhLessons.length} 节课中有 ${expected.length} 节符合。`);
  await page.getByRole('searchbox', { name: '搜索课程' }).fill('不存在的词');
  await expect(page.locator('#lesson-search-count')).toHaveText('没有课程符合“不存在的词”。试试更短的词。');
});

test.describe('an unknown address', () => {
  test.use({ browserErrors: notFoundDocumentAllowed });

  test('under /zh/ is answered with the Chinese 404', async ({ page }) => {
    const response = await page.goto('/zh/no-such-lesson/');
    expect(response.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('本课程没有这个页面');
    await expect(page.getByRole('link', { name: '查看全部单元和课程' })).toHaveAttribute('href', '/zh/');
    await expect(page.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('href', '/404.html');
  });
});

// A small course of its own (tests/e2e/zh-fixture/), built and served for these tests: one lesson
// with a Chinese text and one without, whatever the real course has translated by now.
test.describe('a course with a lesson not translated yet', () => {
  // One worker builds and serves the fixture course for all of these tests (two would race for
  // its folder and its port).
  test.describe.configure({ mode: 'serial' });
  const fixtureOrigin = `http://127.0.0.1:${COURSE_PORT + 3}`;
  const outDir = path.join(repoRoot, 'build/e2e-zh-fixture');
  let server;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.js', '--logLevel', 'warn'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, COURSE_LESSONS_DIR: path.join(repoRoot, 'tests/e2e/zh-fixture/lessons'), COURSE_OUT_DIR: outDir, COURSE_BASE: '/' },
    });
    expect(result.status, `the fixture course builds:\n${result.stderr}`).toBe(0);
    expect(result.stdout, 'the build lists the lesson with no Chinese text')
      .toContain('not translated into zh-CN yet (shown in English): tests/e2e/zh-fixture/lessons/01-pictures/01-patches.md');
    server = createStaticServer({ dir: outDir, base: '/' });
    await new Promise((resolve) => server.listen(COURSE_PORT + 3, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve());
  });

  test('shows it in English inside the Chinese page, with a note, and lists it on the catalogue', async ({ page }) => {
    await page.goto(`${fixtureOrigin}/zh/lessons/pictures/patches/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const note = page.getByRole('note');
    await expect(note).toHaveText(/^这一课还没有中文版，下面是英文原文。/);
    await expect(note.getByRole('link', { name: '打开英文页面' })).toHaveAttribute('href', '/lessons/pictures/patches/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    await expect(page.locator('.lesson__body')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.eyebrow').first(), 'the site\'s words stay Chinese').toHaveText('第 1 单元，第 1 课：图片');
    await expect(outputCells(page)).toHaveText(['2.5', '4.5', '10.5', '12.5']);

    await page.goto(`${fixtureOrigin}/zh/`);
    const card = page.locator('[data-lesson-url="/zh/lessons/pictures/patches/"]');
    await expect(card.locator('.badge--untranslated')).toHaveText('尚无中文版');
    await expect(card.getByRole('heading', { level: 3 })).toHaveAttribute('lang', 'en');
    await expect(page.locator('[data-lesson-url="/zh/lessons/pictures/windows/"] .badge--untranslated')).toHaveCount(0);
  });

  test('a translated lesson\'s exercise speaks Chinese: check, a likely mistake, right', async ({ page }) => {
    await page.goto(`${fixtureOrigin}/zh/lessons/pictures/windows/`);
    await expect(page.getByRole('note')).toHaveCount(0);
    const exercise = page.getByRole('group', { name: '练习 1', exact: true });
    const answer = exercise.getByRole('textbox', { name: '你的答案' });
    await answer.fill('10');
    await exercise.getByRole('button', { name: '检查' }).click();
    await expect(exercise.getByRole('status')).toHaveText('还不对：10 说明你把四个数加起来了，但没有除以 4。');
    await answer.fill('');
    await exercise.getByRole('button', { name: '检查' }).click();
    await expect(exercise.getByRole('status')).toHaveText('请先输入一个数，例如 2.5 或 1/4。');
    await answer.fill('2.5');
    await exercise.getByRole('button', { name: '检查' }).click();
    await expect(exercise.getByRole('status')).toHaveText('正确：2.5。');
    await expect(exercise.getByText('提示', { exact: true })).toBeVisible();
  });
});

test('the Chinese catalogue, lesson and 404 pass axe in the light and dark schemes', async ({ page }) => {
  // Three pages, each scanned twice.
  test.setTimeout(90_000);
  const restyled = { restyled: { 'the page': page.locator('body') } };
  await page.goto('/zh/');
  await expectNoAxeViolationsInBothSchemes(page, 'the Chinese catalogue', restyled);
  await page.goto(ZH_PATCHES);
  await expect(outputCells(page)).toHaveCount(4);
  await expectNoAxeViolationsInBothSchemes(page, 'the Chinese lesson', restyled);
  await page.goto('/zh/404.html');
  await expectNoAxeViolationsInBothSchemes(page, 'the Chinese 404', restyled);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the Chinese lesson fits, shows its numbers and the switch takes a tap', async ({ page }) => {
    await page.goto(ZH_PATCHES);
    await expect(outputCells(page)).toHaveText(['2.5', '4.5', '10.5', '12.5']);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'nothing sticks out sideways').toBeLessThanOrEqual(390);
    const toEnglish = page.getByRole('link', { name: 'English', exact: true });
    const box = await toEnglish.boundingBox();
    expect(box.height, 'the switch is a touch-sized target').toBeGreaterThanOrEqual(44);
    await toEnglish.tap();
    await expect(page).toHaveURL(PATCHES);
  });
});
