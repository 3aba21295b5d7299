// The page for an address the site does not have (404.html, and zh/404.html in Chinese): says
// so and leads back to the catalogue. Static hosts serve it for any unknown address, at that
// address, so its links are root-relative (put under the base like every page's) rather than
// relative. A host that knows only the root 404.html serves the English one under /zh/ too, so
// each also says it in the other language, with a link to that catalogue.
import { escapeHtml } from '../html.mjs';
import { renderLayout, routeIn } from './layout.mjs';

/**
 * @param {object} page
 * @param {Function} page.t the page language's translator
 * @param {{ lang: string, t: Function }[]} page.languages every language of the site
 * @param {(lang: string) => string} page.routeOf the 404 page's route in a language
 * @param {string} page.siteUrl the course's public address, for the hreflang links
 */
export function renderNotFoundPage({ t, languages, routeOf, siteUrl }) {
  const others = languages.filter(({ lang }) => lang !== t.lang).map(({ lang, t: other }) =>
    `        <p lang="${escapeHtml(lang)}">${escapeHtml(other('site.notFound.sentence'))} <a href="${escapeHtml(routeIn('/', lang))}" hreflang="${escapeHtml(lang)}">${escapeHtml(other('site.notFound.link'))}</a></p>`).join('\n');
  const main = `      <div class="not-found">
        <h1>${escapeHtml(t('site.notFound.heading'))}</h1>
        <p>${escapeHtml(t('site.notFound.text'))}</p>
        <p><a href="${escapeHtml(routeIn('/', t.lang))}">${escapeHtml(t('site.notFound.link'))}</a></p>
${others}
      </div>`;
  return renderLayout({
    title: t('site.notFound.documentTitle'),
    description: t('site.notFound.description'),
    main,
    t,
    alternates: Object.fromEntries(languages.map(({ lang }) => [lang, routeOf(lang)])),
    siteUrl,
  });
}
