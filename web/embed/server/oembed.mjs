// The oEmbed endpoint (https://oembed.com): GET /oembed?url=<lesson or iframe URL>&format=json
// answers a "rich" response whose html is the iframe of that lesson's widget, with the options
// found in the URL's query. It runs as a middleware of Vite's dev and preview servers (see
// web/site/build-time/plugin-course.mjs) and reads a manifest of the embeddable lessons written by
// the build. Static hosts cannot run it: for them the build also writes each lesson's answer
// for its own settings to oembed/<lesson>.json, which the lesson page's discovery link names.
// Each lesson's element says, through its adapter (the registry's), which options it takes
// and how large it is.
import { loadAdapter } from '../../components/registry.js';
import { SettingsQueryError } from '../../components/shared/settings-table.js';
import { framePath, frameQuery, frameSizes, frameUrl, iframeSnippet, LANG_PARAM, settingsOfQuery } from '../shared/snippets.js';
import { LANGUAGES, loadLanguage, normaliseLang, translator } from '../../i18n/i18n.js';

/** Where the endpoint answers. */
export const OEMBED_PATH = '/oembed';

/** The manifest's address in the build output: the interactive lessons, for the endpoint. */
export const OEMBED_MANIFEST_FILE = 'embed/lessons.json';

/**
 * @typedef {object} EmbeddableLesson
 * @property {string} slug
 * @property {string} url   the lesson page, e.g. "/lessons/pictures/patches-of-a-picture/"
 * @property {string} title
 * @property {Record<string, string>} titles the lesson's title in each language it is translated into
 * @property {string} element the tag of the lesson's widget
 * @property {object} settings the lesson's widget settings, as its adapter reads them
 * @typedef {{ lessons: EmbeddableLesson[] }} OembedManifest
 */

/**
 * The manifest for the lessons that can be embedded (Lessons of web/content/load-course.mjs).
 * @param {EmbeddableLesson[]} lessons
 * @returns {OembedManifest}
 */
export function oembedManifest(lessons) {
  return {
    lessons: lessons.map(({ slug, url, title, translations = {}, widget: { element, attributes, embeddable, ...settings } }) => ({
      slug, url, title, titles: Object.fromEntries(Object.entries(translations).map(([lang, translation]) => [lang, translation.title])),
      element, settings,
    })),
  };
}

/** Where the build writes a lesson's static oEmbed answer (its own settings, no options), for
 * static hosts, which cannot run the endpoint. */
export function staticOembedPath(slug, lang = 'en') {
  return lang === 'en' ? `oembed/${slug}.json` : `oembed/zh/${slug}.json`;
}

/** The discovery link's href for a lesson page: its static answer, absolute, since an oEmbed
 * consumer reads it from another site. */
export function oembedDiscoveryHref(siteUrl, slug, lang = 'en') {
  return `${siteUrl}/${staticOembedPath(slug, lang)}`;
}

const json = (status, body) => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
  body: JSON.stringify(body),
});

/**
 * The rich oEmbed response for a lesson's widget, in the frame's language: its title and the
 * provider's name (the course's title) too.
 * @param {object} options
 * @param {EmbeddableLesson} options.lesson
 * @param {object | null} options.settings the options asked for, or null for the lesson's own
 * @param {string} options.siteUrl the course's address without a trailing slash (origin + base)
 * @param {{ maxwidth?: number, maxheight?: number }} [options.limits]
 * @param {string} [options.lang] the frame's language, 'en' (default) or 'zh-CN' (?lang=zh-CN)
 */
export async function richResponse({ lesson, settings, siteUrl, limits = {}, lang = 'en' }) {
  const { SETTINGS, EMBED } = await loadAdapter(lesson.element);
  const t = translator(await loadLanguage(lang));
  const title = t('site.embed.widgetTitle', { title: lesson.titles?.[t.lang] ?? lesson.title });
  // A narrower frame stacks the grids, so its height is worked out for the width it gets.
  const shown = settings ?? lesson.settings;
  const widest = EMBED.frameSize(shown).width;
  const sizes = frameSizes(EMBED, shown, { width: Math.min(widest, limits.maxwidth ?? Infinity) });
  const { width } = sizes;
  const height = Math.min(sizes.height, limits.maxheight ?? Infinity);
  const narrowHeight = Math.min(sizes.narrowHeight, limits.maxheight ?? Infinity);
  const src = frameUrl(siteUrl, lesson.slug, settings ? frameQuery(SETTINGS, settings, lesson.settings) : '', lang);
  return {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: t('site.courseTitle'),
    provider_url: `${siteUrl}/`,
    html: iframeSnippet(src, { width, height, narrowHeight, title, siteUrl }),
    width,
    height,
    cache_age: 86400,
  };
}

/**
 * Answers one request to the endpoint.
 * @param {URL} requestUrl the full URL of the request (its origin is the course's)
 * @param {OembedManifest} manifest
 * @param {{ base?: string }} [options] the path the course is served under ("/" by default)
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: string }>}
 */
