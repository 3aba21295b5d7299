// One lesson's page at lesson.url. An interactive lesson's widget is written into its body
// where the lesson says [[try-it]], with the attributes its adapter gave the lesson's settings;
// lesson.js defines the element. A planned lesson shows its summary only.
import { TRY_IT_MOUNT } from '../../../content/render-markdown.mjs';
import { oembedDiscoveryHref } from '../../../embed/server/oembed.mjs';
import { elementHtml, escapeHtml } from '../html.mjs';
import { renderLayout } from './layout.mjs';
import { statusBadge } from './status.mjs';
import { isEmbeddable, renderEmbedThisSection } from './embed-this-section.mjs';

function renderBreadcrumb(module, lesson) {
  return `<nav class="breadcrumb" aria-label="Breadcrumb">
          <ol>
            <li><a href="/">All modules</a></li>
            <li><a href="/#module-${escapeHtml(module.slug)}">${escapeHtml(module.title)}</a></li>
            <li><a href="${escapeHtml(lesson.url)}" aria-current="page">${escapeHtml(lesson.title)}</a></li>
          </ol>
        </nav>`;
}

function renderPager(previous, next) {
  if (!previous && !next) return '';
  const link = (lesson, rel, label) => lesson
    ? `<a class="pager__link pager__link--${rel}" href="${escapeHtml(lesson.url)}" rel="${rel}"><span class="pager__label">${label}</span> ${escapeHtml(lesson.title)}</a>`
    : '<span></span>';
  return `        <nav class="pager" aria-label="Previous and next lesson">
          ${link(previous, 'prev', 'Previous')}
          ${link(next, 'next', 'Next')}
        </nav>`;
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
function renderComingSoon(interactiveLessons) {
  const ready = interactiveLessons.map((lesson) =>
    `              <li><a href="${escapeHtml(lesson.url)}">${escapeHtml(lesson.title)}</a></li>`).join('\n');
  return `          <div class="coming-soon" role="note">
            <p><strong>Coming soon.</strong> This lesson is planned but not written yet: it will be about what the summary above says. These lessons are ready now:</p>
            <ul class="coming-soon__ready">
${ready}
            </ul>
            <p><a href="/">Back to all modules</a></p>
          </div>`;
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
 */
export function renderLessonPage({ module, moduleNumber, lesson, lessonNumber, previous, next, interactiveLessons = [], siteUrl }) {
  const interactive = lesson.status === 'interactive';
  const embeddable = isEmbeddable(lesson);
  const body = interactive ? withWidget(lesson.bodyHtml, lesson.widget) : renderComingSoon(interactiveLessons);
  const main = `      <article class="lesson${interactive ? ' lesson--with-figure' : ''}">
        <header class="lesson__header">
          <p class="eyebrow">Module ${moduleNumber}, lesson ${lessonNumber}: ${escapeHtml(module.title)}</p>
          <h1>${escapeHtml(lesson.title)}</h1>
          <p class="lesson__summary">${escapeHtml(lesson.summary)}</p>
          ${statusBadge(lesson.status)}
        </header>
        <div class="lesson__body">
${body}
        </div>
${embeddable ? renderEmbedThisSection(lesson) : ''}
      </article>
${renderPager(previous, next)}`;
  const discovery = embeddable
    ? `\n    <link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedDiscoveryHref(siteUrl, lesson.slug))}" title="${escapeHtml(lesson.title)}">`
    : '';
  return renderLayout({
    title: lesson.title,
    description: lesson.summary,
    nav: renderBreadcrumb(module, lesson),
    main,
    styles: ['/site/styles/lesson.css'],
    scripts: interactive ? ['/site/browser/lesson.js'] : [],
    extraHead: discovery,
  });
}
