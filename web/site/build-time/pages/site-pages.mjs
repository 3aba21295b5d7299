// Every page of the site, as route -> HTML, worked out from the loaded course.
import { renderCataloguePage } from './catalogue-page.mjs';
import { renderLessonPage } from './lesson-page.mjs';
import { renderEmbedFramePage } from './embed-frame-page.mjs';
import { isEmbeddable } from './embed-this-section.mjs';
import { renderNotFoundPage } from './not-found-page.mjs';
import { framePath } from '../../../embed/shared/snippets.js';

/** The page static hosts (and the preview server) answer an unknown address with. */
export const NOT_FOUND_FILE = '404.html';

/**
 * @param {object} course the result of loadCourse()
 * @param {(course: object) => object} catalogueMetadata strips lesson bodies from the course
 * @param {{ siteUrl: string }} site the course's public address (origin + base, no trailing
 *   slash), for what is read from other sites (the oEmbed discovery links)
 * @returns {Map<string, string>} route ("/", lesson.url or "/404.html") -> full HTML document
 */
export function renderSitePages(course, catalogueMetadata, { siteUrl }) {
  const pages = new Map();
  pages.set('/', renderCataloguePage(catalogueMetadata(course)));
  pages.set(`/${NOT_FOUND_FILE}`, renderNotFoundPage());

  const inCourseOrder = course.modules.flatMap((module, m) =>
    module.lessons.map((lesson, l) => ({ module, moduleNumber: m + 1, lesson, lessonNumber: l + 1 })));
  inCourseOrder.forEach((entry, i) => {
    if (pages.has(entry.lesson.url)) {
      throw new Error(`Two lessons share the address ${entry.lesson.url} (${entry.lesson.file})`);
    }
    // The path leads from one interactive lesson to the next; planned ones are skipped.
    const interactiveBefore = inCourseOrder.slice(0, i).reverse().find(({ lesson }) => lesson.status === 'interactive');
    const interactiveAfter = inCourseOrder.slice(i + 1).find(({ lesson }) => lesson.status === 'interactive');
    pages.set(entry.lesson.url, renderLessonPage({
      ...entry,
      previous: interactiveBefore?.lesson,
      next: interactiveAfter?.lesson,
      interactiveLessons: inCourseOrder.map(({ lesson }) => lesson).filter((lesson) => lesson.status === 'interactive'),
      siteUrl,
    }));
    // The lesson's widget alone, for iframes: /embed/<lesson>/.
    if (isEmbeddable(entry.lesson)) {
      const route = framePath(entry.lesson.slug);
      if (pages.has(route)) {
        throw new Error(`Two lessons share the embed address ${route} (${entry.lesson.file}); embeddable lessons need distinct slugs`);
      }
      pages.set(route, renderEmbedFramePage({ lesson: entry.lesson }));
    }
  });
  return pages;
}
