// One lesson's page at lesson.url. An interactive lesson's widget is written into its body
// where the lesson says [[try-it]], with the attributes its adapter gave the lesson's settings;
// lesson.js defines the element. A planned lesson shows its summary only.
// In Chinese (/zh/...) the page's own words are Chinese; a lesson without a Chinese text yet shows
// the English one, marked lang="en", under a one-line note linking to the English page.
import { TRY_IT_MOUNT } from '../../../content/render-markdown.mjs';
import { oembedDiscoveryHref } from '../../../embed/server/oembed.mjs';
import { elementHtml, escapeHtml } from '../html.mjs';
import { translator } from '../../../i18n/i18n.js';
import { renderLayout, routeIn } from './layout.mjs';
import { statusBadge } from './status.mjs';
import { isEmbeddable, renderEmbedThisSection } from './embed-this-section.mjs';

function renderBreadcrumb(module, lesson, t) {
  const home = routeIn('/', t.lang);
  return `<nav class="breadcrumb" aria-label="${escapeHtml(t('site.lesson.breadcrumb'))}">
          <ol>
            <li><a href="${home}">${escapeHtml(t('site.footer.allModules'))}</a></li>
            <li><a href="${home}#module-${escapeHtml(module.slug)}"${lessonLang(module, t)}>${escapeHtml(module.title)}</a></li>
            <li><a href="${escapeHtml(lesson.url)}" aria-current="page"${lessonLang(lesson, t)}>${escapeHtml(lesson.title)}</a></li>
          </ol>
        </nav>`;
}

function renderPager(previous, next, t) {
  if (!previous && !next) return '';
  const link = (lesson, rel, label) => lesson
    ? `<a class="pager__link pager__link--${rel}" href="${escapeHtml(lesson.url)}" rel="${rel}"><span class="pager__label">${escapeHtml(label)}</span> ${inLang(lesson, t)}</a>`
    : '<span></span>';
  return `        <nav class="pager" aria-label="${escapeHtml(t('site.lesson.pager'))}">
          ${link(previous, 'prev', t('site.lesson.previous'))}
          ${link(next, 'next', t('site.lesson.next'))}
        </nav>`;
}

// lang="en" on a lesson's words still in English inside a page in another language.
function lessonLang(lesson, t) {
  return lesson.lang && lesson.lang !== t.lang ? ` lang="${escapeHtml(lesson.lang)}"` : '';
}

// A lesson's title, in a span that names its language when it differs from the page's.
function inLang(lesson, t) {
  const lang = lessonLang(lesson, t);
  return lang ? `<span${lang}>${escapeHtml(lesson.title)}</span>` : escapeHtml(lesson.title);
}

// The lesson body's [[try-it]] mount, holding the widget. The figure and the text after it
// share a block: on a wide screen lesson.css sets the text in one column and keeps the figure
// in a sticky column beside it (as Distill does), so a learner reads and plays at once; on a
// narrow one they stay in one column, the figure where the lesson put it.
function withWidget(bodyHtml, widget) {
  const mount = TRY_IT_MOUNT.replace('></div>', `>${elementHtml(widget.element, widget.attributes)}</div>`);
  const at = bodyHtml.indexOf(TRY_IT_MOUNT);
  if (at < 0) return bodyHtml;
  const after = bodyHtml.slice(at + TRY_IT_MOUNT.length);
  return `${bodyHtml.slice(0, at)}<div class="lesson__figure-and-text">
${mount}
<div class="lesson__text">${after}</div>
</div>
`;
}

// A planned lesson says what it will hold (its summary, above) and leads to the lessons that
// are ready.
function renderComingSoon(interactiveLessons, t) {
  const ready = interactiveLessons.map((lesson) =>
    `              <li><a href="${escapeHtml(lesson.url)}"${lessonLang(lesson, t)}>${escapeHtml(lesson.title)}</a></li>`).join('\n');
  return `          <div class="coming-soon" role="note">
            <p><strong>${escapeHtml(t('site.lesson.comingSoon.title'))}</strong> ${escapeHtml(t('site.lesson.comingSoon.text'))}</p>
            <ul class="coming-soon__ready">
${ready}
            </ul>
            <p><a href="${routeIn('/', t.lang)}">${escapeHtml(t('site.lesson.comingSoon.back'))}</a></p>
          </div>`;
}

// The one-line note above a lesson shown in English inside a page in another language.
function renderUntranslatedNote(lesson, alternates, t) {
  if (!lessonLang(lesson, t)) return '';
  return `          <p class="lesson__untranslated" role="note" data-untranslated>${escapeHtml(t('site.lesson.untranslated.text'))} <a href="${escapeHtml(alternates[lesson.lang])}" hreflang="${escapeHtml(lesson.lang)}">${escapeHtml(t('site.lesson.untranslated.link'))}</a></p>\n`;
}

/**
 * @param {object} page
 * @param {object} page.module    the lesson's module
 * @param {number} page.moduleNumber 1-based position of the module in the course
 * @param {object} page.lesson    a Lesson from loadCourse
 * @param {number} page.lessonNumber 1-based position in its module
 * @param {object} [page.previous] the interactive lesson before it in course order
 * @param {object} [page.next]     the next interactive lesson in course order
 * @param {object[]} [page.interactiveLessons] every interactive lesson, for a planned page's links
 * @param {string} page.siteUrl    the course's public address, for the oEmbed discovery link
 * @param {Function} [page.t]     the page language's translator (English by default)
 * @param {Record<string, string>} [page.alternates] the lesson's address in each language
 */
export function renderLessonPage({
  module, moduleNumber, lesson, lessonNumber, previous, next, interactiveLessons = [], siteUrl, t = translator('en'), alternates = {},
}) {
  const interactive = lesson.status === 'interactive';
  const embeddable = isEmbeddable(lesson);
  const lang = lessonLang(lesson, t);
  const body = interactive ? withWidget(lesson.bodyHtml, lesson.widget) : renderComingSoon(interactiveLessons, t);
  const main = `      <article class="lesson${interactive ? ' lesson--with-figure' : ''}">
        <header class="lesson__header">
          <p class="eyebrow">${escapeHtml(t('site.lesson.eyebrow', { module: moduleNumber, lesson: lessonNumber, title: module.title }))}</p>
          <h1${lang}>${escapeHtml(lesson.title)}</h1>
          <p class="lesson__summary"${lang}>${escapeHtml(lesson.summary)}</p>
          ${statusBadge(lesson.status, t)}
        </header>
${renderUntranslatedNote(lesson, alternates, t)}        <div class="lesson__body"${interactive ? lang : ''}>
${body}
        </div>
${embeddable ? renderEmbedThisSection(lesson, t) : ''}
      </article>
${renderPager(previous, next, t)}`;
  // The widget speaks the lesson text's language, and so does the frame its oEmbed answer gives.
  const widgetLang = lesson.lang ?? t.lang;
  const discovery = embeddable
    ? `\n    <link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedDiscoveryHref(siteUrl, lesson.slug, widgetLang))}" title="${escapeHtml(lesson.title)}">`
    : '';
  return renderLayout({
    title: lesson.title,
    description: lesson.summary,
    nav: renderBreadcrumb(module, lesson, t),
    main,
    stylesheet: '/site/styles/pages/lesson.css',
    scripts: interactive ? ['/site/browser/lesson.js'] : [],
    extraHead: discovery,
    t,
    alternates,
    siteUrl,
  });
}
