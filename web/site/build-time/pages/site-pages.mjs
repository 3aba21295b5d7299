// Every page of the site, as route -> HTML, worked out from the loaded course: each page in
// every language, English at today's addresses, Chinese under /zh/ (layout.mjs: LANGUAGE_PREFIX).
import { LANGUAGES, translator } from '../../../i18n/i18n.js';
import { renderCataloguePage } from './catalogue-page.mjs';
import { renderLessonPage } from './lesson-page.mjs';
import { renderEmbedFramePage } from './embed-frame-page.mjs';
import { isEmbeddable } from './embed-this-section.mjs';
import { routeIn } from './layout.mjs';
import { renderNotFoundPage } from './not-found-page.mjs';
import { framePath } from '../../../embed/shared/snippets.js';

/**
 * The course as a learner of one language reads it: each module and lesson with its title,
 * summary and text in that language where it has one, else the English (lesson.lang says which,
 * lesson.translated whether it has one), and every url in that language. English is the course.
 * @param {object} course the result of loadCourse()
 * @param {string} lang one of LANGUAGES
 */
export function courseIn(course, lang) {
  if (lang === 'en') return { ...course, lang };
  const modules = course.modules.map((module) => {
    const text = module.translations[lang];
    return {
      ...module,
      ...(text ? { title: text.title, summary: text.summary, introHtml: text.introHtml } : {}),
      lang: text ? lang : 'en',
      lessons: module.lessons.map((lesson) => {
        const translation = lesson.translations[lang];
        return {
          ...lesson,
          ...(translation ? { title: translation.title, summary: translation.summary, bodyHtml: translation.bodyHtml } : {}),
          lang: translation ? lang : 'en',
          translated: Boolean(translation),
          url: routeIn(lesson.url, lang),
        };
      }),
    };
  });
  return { ...course, modules, lang };
}

/** The page static hosts (and the preview server) answer an unknown address with. */
export const NOT_FOUND_FILE = '404.html';

/** The 404 page of a language: 404.html, zh/404.html. */
export const notFoundFileIn = (lang) => routeIn(`/${NOT_FOUND_FILE}`, lang).slice(1);

/**
 * @param {object} course the result of loadCourse()
 * @param {(course: object) => object} catalogueMetadata strips lesson bodies from the course
 * @param {{ siteUrl: string }} site the course's public address (origin + base, no trailing
 *   slash), for what is read from other sites (the oEmbed discovery links)
 * @returns {Map<string, string>} route ("/", lesson.url, "/404.html", "/zh/..." ) -> full HTML
 *   document. Every language's messages must be loaded (loadLanguage).
 */
export function renderSitePages(course, catalogueMetadata, { siteUrl }) {
  const pages = new Map();
  const languages = LANGUAGES.map((lang) => ({ lang, t: translator(lang) }));
  const addressesOf = (route) => Object.fromEntries(LANGUAGES.map((lang) => [lang, routeIn(route, lang)]));

  for (const { lang, t } of languages) {
    const local = courseIn(course, lang);
    pages.set(routeIn('/', lang), renderCataloguePage(catalogueMetadata(local), { t, languages, siteUrl }));
    pages.set(`/${notFoundFileIn(lang)}`, renderNotFoundPage({ t, languages, routeOf: (other) => `/${notFoundFileIn(other)}`, siteUrl }));

    const inCourseOrder = local.modules.flatMap((module, m) =>
      module.lessons.map((lesson, l) => ({ module, moduleNumber: m + 1, lesson, lessonNumber: l + 1 })));
    const interactiveLessons = inCourseOrder.map(({ lesson }) => lesson).filter((lesson) => lesson.status === 'interactive');
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
        interactiveLessons,
        siteUrl,
        t,
        alternates: addressesOf(`/lessons/${entry.lesson.moduleSlug}/${entry.lesson.slug}/`),
      }));
      // The lesson's widget alone, for iframes: /embed/<lesson>/ (one route; its language is
      // the embed's own option).
      if (lang === 'en' && isEmbeddable(entry.lesson)) {
        const route = framePath(entry.lesson.slug);
        if (pages.has(route)) {
          throw new Error(`Two lessons share the embed address ${route} (${entry.lesson.file}); embeddable lessons need distinct slugs`);
        }
        pages.set(route, renderEmbedFramePage({ lesson: entry.lesson }));
      }
    });
  }
  return pages;
}
