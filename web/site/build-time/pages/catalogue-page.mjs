// The catalogue at "/" (and "/zh/"): every module with its intro and its lessons. It is given
// the course's metadata only (catalogueMetadata), so no lesson body ever ends up in this page. Its
// words come from the page language's messages; a lesson or module without a text in that
// language shows its English text, marked as English (lang="en"), a lesson also as not translated yet.
import { escapeHtml } from '../html.mjs';
import { renderLayout, routeIn } from './layout.mjs';
import { statusBadge } from './status.mjs';

function introSentence(modules, t) {
  const lessons = modules.flatMap((m) => m.lessons);
  const interactive = lessons.filter((l) => l.status === 'interactive').length;
  const words = t('site.catalogue.numberWords').split(',');
  const inWords = (n) => words[n] ?? String(n);
  const counted = (key, n, count) => t(`${key}.${n === 1 ? 'one' : 'other'}`, { count });
  const sentence = t('site.catalogue.intro', {
    modules: counted('site.catalogue.modules', modules.length, inWords(modules.length)),
    lessons: counted('site.catalogue.lessons', lessons.length, lessons.length),
    ready: interactive === lessons.length ? t('site.catalogue.allReady') : t('site.catalogue.someReady', { count: inWords(interactive) }),
  });
  return `${sentence[0].toUpperCase()}${sentence.slice(1)}`;
}

// lang="en" on what is still in English inside another language's page.
const langAttribute = (item, pageLang) => (item.lang && item.lang !== pageLang ? ` lang="${escapeHtml(item.lang)}"` : '');

// data-lesson-url and data-exercises let catalogue.js show the learner's progress on the card.
function renderLessonItem(lesson, t) {
  const lang = langAttribute(lesson, t.lang);
  const untranslated = lesson.lang && lesson.lang !== t.lang
    ? `\n            <span class="badge badge--untranslated">${escapeHtml(t('site.catalogue.untranslated'))}</span>`
    : '';
  return `          <li class="lesson-card lesson-card--${escapeHtml(lesson.status)}" data-lesson-url="${escapeHtml(lesson.url)}" data-exercises="${lesson.exerciseCount}">
            <h3 class="lesson-card__title"${lang}><a href="${escapeHtml(lesson.url)}">${escapeHtml(lesson.title)}</a></h3>
            ${statusBadge(lesson.status, t)}${untranslated}
            <p class="lesson-card__summary"${lang}>${escapeHtml(lesson.summary)}</p>
            <p class="lesson-card__progress" data-progress hidden></p>
          </li>`;
}

// "Start here" leads to the first interactive lesson; catalogue.js makes it "Continue" once the
// learner has opened one. The search box works in the browser only, so it shows with the script.
function renderStartAndSearch(lessons, t) {
  const first = lessons.find((lesson) => lesson.status === 'interactive');
  const start = first
    ? `<p class="catalogue__start"><a class="catalogue__start-link" data-start href="${escapeHtml(first.url)}">${escapeHtml(t('site.catalogue.start', { title: first.title }))}</a></p>`
    : '';
  return `${start}
        <form class="catalogue__search" role="search" data-search>
          <label for="lesson-search">${escapeHtml(t('site.catalogue.search.label'))}</label>
          <input id="lesson-search" type="search" autocomplete="off" spellcheck="false" aria-describedby="lesson-search-count">
          <p id="lesson-search-count" class="catalogue__search-count" role="status"></p>
        </form>`;
}

// A module's intro, the body of its module.md, rendered by the loader (introHtml) from Markdown
// that holds no raw HTML.
function renderIntro(module, lang) {
  if (module.introHtml.trim() === '') return '';
  return `
          <div class="module__intro"${lang}>
${module.introHtml.trim()}
          </div>`;
}

function renderModule(module, index, t) {
  const headingId = `module-${module.slug}`;
  const lang = langAttribute(module, t.lang);
  return `      <li class="module">
        <section aria-labelledby="${escapeHtml(headingId)}">
          <p class="eyebrow">${escapeHtml(t('site.catalogue.module', { number: index + 1 }))}</p>
          <h2 id="${escapeHtml(headingId)}"${lang}>${escapeHtml(module.title)}</h2>
          <p class="module__summary"${lang}>${escapeHtml(module.summary)}</p>${renderIntro(module, lang)}
          <ol class="lesson-list" aria-label="${escapeHtml(t('site.catalogue.lessonsIn', { module: module.title }))}">
${module.lessons.map((lesson) => renderLessonItem(lesson, t)).join('\n')}
          </ol>
        </section>
      </li>`;
}

// For a learner who picked the other language with the switch: language.js shows this note (in
// that language) and sends the catalogue's lesson links there.
function renderChosenLanguageNotes(languages, t) {
  return languages.filter(({ lang }) => lang !== t.lang).map(({ lang, t: other }) =>
    `        <p class="catalogue__chosen" lang="${escapeHtml(lang)}" data-chosen-language="${escapeHtml(lang)}" hidden>${escapeHtml(other('site.language.chosen'))} <a href="${escapeHtml(routeIn('/', lang))}" hreflang="${escapeHtml(lang)}">${escapeHtml(other('site.language.goHome'))}</a></p>`).join('\n');
}

/**
 * @param {{ modules: object[] }} metadata the result of catalogueMetadata(course), in the
 *   page's language (courseIn)
 * @param {object} page
 * @param {Function} page.t the page language's translator
 * @param {{ lang: string, t: Function }[]} page.languages every language of the site
 * @param {string} page.siteUrl the course's public address, for the hreflang links
 */
export function renderCataloguePage(metadata, { t, languages, siteUrl }) {
  const { modules } = metadata;
  const intro = introSentence(modules, t);
  const courseTitle = t('site.courseTitle');
  const main = `      <div class="catalogue">
${renderChosenLanguageNotes(languages, t)}
        <h1>${escapeHtml(courseTitle)}</h1>
        <p class="catalogue__intro">${escapeHtml(intro)}</p>
        ${renderStartAndSearch(modules.flatMap((module) => module.lessons), t)}
        <ol class="module-list">
${modules.map((module, index) => renderModule(module, index, t)).join('\n')}
        </ol>
      </div>`;
  return renderLayout({
    title: courseTitle,
    description: intro,
    main,
    stylesheet: '/site/styles/pages/catalogue.css',
    scripts: ['/site/browser/catalogue.js'],
    isHome: true,
    t,
    alternates: Object.fromEntries(languages.map(({ lang }) => [lang, routeIn('/', lang)])),
    siteUrl,
  });
}
