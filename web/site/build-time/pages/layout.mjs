// The shell every page shares: head, skip link, site header, main, footer.
import { escapeHtml } from '../html.mjs';

export const COURSE_TITLE = 'Building blocks of neural networks';

/**
 * The start of every page's head: character set, viewport, both colour schemes, title, icon.
 * @param {string} documentTitle
 */
export function renderHeadStart(documentTitle) {
  return `<meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <title>${escapeHtml(documentTitle)}</title>
    <link rel="icon" href="/site/favicon.svg" type="image/svg+xml">`;
}

/**
 * @param {object} page
 * @param {string} page.title        the document title (the course name is appended)
 * @param {string} page.description  meta description
 * @param {string} page.main         HTML placed inside <main>
 * @param {string} [page.nav]        HTML of a navigation block placed in the header
 * @param {string[]} [page.styles]   stylesheet URLs (root-relative, resolved by Vite)
 * @param {string[]} [page.scripts]  module script URLs (root-relative, resolved by Vite)
 * @param {string} [page.extraHead]  further HTML for <head>, e.g. the oEmbed discovery link
 * @param {boolean} [page.isHome]    the catalogue marks the course link as the current page
 */
export function renderLayout({ title, description, main, nav = '', styles = [], scripts = [], extraHead = '', isHome = false }) {
  const documentTitle = title === COURSE_TITLE ? COURSE_TITLE : `${title} · ${COURSE_TITLE}`;
  // print.css holds only @media print rules: it prints the text and the widgets' numbers.
  const styleTags = ['/site/styles/site.css', ...styles, '/site/styles/print.css']
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('\n    ');
  // Every page registers the service worker that keeps visited pages for offline reading.
  const scriptTags = ['/site/browser/offline.js', ...scripts]
    .map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`)
    .join('\n    ');
  const current = isHome ? ' aria-current="page"' : '';
  return `<!doctype html>
<html lang="en">
  <head>
    ${renderHeadStart(documentTitle)}
    <meta name="description" content="${escapeHtml(description)}">
    ${styleTags}
    ${extraHead}
    ${scriptTags}
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to content</a>
    <header class="site-header">
      <div class="site-header__inner">
        <a class="site-header__course" href="/"${current}>${escapeHtml(COURSE_TITLE)}</a>
        ${nav}
      </div>
    </header>
    <main id="main" tabindex="-1">
${main}
    </main>
    <footer class="site-footer">
      <p>Every number on these pages is computed in your browser by a tested C++ core, compiled to WebAssembly.</p>
      <p><a href="/">All modules</a></p>
    </footer>
  </body>
</html>
`;
}
