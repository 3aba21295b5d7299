// A lesson's iframe route, /embed/<lesson>/: the widget alone, without the site's header,
// footer or text, for platforms that keep iframes but strip scripts. web/embed/frame.js reads
// the options from the query string and makes the widget.
import { escapeHtml, jsonForScript } from '../html.mjs';
import { WIDGET_SETTINGS_ID } from '../widget-attributes.js';
import { COURSE_TITLE } from './layout.mjs';

/** @param {{ lesson: object }} page an interactive lesson, with its widget settings */
export function renderEmbedFramePage({ lesson }) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(lesson.title)} · ${escapeHtml(COURSE_TITLE)}</title>
    <link rel="canonical" href="${escapeHtml(lesson.url)}">
    <link rel="icon" href="/site/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/embed/frame.css">
    <script type="application/json" id="${WIDGET_SETTINGS_ID}">${jsonForScript(lesson.widget)}</script>
    <script type="module" src="/embed/frame.js"></script>
  </head>
  <body>
    <main data-embed-frame>
      <h1 class="visually-hidden">${escapeHtml(lesson.title)}</h1>
    </main>
  </body>
</html>
`;
}
