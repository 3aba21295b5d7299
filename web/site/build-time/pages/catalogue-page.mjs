// The catalogue at "/": every module with its lessons. It is given the course's metadata only
// (catalogueMetadata), so no lesson body ever ends up in this page.
import { escapeHtml } from '../html.mjs';
import { COURSE_TITLE, renderLayout } from './layout.mjs';
import { statusBadge } from './status.mjs';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

function countInWords(n) {
  return NUMBER_WORDS[n] ?? String(n);
}

function plural(n, one, many) {
  return n === 1 ? one : many;
}

function introSentence(modules) {
  const lessons = modules.flatMap((m) => m.lessons);
  const interactive = lessons.filter((l) => l.status === 'interactive').length;
  const moduleCount = countInWords(modules.length);
  const sizes = `${moduleCount[0].toUpperCase()}${moduleCount.slice(1)} ${plural(modules.length, 'module', 'modules')}`
    + ` and ${lessons.length} short ${plural(lessons.length, 'lesson', 'lessons')}`;
  const ready = interactive === lessons.length
    ? 'every one of them interactive'
    : `${countInWords(interactive)} interactive so far and the rest on the way`;
  return `${sizes}, ${ready}. Change a number and see what the layer does with it: every value is`
    + ' worked out on the spot by a tested C++ core running in your browser as WebAssembly.';
}

// data-lesson-url and data-exercises let catalogue.js show the learner's progress on the card.
function renderLessonItem(lesson) {
  return `          <li class="lesson-card lesson-card--${escapeHtml(lesson.status)}" data-lesson-url="${escapeHtml(lesson.url)}" data-exercises="${lesson.exerciseCount}">
            <h3 class="lesson-card__title"><a href="${escapeHtml(lesson.url)}">${escapeHtml(lesson.title)}</a></h3>
            ${statusBadge(lesson.status)}
            <p class="lesson-card__summary">${escapeHtml(lesson.summary)}</p>
            <p class="lesson-card__progress" data-progress hidden></p>
          </li>`;
}

// "Start here" leads to the first interactive lesson; catalogue.js makes it "Continue" once the
// learner has opened one. The search box works in the browser only, so it shows with the script.
function renderStartAndSearch(lessons) {
  const first = lessons.find((lesson) => lesson.status === 'interactive');
  const start = first
    ? `<p class="catalogue__start"><a class="catalogue__start-link" data-start href="${escapeHtml(first.url)}">Start here: ${escapeHtml(first.title)}</a></p>`
    : '';
  return `${start}
        <form class="catalogue__search" role="search" data-search hidden>
          <label for="lesson-search">Search the lessons</label>
          <input id="lesson-search" type="search" autocomplete="off" spellcheck="false" aria-describedby="lesson-search-count">
          <p id="lesson-search-count" class="catalogue__search-count" role="status"></p>
        </form>`;
}

function renderModule(module, index) {
  const headingId = `module-${module.slug}`;
  return `      <li class="module">
        <section aria-labelledby="${escapeHtml(headingId)}">
          <p class="eyebrow">Module ${index + 1}</p>
          <h2 id="${escapeHtml(headingId)}">${escapeHtml(module.title)}</h2>
          <p class="module__summary">${escapeHtml(module.summary)}</p>
          <ol class="lesson-list" aria-label="Lessons in ${escapeHtml(module.title)}">
${module.lessons.map(renderLessonItem).join('\n')}
          </ol>
        </section>
      </li>`;
}

/** @param {{ modules: object[] }} metadata the result of catalogueMetadata(course) */
export function renderCataloguePage(metadata) {
  const { modules } = metadata;
  const intro = introSentence(modules);
  const main = `      <div class="catalogue">
        <h1>${escapeHtml(COURSE_TITLE)}</h1>
        <p class="catalogue__intro">${escapeHtml(intro)}</p>
        ${renderStartAndSearch(modules.flatMap((module) => module.lessons))}
        <ol class="module-list">
${modules.map(renderModule).join('\n')}
        </ol>
      </div>`;
  return renderLayout({
    title: COURSE_TITLE,
    description: intro,
    main,
    styles: ['/site/styles/catalogue.css'],
    scripts: ['/site/browser/catalogue.js'],
    isHome: true,
  });
}
