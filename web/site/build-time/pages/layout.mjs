// The shell every page shares: head, skip link, site header with the language switch, main,
// footer. Every word comes from the page language's messages (web/i18n, area "site").
import { translator } from '../../../i18n/i18n.js';
import { routeIn } from '../../shared/site-languages.js';
import { escapeHtml } from '../html.mjs';

export { LANGUAGE_PREFIX, routeIn } from '../../shared/site-languages.js';

/**
 * A page's document title in a language: the page's title and the course's, or the course's alone.
 * @param {string} title
 * @param {(key: string) => string} t the language's translator
 */
export function documentTitle(title, t) {
  const courseTitle = t('site.courseTitle');
  return title === courseTitle ? courseTitle : `${title} · ${courseTitle}`;
}

// <link rel="alternate" hreflang> for each language's version of the page, and x-default (the
// English one) for everyone else: absolute addresses (siteUrl: COURSE_URL and the base), as
// search engines read them.
function renderAlternates(alternates, siteUrl) {
  const entries = Object.entries(alternates);
  if (alternates.en) entries.push(['x-default', alternates.en]);
  return entries.map(([lang, route]) =>
    `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(`${siteUrl}${route}`)}">`).join('\n    ');
}

// The switch to the same page in the other language: a real link, named in its own language.
// language.js remembers the choice when the learner follows it.
function renderLanguageSwitch(lang, alternates, t) {
  const others = Object.entries(alternates).filter(([other]) => other !== lang);
  if (others.length === 0) return '';
  const links = others.map(([other, href]) =>
    `<a class="language-switch__link" href="${escapeHtml(href)}" hreflang="${escapeHtml(other)}" lang="${escapeHtml(other)}" data-language-switch="${escapeHtml(other)}">${escapeHtml(translator(other)('site.language.name'))}</a>`);
  return `<nav class="language-switch" aria-label="${escapeHtml(t('site.language.nav'))}">${links.join(' ')}</nav>`;
}

/**
 * The start of every page's head: character set, viewport, both colour schemes, title, icon.
 * @param {string} title the document's title, as documentTitle gives it
 */
export function renderHeadStart(title) {
  return `<meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="/site/favicon.png" type="image/png" sizes="48x48">`;
}

/**
 * @param {object} page
 * @param {string} page.title        the document title (the course name is appended)
 * @param {string} page.description  meta description
 * @param {string} page.main         HTML placed inside <main>
 * @param {string} [page.nav]        HTML of a navigation block placed in the header
 * @param {string} [page.stylesheet] the page's one stylesheet (root-relative, resolved by Vite),
 *   which @imports the site's styles and the page's own in cascade order (styles/pages/)
 * @param {string[]} [page.scripts]  module script URLs (root-relative, resolved by Vite)
 * @param {string} [page.extraHead]  further HTML for <head>, e.g. the oEmbed discovery link
 * @param {boolean} [page.isHome]    the catalogue marks the course link as the current page
 * @param {(key: string, params?: object) => string} [page.t] the page language's translator
 *   (its `lang` is the page's <html lang>); English by default
 * @param {Record<string, string>} [page.alternates] the page in each language (lang -> route),
 *   for the hreflang links and the language switch
 * @param {string} [page.siteUrl] the course's public address (origin + base, no trailing slash)
 */
export function renderLayout({
  title, description, main, nav = '', stylesheet = '/site/styles/pages/plain.css', scripts = [], extraHead = '', isHome = false,
  t = translator('en'), alternates = {}, siteUrl = '',
}) {
  const courseTitle = t('site.courseTitle');
  const home = routeIn('/', t.lang);
  // One stylesheet, so the cascade's order is the one it writes (print.css last: it prints
  // the text and the widgets' numbers), however the build splits the pages' chunks.
  const styleTags = `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">`;
  // Every page registers the service worker that keeps visited pages for offline reading.
  // language.js remembers the language the learner picks with the switch.
  const scriptTags = ['/site/browser/offline.js', '/site/browser/language.js', ...scripts]
    .map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`)
    .join('\n    ');
  const current = isHome ? ' aria-current="page"' : '';
  // The header's class says there is a switch, rather than a :has() rule finding it: the
  // switch comes after the course name and the breadcrumb, and a first paint before the parser
  // reaches it would lay the header out for a page without one, then move the breadcrumb.
  const languageSwitch = renderLanguageSwitch(t.lang, alternates, t);
  return `<!doctype html>
<html lang="${escapeHtml(t.lang)}">
  <head>
    ${renderHeadStart(documentTitle(title, t))}
    <meta name="description" content="${escapeHtml(description)}">
    ${renderAlternates(alternates, siteUrl)}
    ${styleTags}
    ${extraHead}
    ${scriptTags}
  </head>
  <body>
    <a class="skip-link" href="#main">${escapeHtml(t('site.skipLink'))}</a>
    <header class="site-header">
      <div class="site-header__inner${languageSwitch ? ' site-header__inner--switch' : ''}">
        <a class="site-header__course" href="${home}"${current}>${escapeHtml(courseTitle)}</a>
        ${nav}
        ${languageSwitch}
      </div>
    </header>
    <main id="main" tabindex="-1">
${main}
    </main>
    <footer class="site-footer">
      <p>${escapeHtml(t('site.footer.computed'))}</p>
      <p><a href="${home}">${escapeHtml(t('site.footer.allModules'))}</a></p>
    </footer>
  </body>
</html>
`;
}
