// Vite plugin: the site's pages are made from lessons/ at build time, not kept as HTML files.
//
// `vite build`: every page becomes a virtual HTML entry (<root>/<route>/index.html) that Vite
// bundles like a file on disk, so dist/ gets index.html and lessons/<module>/<lesson>/index.html.
// `vite` (dev): a middleware answers the same routes, and editing a lesson reloads the browser.
// A LessonError stops both, with a message naming the lesson's file and field.
//
// Embedding: every lesson with an embeddable widget also gets an iframe route,
// /embed/<lesson>/ (made like any other page), and both servers answer oEmbed requests at
// /oembed. The dev server knows the lessons; the preview server reads the manifest the build
// wrote, embed/lessons.json, so it answers for exactly what was built. Static hosts cannot
// answer /oembed: the build writes each lesson's answer to oembed/<lesson>.json instead.
//
// Hosting: every page is written for Vite's `base` (COURSE_BASE, see hosting.mjs), and the
// build adds 404.html (which static hosts serve for unknown addresses; the preview server does
// too, with status 404), the service worker sw.js that keeps visited pages for offline use,
// and embed/resize.js, the iframe snippet's resize listener.
//
// Languages: every page is made in English and in Chinese (/zh/...). A message key Chinese lacks
// (web/i18n) stops the build naming it; lessons and modules without a Chinese text yet are
// listed, one line each, and shown in English inside the Chinese pages.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LessonError, catalogueMetadata, loadCourse } from '../../content/load-course.mjs';
import { LANGUAGES, loadLanguage, missingKeys } from '../../i18n/i18n.js';
import { OEMBED_MANIFEST_FILE, oembedManifest, oembedMiddleware, staticOembedFiles } from '../../embed/server/oembed.mjs';
import { RESIZE_SCRIPT_PATH } from '../../embed/shared/snippets.js';
import { courseOrigin, normalizeBase, siteUrlOf, withBase } from './hosting.mjs';
import { escapeHtml } from './html.mjs';
import { isEmbeddable } from './pages/embed-this-section.mjs';
import { LANGUAGE_PREFIX } from './pages/layout.mjs';
import { languageOfRoute, routeIn } from '../shared/site-languages.js';
import { NOT_FOUND_FILE, notFoundFileIn, renderSitePages } from './pages/site-pages.mjs';
import { inlineStyles } from './inline-styles.mjs';
import { addWidgetPreloads } from './widget-preloads.mjs';
import { hasId } from '../../content/render-markdown.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Files copied into the build as they are, unhashed, at addresses that must not change. */
const VERBATIM_FILES = [
  // The service worker's scope is the folder it is served from: the site's root (the base).
  { fileName: 'sw.js', source: path.join(webDir, 'site/browser/service-worker.js') },
  // The address teachers' pages load it from.
  { fileName: RESIZE_SCRIPT_PATH.slice(1), source: path.join(webDir, 'embed/browser/resize.js') },
];

/** Points the plugin at another lessons folder (tests use it for a deliberately broken course). */
export const LESSONS_DIR_ENV = 'COURSE_LESSONS_DIR';

const PLUGIN_NAME = 'course-pages';

/**
 * Makes sure the message of a lesson error names its file (relative to the repo) and field,
 * whatever wording the loader chose; other errors pass through untouched.
 */
export function explainLessonError(error, repoRoot) {
  const isLessonError = error instanceof LessonError || error?.name === 'LessonError';
  if (!isLessonError) return error;
  const missing = [];
  if (error.file && !error.message.includes(path.basename(error.file))) {
    missing.push(path.relative(repoRoot, error.file) || error.file);
  }
  if (error.field && !error.message.includes(error.field)) missing.push(`field "${error.field}"`);
  if (missing.length > 0) error.message = `${missing.join(', ')}: ${error.message}`;
  if (!error.message.startsWith('Bad lesson')) error.message = `Bad lesson: ${error.message}`;
  return error;
}

/** "/" -> "catalogue", "/lessons/a/b/" -> "lesson-a-b", "/404.html" -> "404": names a page's
 * entry (and its JS chunk). */
function entryName(route) {
  const parts = route.replace(/\.html$/, '').split('/').filter(Boolean);
  return parts.length === 0 ? 'catalogue' : parts.join('-').replace(/^lessons-/, 'lesson-');
}

/** The route a request URL asks for (without the base), or null if it is not a page address. */
function routeOfRequest(url, base) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return null; // a malformed address is simply not one of our pages
  }
  if (!pathname.startsWith(base)) return null;
  pathname = `/${pathname.slice(base.length)}`;
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  return pathname;
}

/** The file of the build a (base-stripped) request URL names, or null if it names none. */
function fileOfRequest(outDir, url) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return null;
  }
  const file = path.join(outDir, pathname);
  return file.startsWith(outDir + path.sep) ? file : null;
}

