// The catalogue is where a learner finds their way: a "Start here" link that becomes "Continue"
// with the lesson opened last, each card's progress (from this browser's storage), and a search
// that filters lessons by title and summary without a server.
import { lessons } from './course.js';
import { expect, test } from './fixtures.js';

const matching = (word) => lessons.filter((lesson) => new RegExp(word, 'i').test(`${lesson.title} ${lesson.summary}`))
  .map((lesson) => lesson.title);

test('the catalogue shows progress, continues where the learner left and searches lessons', async ({ page }) => {
  await page.goto('/');
  const start = page.getByRole('link', { name: /^(Start here|Continue):/ });
  const first = lessons.find((lesson) => lesson.status === 'interactive');
  await expect(start, 'a new learner starts with the first interactive lesson').toHaveText(`Start here: ${first.title}`);

  // Solve one exercise of "Every knob of pooling": 3.5 is its first answer.
  await page.goto('/lessons/pictures/every-knob-of-pooling/');
  const exercise = page.getByRole('group', { name: 'Exercise 1', exact: true });
  await exercise.getByRole('textbox', { name: 'Your answer' }).fill('3.5');
  await exercise.getByRole('button', { name: 'Check' }).click();
  await expect(exercise.getByRole('status')).toHaveText('Right: 3.5.');

  await page.goto('/');
  await expect(start, 'the link now continues with the lesson opened last').toHaveText('Continue: Every knob of pooling');
  await expect(start).toHaveAttribute('href', /\/lessons\/pictures\/every-knob-of-pooling\/$/);
  const knobs = page.locator('[data-lesson-url="/lessons/pictures/every-knob-of-pooling/"]');
  await expect(knobs.locator('[data-progress]'), 'its card counts the solved exercise').toHaveText(/^Opened · 1 of \d+ exercises solved$/);
  await expect(page.locator('[data-lesson-url="/lessons/pictures/max-pooling/"] [data-progress]'), 'an unopened lesson says nothing').toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Search the lessons' });
  await search.fill('huber');
  await expect(page.locator('.lesson-card:visible .lesson-card__title'), 'only the matching lesson is left').toHaveText(matching('huber'));
  await expect(page.getByRole('status').filter({ hasText: 'lessons match' })).toHaveText(`${matching('huber').length} of 28 lessons match.`);
  await search.fill('pooling');
  // Every lesson whose title or summary says "pooling", straight from the lesson files.
  const pooling = matching('pooling');
  expect(pooling.length, 'the course has lessons about pooling').toBeGreaterThan(1);
  await expect(page.locator('.lesson-card:visible .lesson-card__title'), 'title and summary are searched').toHaveText(pooling);
  await search.fill('');
  await expect(page.locator('.lesson-card:visible'), 'an empty search shows every lesson').toHaveCount(28);
});

test('previous and next lead from one interactive lesson to the next, and the path ends at the last', async ({ page }) => {
  const interactive = lessons.filter((lesson) => lesson.status === 'interactive');
  const at = interactive.findIndex((lesson) => lesson.url === '/lessons/pictures/patches-of-a-picture/');
  await page.goto(interactive[at].url);
  const pager = page.getByRole('navigation', { name: 'Previous and next lesson' });
  await expect(pager.getByRole('link', { name: /Previous/ }), 'back to the interactive lesson before').toHaveAttribute('href', interactive[at - 1].url);
  await expect(pager.getByRole('link', { name: /Next/ }), 'on to the next one').toHaveAttribute('href', interactive[at + 1].url);
  // The last interactive lesson leads back and on to nothing: no planned lesson, and the course's
  // end. (A planned lesson's page, which says it is coming, is checked on a course built for it
  // in tests/node/site-build.test.mjs.)
  const last = interactive.at(-1);
  await page.goto(last.url);
  await expect(pager.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', interactive.at(-2).url);
  await expect(pager.getByRole('link', { name: /Next/ }), 'no link leads on past the last ready lesson').toHaveCount(0);
});
