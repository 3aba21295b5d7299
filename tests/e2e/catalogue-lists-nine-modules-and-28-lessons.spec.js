// The catalogue at "/" lists the whole course from lessons/: nine modules in order, 28 lessons,
// the planned ones marked as coming, each lesson linking to its own page; it passes axe in the
// light and the dark scheme.
import { course, lessons } from './course.js';
import { expect, expectNoAxeViolationsInBothSchemes, test } from './fixtures.js';

function lessonCard(page, module, lesson) {
  return page
    .getByRole('list', { name: `Lessons in ${module.title}`, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: lesson.title, exact: true }) });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('the course data has nine modules and 28 lessons', () => {
  expect(course.modules, 'modules in lessons/').toHaveLength(9);
  expect(lessons, 'lessons in lessons/').toHaveLength(28);
});

test('shows the nine module headings in course order', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 }), 'the page title').toHaveText('Building blocks of neural networks');
  const moduleHeadings = page.getByRole('heading', { level: 2 });
  await expect(moduleHeadings, 'one heading per module').toHaveCount(9);
  await expect(moduleHeadings, 'module titles in order').toHaveText(course.modules.map((module) => module.title));
});

test('lists all 28 lessons under their modules, in order', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 3 }), 'one heading per lesson').toHaveCount(28);
  for (const module of course.modules) {
    const section = page.getByRole('region', { name: module.title, exact: true });
    await expect(
      section.getByRole('heading', { level: 3 }),
      `lessons of "${module.title}" in order`,
    ).toHaveText(module.lessons.map((lesson) => lesson.title));
  }
});

test('marks every planned lesson as coming soon and no interactive one', async ({ page }) => {
  for (const lesson of lessons) {
    const module = course.modules.find((candidate) => candidate.lessons.includes(lesson));
    const card = lessonCard(page, module, lesson);
    await expect(card, `the card of "${lesson.title}"`).toHaveCount(1);
    if (lesson.status === 'planned') {
      await expect(card, `"${lesson.title}" is planned`).toContainText('Coming soon');
    } else {
      await expect(card, `"${lesson.title}" is interactive`).not.toContainText('Coming soon');
    }
    await expect(card, `the summary of "${lesson.title}"`).toContainText(lesson.summary);
  }
});

test('the "Patches of a picture" link opens that lesson', async ({ page }) => {
  const patches = lessons.find((lesson) => lesson.title === 'Patches of a picture');
  expect(patches, 'a lesson titled "Patches of a picture" exists').toBeDefined();
  const link = page.getByRole('link', { name: 'Patches of a picture', exact: true });
  await expect(link, 'the link points at the lesson page').toHaveAttribute('href', patches.url);
  await link.click();
  await expect(page, 'the lesson page is open').toHaveURL(patches.url);
  await expect(page.getByRole('heading', { level: 1 }), 'the lesson title').toHaveText('Patches of a picture');
});

test('has no accessibility violations in the light and dark schemes', async ({ page }) => {
  await expectNoAxeViolationsInBothSchemes(page, 'the catalogue', { restyled: { 'the page': page.locator('body') } });
});