function errorPage(error) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The course has an error</title></head>
<body><main><h1>The course has an error</h1><pre>${escapeHtml(error.message)}</pre>
<p>Fix the lesson and save: this page reloads by itself.</p></main>
<script type="module" src="/@vite/client"></script></body></html>`;
}

/**
 * Loads every language's messages and fails, naming the keys, if one lacks a key English has
 * (or has one English does not).
 */
export async function checkMessages() {
  for (const lang of LANGUAGES) {
    await loadLanguage(lang);
    const missing = missingKeys(lang);
    if (missing.length > 0) throw new Error(`${lang} messages lack: ${missing.join(', ')} (web/i18n/messages/${lang}.json)`);
  }
}

/** One line per lesson shown in English in another language's pages, for the build's log. */
export function untranslatedLines(course) {
  return Object.entries(course.untranslated ?? {}).flatMap(([lang, files]) =>
    files.map((file) => `not translated into ${lang} yet (shown in English): ${file}`));
}

/**
 * Fails, naming the lesson's file and line, on a link in its Markdown to a page the build does
 * not write (a learner would follow it to the 404 page), or to a page in another language than
 * the text's when the page is also in the text's own (the learner would leave their language).
 * @param {{ file: string, lang?: string, href: string, line: number }[]} links lang: the
 *   language the link is written in (English when left out)
 * @param {Map<string, string>} rendered route -> HTML, as renderSitePages writes them
 */
export function checkLessonLinks(links, rendered) {
  for (const { file, lang = 'en', href, line } of links ?? []) {
    const route = href.replace(/[?#].*$/, '');
    const pageRoute = rendered.has(route) ? route : `${route}/`;
    const page = rendered.get(pageRoute);
    if (page === undefined) {
      throw new LessonError(file, 'body', `body: line ${line}: the link to ${href} names no page of the course; a lesson's address is /lessons/<module>/<lesson>/ (under /zh/ in Chinese), the catalogue's /`);
    }
    const target = languageOfRoute(pageRoute);
    const own = routeIn(pageRoute, lang);
    if (target !== lang && rendered.has(own)) {
      throw new LessonError(file, 'body', `body: line ${line}: the link to ${href} leads to the page in ${target}, from a text in ${lang}: link the page in ${lang}, ${own}${href.slice(route.length)}`);
    }
    const fragment = href.includes('#') ? href.slice(href.indexOf('#') + 1) : '';
    if (fragment !== '' && !hasId(page, fragment)) {
      throw new LessonError(file, 'body', `body: line ${line}: the link to ${href} names no heading or exercise of that page (a heading's id is its words in lower case, joined by hyphens: ## Try it is #try-it)`);
    }
  }
}

/** The 404 page for a (base-stripped) address: the Chinese one under /zh/, else the English. */
function notFoundFileFor(pathname) {
  const lang = LANGUAGES.find((code) => LANGUAGE_PREFIX[code] && pathname.startsWith(`${LANGUAGE_PREFIX[code]}/`));
  return lang ? notFoundFileIn(lang) : NOT_FOUND_FILE;
}

/**
 * @param {object} options
 * @param {string} options.repoRoot   absolute path of the repository
 * @param {string} [options.lessonsDir] defaults to $COURSE_LESSONS_DIR, then <repoRoot>/lessons
 */
