// The addresses and copy-paste snippets of the embed, shared by the lesson page's "Embed this"
// section (in the browser), the iframe route and the oEmbed endpoint (in Node), so all hand out
// the same HTML. What an element's settings are comes from its adapter (the registry's); this
// file only writes them down. Free of the DOM on purpose.
import { attributesOf, hasQuerySettings, queryOf, readAttributes, readQuery } from '../../components/shared/settings-table.js';

// `siteUrl` below is the course's address without a trailing slash: its origin and the path it
// is served under, e.g. "https://example.github.io/courses/nn" (or just the origin at "/").

/** The message type of a frame telling its host page how tall its content is. */
export const FRAME_HEIGHT_MESSAGE = 'nn-course:embed-height';
/** The message type of a host page telling its frames its colour scheme. */
export const HOST_SCHEME_MESSAGE = 'nn-course:embed-host';

/** Where the iframe's resize listener lives, from the course's root. */
export const RESIZE_SCRIPT_PATH = '/embed/resize.js';

/** Where the one-tag embed's script of an element lives, from the course's root. */
export function embedScriptPath(tag) {
  return `/embed/${tag}.js`;
}

/**
 * The query parameter that gives the iframe route its language: /embed/<lesson>/?lang=zh-CN
 * (English without it). The frame sets its <html lang>, which the widget follows.
 */
export const LANG_PARAM = 'lang';

/** The iframe route of a lesson's widget. */
export function framePath(slug) {
  return `/embed/${slug}/`;
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

/**
 * The settings a query string gives a lesson's element, or null when it gives none (the
 * lesson's own settings then apply). It starts from the lesson's settings, as the lesson page
 * does with a link: settings it leaves out keep the lesson's values, and a value the lesson left
 * to follow others (stride, its kernel size) follows them (readQuery).
 * Throws SettingsQueryError for a value it cannot read.
 * @param {object[]} table the element's settings rows (adapter.SETTINGS)
 * @param {string | URLSearchParams} query
 * @param {object} lessonSettings the lesson's settings, every key of the table
 */
export function settingsOfQuery(table, query, lessonSettings) {
  if (!hasQuerySettings(table, query)) return null;
  return readQuery(table, query, lessonSettings);
}

/**
 * The attributes the iframe route gives the lesson's element for a query: the lesson's settings
 * (read through `get` from the attributes the built page gave the element) with the query's
 * over them, as a tag holds them; null when the query names no setting (the page's attributes
 * stay). Throws as the readers do.
 * @param {object[]} table the element's settings rows (adapter.SETTINGS)
 * @param {string | URLSearchParams} query
 * @param {(name: string) => string | null} get the lesson's attribute of that name
 * @returns {[string, string][] | null}
 */
export function frameAttributes(table, query, get) {
  const settings = settingsOfQuery(table, query, readAttributes(table, get));
  return settings && attributesOf(table, settings, { onlyChanged: true });
}

/**
 * The query that gives these settings in the lesson's iframe, PyTorch's names: every setting
 * that differs from the element's default or from what settingsOfQuery reads over the lesson's
 * settings. It reads the same over either, so an edit of the lesson changes only what it leaves
 * out.
 * @param {object[]} table the element's settings rows (adapter.SETTINGS)
 * @param {object} settings
 * @param {object} lessonSettings the lesson's settings, every key of the table
 */
export function frameQuery(table, settings, lessonSettings) {
  return queryOf(table, settings, { onlyChanged: true, over: lessonSettings });
}

/**
 * The iframe's address for a query (see frameQuery); an empty query shows the lesson's widget
 * as the lesson sets it.
 * @param {string} siteUrl e.g. "https://course.example" or "https://example.github.io/courses/nn"
 * @param {string} slug the lesson's slug
 * @param {string} query
 * @param {string} [lang] 'en' (default) or 'zh-CN'
 */
export function frameUrl(siteUrl, slug, query, lang = 'en') {
  const full = [lang === 'en' ? '' : `${LANG_PARAM}=${lang}`, query].filter(Boolean).join('&');
  return `${siteUrl}${framePath(slug)}${full ? `?${full}` : ''}`;
}

/** `<script ...></script>` and the element with the attributes of its settings, on two lines. */
export function scriptSnippet(siteUrl, tag, table, settings, lang = 'en') {
  const attributes = (lang === 'en' ? '' : ` lang="${escapeHtml(lang)}"`) + attributesOf(table, settings, { onlyChanged: true })
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  return `<script type="module" src="${escapeHtml(siteUrl + embedScriptPath(tag))}"></script>\n<${tag}${attributes}></${tag}>`;
}

/** The width of a phone's frame the snippet's height allows for: a 390 px screen's text column. */
export const NARROW_FRAME_WIDTH = 358;
/** The screen width at which the snippet's frame is as tall as on a phone. */
const NARROW_SCREEN = 390;

/**
 * The sizes an iframe snippet needs from the element's adapter (EMBED.frameSize): its width and
 * height where it gets its full width, and its height on a phone, where the widget stacks and
 * grows taller.
 * @param {{ frameSize: (settings: object, options?: { width?: number }) => { width: number, height: number } }} embed
 * @param {object} settings
 * @param {{ width?: number }} [options] a narrower frame than the adapter's default
 */
export function frameSizes(embed, settings, options = {}) {
  const { width, height } = embed.frameSize(settings, options);
  const narrowHeight = embed.frameSize(settings, { width: Math.min(width, NARROW_FRAME_WIDTH) }).height;
  return { width, height, narrowHeight: Math.max(height, narrowHeight) };
}

// The frame's height as the screen narrows, in CSS alone (where a platform strips the resize
// script, it may still keep a style): `height` from a screen wide enough for the full width, and
// growing in a straight line to `narrowHeight` at a phone's 390 px.
function heightStyle(width, height, narrowHeight) {
  const span = width + 32 - NARROW_SCREEN;
  if (narrowHeight <= height || span <= 0) return '';
  const perPixel = ((narrowHeight - height) / span).toFixed(4);
  return ` height: clamp(${height}px, calc(${narrowHeight}px - (100vw - ${NARROW_SCREEN}px) * ${perPixel}), ${narrowHeight}px);`;
}

/**
 * The `<iframe>` for a frame URL, sized by frameSizes, then the course's resize listener (a
 * script file, so a host page with a strict CSP can allow it by its origin): it keeps the iframe
 * as tall as the widget and tells the frame the page's colour scheme. Without it (a platform
 * that strips scripts) the iframe keeps the size given here: `height` on a wide screen, more on
 * a narrow one, up to `narrowHeight` on a phone, if the platform keeps the style attribute.
 */
export function iframeSnippet(src, { width, height, narrowHeight = height, title, siteUrl }) {
  return `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="${width}" height="${height}"`
    + ` loading="lazy" style="border: 0; max-width: 100%;${heightStyle(width, height, narrowHeight)}"></iframe>`
    + `\n<script src="${escapeHtml(siteUrl + RESIZE_SCRIPT_PATH)}"></script>`;
}
