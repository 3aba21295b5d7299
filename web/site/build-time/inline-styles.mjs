// The site's own stylesheets, written into each page's head instead of linked. A linked
// stylesheet blocks the first paint until it has come back: on a phone (150 ms a round trip)
// that is one more round trip, plus its own transfer, after the page before the learner sees
// the lesson's title. The site's styles are a few kilobytes compressed, about what the request
// and its answer's headers cost, so each page carries its own copy; a large stylesheet (over
// INLINE_LIMIT, such as a third party's) stays a link, which the browser caches across pages.

/** Bytes of CSS (uncompressed) up to which a page carries a stylesheet itself. */
export const INLINE_LIMIT = 16 * 1024;

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">\n?\s*/g;

// url() relative to the stylesheet's own address would point elsewhere from the page's.
const RELATIVE_URL = /url\(\s*['"]?(?![a-z]+:|\/|#)/i;

/**
 * The page's HTML with each of its small stylesheets from the bundle inlined as a <style> in
 * place of its link (build only: the bundle is known then).
 * @param {string} html the page after Vite's own transforms
 * @param {import('vite').Rollup.OutputBundle | undefined} bundle
 * @param {string} base the site's base path, ending in "/"
 */
export function inlineStyles(html, bundle, base) {
  if (!bundle) return html;
  return html.replace(STYLESHEET_LINK, (link, href) => {
    const asset = href.startsWith(base) ? bundle[href.slice(base.length)] : undefined;
    if (asset?.type !== 'asset') return link;
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    if (css.length > INLINE_LIMIT || RELATIVE_URL.test(css) || css.includes('</style')) return link;
    return `<style>${css.trim()}</style>\n    `;
  });
}
