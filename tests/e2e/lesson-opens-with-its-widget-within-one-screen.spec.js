// Every interactive lesson opens with its title, "You will learn", a short paragraph and "Try it"
// with the widget right there: the widget starts within the first screen on a desktop and on a
// phone, so a learner plays before reading on.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCourse } from '../../web/content/load-course.mjs';
import { expect, test } from './fixtures.js';

const lessonsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../lessons');
const { modules } = await loadCourse(lessonsDir);
const interactive = modules.flatMap((module) => module.lessons).filter((lesson) => lesson.status === 'interactive');

for (const [device, viewport] of [['a desktop', { width: 1280, height: 800 }], ['a phone', { width: 390, height: 844 }]]) {
  test.describe(device, () => {
    test.use({ viewport });
    for (const lesson of interactive) {
      test(`"${lesson.title}" shows "You will learn", "Try it" and its widget within the first screen`, async ({ page }) => {
        await page.goto(lesson.url);
        await expect(page.getByText('You will learn', { exact: true }), 'the lesson says what it teaches').toBeVisible();
        const tryIt = page.getByRole('heading', { name: 'Try it', level: 2 });
        const widget = page.locator('[data-try-it] > *');
        await expect(widget, 'the widget is on the page').toBeVisible();
        const widgetTop = (await widget.boundingBox()).y;
        const headingTop = (await tryIt.boundingBox()).y;
        expect(headingTop, '"Try it" comes before the widget').toBeLessThan(widgetTop);
        expect(widgetTop, `the widget starts within the first ${viewport.height} px`).toBeLessThan(viewport.height);
      });
    }
  });
}
