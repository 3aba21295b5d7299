// Where the built site will live: the sub-path it is served under (COURSE_BASE, Vite's `base`)
// and the public origin (COURSE_URL) that absolute addresses, such as the static oEmbed
// answers, are written with. Pages are rendered with root-relative links; withBase() puts every
// one of them under the base, so one build works from any static file server at that path.

/** The sub-path the site is served under, e.g. "/courses/nn/" for a project page. */
export const BASE_ENV = 'COURSE_BASE';
/** The public origin, e.g. "https://example.github.io". */
export const URL_ENV = 'COURSE_URL';
/** The origin `npm start` serves the course at. */
export const DEFAULT_COURSE_URL = 'http://127.0.0.1:4173';

/**
 * A base path with one leading and one trailing slash: "courses/nn" -> "/courses/nn/".
 * @param {string | undefined} value
 */
export function normalizeBase(value) {
  const parts = String(value ?? '').split('/').filter(Boolean);
  if (parts.some((part) => part === '.' || part === '..' || /[?#\\]/.test(part))) {
    throw new Error(`${BASE_ENV}="${value}" is not a path: use something like /courses/nn/`);
  }
  return parts.length === 0 ? '/' : `/${parts.join('/')}/`;
}

/** The base of this build, from $COURSE_BASE ("/" when unset). */
export function courseBase(env = process.env) {
  return normalizeBase(env[BASE_ENV]);
}

/** The public origin of this build, from $COURSE_URL (its origin only). */
export function courseOrigin(env = process.env) {
  const value = env[URL_ENV] || DEFAULT_COURSE_URL;
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${URL_ENV}="${value}" is not a URL: use something like https://example.org`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${URL_ENV}="${value}" must be an http or https URL`);
  }
  return url.origin;
}

/**
 * The site's address without a trailing slash: origin + base, e.g.
 * "https://example.github.io/courses/nn". Every route ("/embed/x/") is appended to it.
 */
export function siteUrlOf(origin, base) {
  return `${origin}${base}`.replace(/\/$/, '');
}

// Links written by the pages and the lessons' Markdown, and canonical links. Scripts,
// stylesheets and icons are left alone: Vite resolves those and writes them under the base itself.
const ROOT_RELATIVE_LINK = /(<a\b[^>]*?\shref="|<link\b[^>]*?\srel="canonical"[^>]*?\shref=")\/(?!\/)/g;

/** The page's root-relative links ("/lessons/...") put under the base ("/courses/nn/lessons/..."). */
export function withBase(html, base) {
  if (base === '/') return html;
  return html.replace(ROOT_RELATIVE_LINK, `$1${base}`);
}