export async function answerOembed(requestUrl, manifest, { base = '/' } = {}) {
  const origin = requestUrl.origin;
  const siteUrl = `${origin}${base}`.replace(/\/$/, '');
  const params = requestUrl.searchParams;
  const format = params.get('format') ?? 'json';
  if (format !== 'json') {
    return json(501, { error: `format "${format}" is not offered; use format=json` });
  }
  const target = params.get('url');
  if (!target) return json(400, { error: `the url parameter is missing: ${base}oembed?url=<lesson URL>&format=json` });
  let url;
  try {
    url = new URL(target, `${siteUrl}/`);
  } catch {
    return json(400, { error: `url "${target}" is not a URL` });
  }
  // oEmbed answers only for its own site's pages.
  if (url.origin !== origin) return json(404, { error: `${url.origin} is not this course's site (${origin})` });
  const inSite = url.pathname.startsWith(base) ? `/${url.pathname.slice(base.length)}` : null;
  // A Chinese lesson page (/zh/lessons/...) or an iframe URL with ?lang=zh-CN asks for a Chinese frame.
  const chinesePage = inSite?.startsWith('/zh/') ?? false;
  const lang = chinesePage ? 'zh-CN' : normaliseLang(url.searchParams.get(LANG_PARAM));
  const path = (chinesePage ? inSite.slice('/zh'.length) : inSite)?.replace(/index\.html$/, '').replace(/\/?$/, '/');
  const lesson = path && manifest.lessons.find((l) => l.url === path || framePath(l.slug) === path);
  if (!lesson) return json(404, { error: `no interactive lesson at ${url.pathname}` });

  const { SETTINGS } = await loadAdapter(lesson.element);
  let settings;
  try {
    settings = settingsOfQuery(SETTINGS, url.searchParams, lesson.settings);
  } catch (error) {
    if (!(error instanceof SettingsQueryError)) throw error;
    return json(400, { error: `the options in url cannot be read: ${error.message}` });
  }
  // A limit in pixels, fractions taken down to the whole pixel within it (oEmbed asks for
  // whole numbers, and some consumers send a measured width); none below one pixel.
  const limit = (name) => {
    const value = Number(params.get(name));
    return Number.isFinite(value) && value >= 1 ? Math.floor(value) : Infinity;
  };
  const limits = { maxwidth: limit('maxwidth'), maxheight: limit('maxheight') };
  return json(200, await richResponse({ lesson, settings, siteUrl, limits, lang }));
}

/**
 * Every lesson's static oEmbed answer, as file name -> JSON text, for the build to write.
 * @param {OembedManifest} manifest
 * @param {string} siteUrl the public address of the course (origin + base, no trailing slash)
 */
export async function staticOembedFiles(manifest, siteUrl) {
  const files = new Map();
  // Each lesson in both languages: the Chinese answer's iframe carries ?lang=zh-CN.
  for (const lesson of manifest.lessons) {
    for (const lang of LANGUAGES) {
      const answer = await richResponse({ lesson, settings: null, siteUrl, lang });
      files.set(staticOembedPath(lesson.slug, lang), `${JSON.stringify(answer, null, 2)}\n`);
    }
  }
  return files;
}

function send(req, res, answer) {
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

/**
 * A connect middleware for Vite's dev and preview servers.
 * @param {() => Promise<OembedManifest> | OembedManifest} getManifest
 * @param {{ base?: string }} [options] the path the course is served under ("/" by default)
 */
export function oembedMiddleware(getManifest, { base = '/' } = {}) {
  const endpoint = `${base}${OEMBED_PATH.slice(1)}`;
  return async (req, res, next) => {
    // The iframe's address uses the origin the request came to (behind a proxy, the one the
    // proxy names), so the same build answers correctly on any host.
    // Only http and https are believed; a malformed header or host is answered, never thrown
    // (an exception here would stop the server).
    const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim().toLowerCase();
    const protocol = forwarded === 'https' || forwarded === 'http' ? forwarded : (req.socket?.encrypted ? 'https' : 'http');
    let requestUrl;
    try {
      requestUrl = new URL(req.originalUrl ?? req.url, `${protocol}://${req.headers.host ?? 'localhost'}`);
    } catch {
      return next();
    }
    if (requestUrl.pathname !== endpoint && requestUrl.pathname !== `${endpoint}/`) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      return res.end();
    }
    let manifest;
    try {
      manifest = await getManifest();
    } catch (error) {
      // A build from before the embed existed: say so rather than fail with a stack trace.
      return send(req, res, json(503, { error: `the lesson manifest could not be read (${error.code ?? error.message}); build the site again` }));
    }
    try {
      send(req, res, await answerOembed(requestUrl, manifest, { base }));
    } catch (error) {
      next(error);
    }
  };
}
