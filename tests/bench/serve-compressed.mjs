// A static file server that compresses as a real static host does (GitHub Pages, Netlify and
// Cloudflare Pages all send text, scripts, styles and .wasm compressed), for `npm run
// bench:pages`: `vite preview` sends files as they are on disk, so a page measured through it
// would transfer several times the bytes a learner's phone receives.
//   - brotli when the request accepts it (quality 11, as hosts precompress), else gzip (level 9);
//   - fonts and images as they are (already compressed);
//   - a folder answers with its index.html, an unknown address with 404.html;
//   - .wasm as application/wasm, so WebAssembly.compileStreaming takes it.
// Compressed bodies are kept in memory, so only the first request of a file pays for brotli;
// server.compressAll() pays for every file at once, before anything is measured, as a host that
// precompresses has.
//
//   node tests/bench/serve-compressed.mjs [dir=dist] [port=4580]
import { readdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { CONTENT_TYPES } from '../e2e/hosting-static-server.mjs';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.wasm', '.txt', '.cpp', '.ttf']);

/**
 * @param {{ dir: string }} options the built site, served at the root
 * @returns {http.Server}
 */
export function createCompressingServer({ dir }) {
  const root = path.resolve(dir);
  const cache = new Map();  // file + encoding -> body

  async function resolveFile(pathname) {
    const file = path.resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + path.sep)) return null;
    try {
      const info = await stat(file);
      if (!info.isDirectory()) return file;
      await stat(path.join(file, 'index.html'));
      return path.join(file, 'index.html');
    } catch {
      return null;
    }
  }

  async function body(file, encoding) {
    const key = `${file}\0${encoding}`;
    if (!cache.has(key)) {
      const raw = await readFile(file);
      cache.set(key, encoding === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw);
    }
    return cache.get(key);
  }

  const server = http.createServer(async (req, res) => {
    let pathname = '/';
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch { /* a malformed address: the 404 page */ }
    let file = pathname.includes('\0') ? null : await resolveFile(pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = path.join(root, '404.html');
    }
    const ext = path.extname(file);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.has(ext) ? 'identity' : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    const data = await body(file, encoding);
    const headers = {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': data.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : data);
  });

  /** Compresses every compressible file under the root (brotli, as browsers accept it). */
  server.compressAll = async () => {
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name))) {
        await body(path.join(entry.parentPath ?? entry.path, entry.name), 'br');
      }
    }
  };
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = 'dist', port = '4580'] = process.argv.slice(2);
  createCompressingServer({ dir }).listen(Number(port), '127.0.0.1', () => {
    console.log(`serving ${dir} compressed at http://127.0.0.1:${port}/`);
  });
}
