// A lesson's iframe route, /embed/<lesson>/: the widget alone, without the site's header,
// footer or text, for platforms that keep iframes but strip scripts. The widget is written with
// the lesson's settings; web/embed/browser/frame.js replaces them with the options of the
// query string, if it has any, defines the element, and tells the host page its height. A small
// title above the widget links back to the lesson, in a new tab (the frame is someone else's page).
// One page serves every language (?lang=zh-CN): the title holds one link per language, each
// with its lang and the document title in that language (the others hidden), and frame.js
// shows the one the frame speaks and names the tab after it.
import { translator } from '../../../i18n/i18n.js';
import { elementHtml, escapeHtml } from '../html.mjs';
import { documentTitle, renderHeadStart, routeIn } from './layout.mjs';

const titleLink = (href, title, lang, hidden) =>
  `<a href="${escapeHtml(href)}" lang="${lang}" data-document-title="${escapeHtml(documentTitle(title, translator(lang)))}" target="_blank" rel="noopener"${hidden ? ' hidden' : ''}>${escapeHtml(title)}</a>`;

/** @param {{ lesson: object }} page an interactive lesson, with its widget */
export function renderEmbedFramePage({ lesson }) {
  const links = [titleLink(lesson.url, lesson.title, 'en', false),
    ...Object.entries(lesson.translations ?? {}).map(([lang, { title }]) => titleLink(routeIn(lesson.url, lang), title, lang, true))];
  return `<!doctype html>
<html lang="en">
  <head>
    ${renderHeadStart(documentTitle(lesson.title, translator('en')))}
    <meta name="robots" content="noindex">
    <link rel="canonical" href="${escapeHtml(lesson.url)}">
    <link rel="stylesheet" href="/embed/browser/frame.css">
    <script type="module" src="/embed/browser/frame.js"></script>
  </head>
  <body>
    <main data-embed-frame>
      <h1 class="embed-frame__title">${links.join('')}</h1>
      ${elementHtml(lesson.widget.element, lesson.widget.attributes)}
    </main>
  </body>
</html>
`;
}
