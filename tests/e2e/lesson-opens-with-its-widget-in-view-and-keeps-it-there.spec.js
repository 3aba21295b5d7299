// Every interactive lesson opens with its title, "You will learn", a short paragraph and "Try it"
// with the widget right there: the widget starts within the first screen on a desktop and on a
// phone, so a learner plays before reading on. Then, on a wide screen, the text is set in one
// column and the figure (the [[try-it]] widget) in a sticky column beside it, as Distill articles
// do: after the learner scrolls the text down, the widget is still on screen, to the right of the
// text and clear of it; a widget taller than its column scrolls inside it, its bottom edge fading
// while more lies below. On a phone the figure stays in the flow of the text, under "Try it".
// Every interactive lesson gets this from the shared lesson page, whatever its element. (One
// load of each lesson on each screen checks both.)
import { lessons } from './course.js';
import { expect, test } from './fixtures.js';

const interactive = lessons.filter((lesson) => lesson.status === 'interactive');
// Every other lesson in each of two tests: two workers share them, and each test opens its
// lessons one after another in one page.
const HALVES = [0, 1].map((half) => interactive.filter((_, index) => index % 2 === half));

const boxOf = (locator) => locator.evaluate((element) => {
  const { left, right, top, bottom } = element.getBoundingClientRect();
  return { left, right, top, bottom };
});

// The top of the page: "You will learn", then "Try it", then the widget, within the first screen.
async function expectWidgetOnTheFirstScreen(page, viewport) {
  await expect(page.getByText('You will learn', { exact: true }), 'the lesson says what it teaches').toBeVisible();
  const widget = page.locator('[data-try-it] > *');
  await expect(widget, 'the widget is on the page').toBeVisible();
  const widgetTop = (await widget.boundingBox()).y;
  const headingTop = (await page.getByRole('heading', { name: 'Try it', level: 2 }).boundingBox()).y;
  expect(headingTop, '"Try it" comes before the widget').toBeLessThan(widgetTop);
  expect(widgetTop, `the widget starts within the first ${viewport.height} px`).toBeLessThan(viewport.height);
  return widget;
}

async function keepsItsWidgetBesideTheText(page, lesson, viewport) {
  await page.goto(lesson.url);
  const widget = await expectWidgetOnTheFirstScreen(page, viewport);
  const text = page.locator('.lesson__text');
  // Scroll the text down until its end reaches the bottom of the screen: far past where the
  // widget started, with the text beside it still on screen.
  const startTop = (await boxOf(widget)).top;
  const target = text.locator(':scope > *').last();
  await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, 'the page has scrolled down the text, past where the widget started').toBeGreaterThan(startTop);

  const figure = await boxOf(widget);
  const textColumn = await boxOf(text);
  expect(figure.top, `the widget still starts on screen (it started at ${startTop} px, the page scrolled ${scrolled} px)`).toBeGreaterThanOrEqual(0);
  expect(figure.top, 'and near its top, stuck there').toBeLessThan(viewport.height / 2);
  expect(figure.bottom, 'with its body in view').toBeGreaterThan(figure.top + 100);
  expect(figure.left, 'it sits to the right of the text column, not over it').toBeGreaterThanOrEqual(textColumn.right);
  const heading = await boxOf(target);
  expect(heading.top, 'beside the text the learner scrolled to').toBeLessThan(viewport.height);
  expect(heading.bottom).toBeGreaterThan(0);

  // A widget taller than its column scrolls inside it, and its bottom edge fades into the
  // page while more of it lies below; scrolled to its end, the fade covers none of it.
  const column = page.locator('.lesson__figure-and-text > .try-it');
  const fade = await column.evaluate((element) => {
    const style = getComputedStyle(element, '::after');
    return { position: style.position, image: style.backgroundImage, events: style.pointerEvents };
  });
  expect(fade, 'a fade stuck to the bottom of the figure column that takes no taps')
    .toMatchObject({ position: 'sticky', image: expect.stringMatching(/^linear-gradient/), events: 'none' });
  await column.evaluate((element) => { element.scrollTop = element.scrollHeight; });
  const end = await boxOf(column);
  expect((await boxOf(widget)).bottom, 'at the end of the column the widget ends above the fade')
    .toBeLessThanOrEqual(end.bottom - 40);
}

test.describe('a desktop, 1280 x 800', () => {
  const viewport = { width: 1280, height: 800 };
  test.use({ viewport });
  HALVES.forEach((half, index) => test(`every other lesson (${index + 1} of 2) opens with its widget on the first screen and keeps it beside the text as the text scrolls`, async ({ page }) => {
    test.slow();
    for (const lesson of half) {
      await test.step(lesson.title, () => keepsItsWidgetBesideTheText(page, lesson, viewport));
    }
  }));
});

async function keepsItsWidgetInTheFlow(page, lesson, viewport) {
  await page.goto(lesson.url);
  const widget = await expectWidgetOnTheFirstScreen(page, viewport);
  const mount = page.locator('[data-try-it]');
  expect(await mount.evaluate((element) => getComputedStyle(element).position), 'nothing is stuck').toBe('static');
  const tryIt = await boxOf(page.getByRole('heading', { name: 'Try it', level: 2 }));
  const figure = await boxOf(widget);
  const after = await boxOf(page.locator('.lesson__text > *').first());
  expect(figure.top, 'the widget comes after "Try it"').toBeGreaterThan(tryIt.bottom);
  expect(after.top, 'and the text after it follows below it, not beside it').toBeGreaterThanOrEqual(figure.bottom);
  await page.locator('.lesson__text > *').last().evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const scrolledFigure = await boxOf(widget);
  expect(scrolledFigure.bottom, 'scrolled past, the widget has left the screen with its text').toBeLessThan(figure.bottom);
}

test.describe('a phone, 390 x 844', () => {
  const viewport = { width: 390, height: 844 };
  test.use({ viewport });
  HALVES.forEach((half, index) => test(`every other lesson (${index + 1} of 2) opens with its widget on the first screen and keeps it in the flow of the text`, async ({ page }) => {
    test.slow();
    for (const lesson of half) {
      await test.step(lesson.title, () => keepsItsWidgetInTheFlow(page, lesson, viewport));
    }
  }));
});