export function coursePages({ repoRoot, lessonsDir }) {
  const lessonsRoot = path.resolve(lessonsDir ?? process.env[LESSONS_DIR_ENV] ?? path.join(repoRoot, 'lessons'));
  let root = '';
  let outDir = '';
  /** Vite's base, "/" or e.g. "/courses/nn/". */
  let base = '/';
  /** The public address the static oEmbed answers are written for (COURSE_URL + base). */
  let siteUrl = '';
  /** @type {Map<string, string>} route -> HTML */
  let pages = new Map();
  /** The oEmbed manifest of the course the pages were made from. */
  let manifest = oembedManifest([]);
  /** Dev only: the error of the last reload, shown instead of any page until it is fixed. */
  let reloadError = null;

  /** The untranslated lessons already reported, so a dev reload does not repeat the list. */
  let reported = '';

  async function renderPages(log = (line) => console.log(line)) {
    try {
      await checkMessages();
      const course = await loadCourse(lessonsRoot, { repoRoot });
      const lines = untranslatedLines(course);
      if (lines.join('\n') !== reported) lines.forEach((line) => log(line));
      reported = lines.join('\n');
      const rendered = renderSitePages(course, catalogueMetadata, { siteUrl });
      checkLessonLinks(course.links, rendered);
      for (const [route, html] of rendered) rendered.set(route, withBase(html, base));
      const lessons = course.modules.flatMap((module) => module.lessons).filter(isEmbeddable);
      manifest = oembedManifest(lessons);
      return rendered;
    } catch (error) {
      throw explainLessonError(error, repoRoot);
    }
  }

  const htmlFileOf = (route) => (route.endsWith('.html') ? path.join(root, route) : path.join(root, route, 'index.html'));
  const pageOfFile = (id) => {
    for (const [route, html] of pages) if (htmlFileOf(route) === id) return html;
    return undefined;
  };

  return {
    name: PLUGIN_NAME,
    enforce: 'pre',

    async config(userConfig, env) {
      base = normalizeBase(userConfig.base);
      if (env.isPreview) return undefined; // preview serves dist/ as built
      siteUrl = siteUrlOf(courseOrigin(), base);
      root = path.resolve(userConfig.root ?? process.cwd());
      pages = await renderPages();
      if (env.command !== 'build') return undefined;
      const input = Object.fromEntries([...pages.keys()].map((route) => [entryName(route), htmlFileOf(route)]));
      return { build: { rolldownOptions: { input } } };
    },

    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
    },

    resolveId(id) {
      return pageOfFile(id) === undefined ? undefined : id;
    },

    load(id) {
      return pageOfFile(id);
    },

    // Each lesson page preloads its own widget's chunks and .wasm (widget-preloads.mjs) and
    // carries the site's styles itself (inline-styles.mjs).
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => inlineStyles(addWidgetPreloads(html, ctx.bundle, base), ctx.bundle, base),
    },

    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: OEMBED_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
      for (const [fileName, source] of await staticOembedFiles(manifest, siteUrl)) {
        this.emitFile({ type: 'asset', fileName, source });
      }
      for (const { fileName, source } of VERBATIM_FILES) {
        this.emitFile({ type: 'asset', fileName, source: await readFile(source, 'utf8') });
      }
    },

    configurePreviewServer(server) {
      const manifestFile = path.join(outDir, OEMBED_MANIFEST_FILE);
      server.middlewares.use(oembedMiddleware(async () => JSON.parse(await readFile(manifestFile, 'utf8')), { base }));
      // After the static files and Vite's HTML fallback (which points "/x/" at "/x/index.html"
      // and leaves the serving to its next middleware): a page's address without its closing
      // slash is sent to it, as static hosts send it (301); another address that is no file
      // gets the 404 page.
      return () => {
        server.middlewares.use(async (req, res, next) => {
          if (req.method !== 'GET' && req.method !== 'HEAD') return next();
          const file = fileOfRequest(outDir, req.url);
          const found = file && await stat(file).catch(() => null);
          if (found?.isFile()) return next();
          const asked = new URL(req.originalUrl ?? req.url, 'http://localhost');
          if (found?.isDirectory() && !asked.pathname.endsWith('/')
            && (await stat(path.join(file, 'index.html')).catch(() => null))?.isFile()) {
            // The page's own address, from its folder in the build under the base: never the
            // path as typed, which may read as another host's ("//evil.example/..").
            const folder = path.relative(outDir, file).split(path.sep).map(encodeURIComponent).join('/');
            res.writeHead(301, { Location: `${base}${folder}/${asked.search}` });
            res.end();
            return undefined;
          }
          let page;
          try {
            page = await readFile(path.join(outDir, notFoundFileFor(`/${path.relative(outDir, file ?? outDir).split(path.sep).join('/')}`)));
          } catch {
            return next(); // a build without one: Vite's own answer
          }
          res.statusCode = 404;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(req.method === 'HEAD' ? undefined : page);
        });
      };
    },

    configureServer(server) {
      server.watcher.add(lessonsRoot);
      const reload = async (file) => {
        if (!path.resolve(file).startsWith(lessonsRoot + path.sep)) return;
        try {
          pages = await renderPages();
          reloadError = null;
          server.ws.send({ type: 'full-reload' });
        } catch (error) {
          reloadError = error;
          server.config.logger.error(error.message, { timestamp: true });
          server.ws.send({ type: 'error', err: { message: error.message, stack: '', plugin: PLUGIN_NAME } });
        }
      };
      server.watcher.on('add', reload).on('change', reload).on('unlink', reload);

      server.middlewares.use(oembedMiddleware(() => manifest, { base }));

      server.middlewares.use(async (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const route = routeOfRequest(req.originalUrl ?? req.url, base);
        if (!pages.has(route)) {
          if (pages.has(`${route}/`)) {
            res.statusCode = 301;
            res.setHeader('Location', `${base}${route.slice(1)}/`);
            return res.end();
          }
          return next();
        }
        try {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          if (reloadError) {
            res.statusCode = 500;
            return res.end(errorPage(reloadError));
          }
          res.end(await server.transformIndexHtml(req.url, pages.get(route), req.originalUrl));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
