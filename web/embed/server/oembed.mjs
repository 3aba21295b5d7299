// The oEmbed endpoint (https://oembed.com): GET /oembed?url=<lesson or iframe URL>&format=json
// answers a "rich" response whose html is the iframe of that lesson's widget, with the options
// found in the URL's query. The course is static, so this runs as a middleware of Vite's dev
// and preview servers (see web/site/build/plugin-course.mjs) and reads a manifest of the
// embeddable lessons written by the build. Each lesson's element says, through its adapter
// (the registry's), which options it takes and how large it is.
import { loadAdapter } from '../../components/registry.js';
import { SettingsQueryError } from '../../components/shared/settings-table.js';
import { framePath, frameQuery, frameUrl, iframeSnippet, settingsOfQuery } from '../shared/snippets.js';

/** Where the endpoint answers. */
export const OEMBED_PATH = '/oembed';

/** The manifest's address in the build output: the interactive lessons, for the endpoint. */
export const OEMBED_MANIFEST_FILE = 'embed/lessons.json';

/**
 * @typedef {object} EmbeddableLesson
 * @property {string} slug
 * @property {string} url   the lesson page, e.g. "/lessons/pictures/patches-of-a-picture/"
 * @property {string} title
 * @property {string} element the tag of the lesson's widget
 * @property {object} settings the lesson's widget settings, as its adapter reads them
 * @typedef {{ providerName: string, lessons: EmbeddableLesson[] }} OembedManifest
 */

/**
 * The manifest for the lessons that can be embedded (Lessons of web/content/load-course.mjs).
 * @param {EmbeddableLesson[]} lessons
 * @param {string} providerName
 * @returns {OembedManifest}
 */
export function oembedManifest(lessons, providerName) {
  return {
    providerName,
    lessons: lessons.map(({ slug, url, title, widget: { element, attributes, embeddable, ...settings } }) => (
      { slug, url, title, element, settings })),
  };
}

/** The discovery link's href for a lesson page: root-relative, since the build does not know
 * the host it will be served from. */
export function oembedDiscoveryHref(lessonUrl) {
  return `${OEMBED_PATH}?${new URLSearchParams({ url: lessonUrl, format: 'json' })}`;
}

const json = (status, body) => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
  body: JSON.stringify(body),
});

/**
 * Answers one request to the endpoint.
 * @param {URL} requestUrl the full URL of the request (its origin is the course's)
 * @param {OembedManifest} manifest
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: string }>}
 */
export async function answerOembed(requestUrl, manifest) {
  const origin = requestUrl.origin;
  const params = requestUrl.searchParams;
  const format = params.get('format') ?? 'json';
  if (format !== 'json') {
    return json(501, { error: `format "${format}" is not offered; use format=json` });
  }
  const target = params.get('url');
  if (!target) return json(400, { error: 'the url parameter is missing: /oembed?url=<lesson URL>&format=json' });
  let url;
  try {
    url = new URL(target, origin);
  } catch {
    return json(400, { error: `url "${target}" is not a URL` });
  }
  // oEmbed answers only for its own site's pages.
  if (url.origin !== origin) return json(404, { error: `${url.origin} is not this course's site (${origin})` });
  const path = url.pathname.replace(/index\.html$/, '').replace(/\/?$/, '/');
  const lesson = manifest.lessons.find((l) => l.url === path || framePath(l.slug) === path);
  if (!lesson) return json(404, { error: `no interactive lesson at ${url.pathname}` });

  const { SETTINGS, EMBED } = await loadAdapter(lesson.element);
  let settings;
  try {
    settings = settingsOfQuery(SETTINGS, url.searchParams);
  } catch (error) {
    if (!(error instanceof SettingsQueryError)) throw error;
    return json(400, { error: `the options in url cannot be read: ${error.message}` });
  }
  const title = `${lesson.title}: interactive widget`;
  const limit = (name) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : Infinity;
  };
  // A narrower frame stacks the grids, so its height is worked out for the width it gets.
  const shown = settings ?? lesson.settings;
  const widest = EMBED.frameSize(shown).width;
  let { width, height } = EMBED.frameSize(shown, { width: Math.min(widest, limit('maxwidth')) });
  height = Math.min(height, limit('maxheight'));
  const src = frameUrl(origin, lesson.slug, settings ? frameQuery(SETTINGS, settings) : '');
  return json(200, {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: manifest.providerName,
    provider_url: `${origin}/`,
    html: iframeSnippet(src, { width, height, title }),
    width,
    height,
    cache_age: 86400,
  });
}

function send(req, res, answer) {
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

/**
 * A connect middleware for Vite's dev and preview servers.
 * @param {() => Promise<OembedManifest> | OembedManifest} getManifest
 */
export function oembedMiddleware(getManifest) {
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
    if (requestUrl.pathname !== OEMBED_PATH && requestUrl.pathname !== `${OEMBED_PATH}/`) return next();
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
      send(req, res, await answerOembed(requestUrl, manifest));
    } catch (error) {
      next(error);
    }
  };
}
