// A lesson's iframe route, /embed/<lesson>/: the widget alone, without the site's header,
// footer or text, for platforms that keep iframes but strip scripts. The widget is written with
// the lesson's settings; web/embed/browser/frame.js replaces them with the options of the
// query string, if it has any, defines the element, and tells the host page its height. A small
// title above the widget links back to the lesson, in a new tab (the frame is someone else's page).
import { elementHtml, escapeHtml } from '../html.mjs';
import { COURSE_TITLE, renderHeadStart } from './layout.mjs';

/** @param {{ lesson: object }} page an interactive lesson, with its widget */
export function renderEmbedFramePage({ lesson }) {
  return `<!doctype html>
<html lang="en">
  <head>
    ${renderHeadStart(`${lesson.title} · ${COURSE_TITLE}`)}
    <meta name="robots" content="noindex">
    <link rel="canonical" href="${escapeHtml(lesson.url)}">
    <link rel="stylesheet" href="/embed/browser/frame.css">
    <script type="module" src="/embed/browser/frame.js"></script>
  </head>
  <body>
    <main data-embed-frame>
      <h1 class="embed-frame__title"><a href="${escapeHtml(lesson.url)}" target="_blank" rel="noopener">${escapeHtml(lesson.title)}</a></h1>
      ${elementHtml(lesson.widget.element, lesson.widget.attributes)}
    </main>
  </body>
</html>
`;
}
