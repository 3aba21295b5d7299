// A plain static file server, as a static host (a project page) would be: it serves the files
// of a built site under a sub-path and nothing else. No oEmbed endpoint, no rewriting, no Vite.
//   - a folder answers with its index.html (a folder without its trailing slash is redirected);
//   - every file is sent with its content type, the .wasm as application/wasm;
//   - an unknown address gets the site's 404.html, with status 404;
//   - Access-Control-Allow-Origin: *, as static hosts send, so other sites can embed it.
//
//   node tests/e2e/hosting-static-server.mjs <dir> <base> <port>
// /health answers "ok" for the Playwright config's readiness check.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/** Content types by extension, as static hosts send them (also tests/bench/serve-compressed.mjs). */
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.cpp': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/**
 * @param {object} options
 * @param {string} options.dir  the built site
 * @param {string} options.base the sub-path it is served under, e.g. "/courses/nn/"
 * @returns {http.Server}
 */
export function createStaticServer({ dir, base }) {
  const root = path.resolve(dir);

  async function fileAt(pathname) {
    const file = path.resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + path.sep)) return null; // no way out of the folder
    try {
      const info = await stat(file);
      return { file, isDirectory: info.isDirectory() };
    } catch {
      return null;
    }
  }

  function sendFile(req, res, status, file) {
    res.writeHead(status, {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-cache',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  }

  return http.createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      return res.end();
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      pathname = null;
    }
    if (pathname === '/health') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('ok');
    }
    let found = null;
    if (pathname?.startsWith(base) && !pathname.includes('\0')) {
      found = await fileAt(`/${pathname.slice(base.length)}`);
      if (found?.isDirectory) {
        if (!pathname.endsWith('/')) {
          // As static hosts do, the query goes along (a link's settings).
          const { pathname: typed, search } = new URL(req.url, 'http://localhost');
          res.writeHead(301, { Location: `${typed}/${search}` });
          return res.end();
        }
        found = await fileAt(`/${pathname.slice(base.length)}index.html`);
      }
    }
    if (found && !found.isDirectory) return sendFile(req, res, 200, found.file);
    const notFound = await fileAt('/404.html');
    if (notFound) return sendFile(req, res, 404, notFound.file);
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('not found');
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, base, port] = process.argv.slice(2);
  if (!dir || !base || !port) {
    console.error('usage: node tests/e2e/hosting-static-server.mjs <dir> <base> <port>');
    process.exit(2);
  }
  createStaticServer({ dir, base }).listen(Number(port), '127.0.0.1');
}
