#!/usr/bin/env node
// How many bytes a page downloads to show one embedded widget: dist/embed/pool-widget.js, the
// chunks it imports statically, and the .wasm it loads, each gzipped (level 9) as a server
// would send it. Chunks it imports only when needed (the C++ source of the "code" panel) are
// listed apart and do not count. Fails when the total passes the budget.
//
//   node web/embed/build-time/measure-size.mjs [--dir <build>/embed] [--budget-kb 70]
//
// The build folder is $COURSE_OUT_DIR (if set) or dist/, as for vite build.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ENTRY = 'pool-widget.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    'budget-kb': { type: 'string', default: '70' },
  },
});
const buildDir = process.env.COURSE_OUT_DIR ? path.resolve(process.env.COURSE_OUT_DIR) : path.join(repoRoot, 'dist');
const embedDir = path.resolve(values.dir ?? path.join(buildDir, 'embed'));
const budget = Number(values['budget-kb']) * 1000;

// Static imports (`import ... from "./x.js"`, `import "./x.js"`) and dynamic ones
// (`import("./x.js")`), relative to the importing file, as Rolldown writes them.
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;
// The .wasm, as Vite rewrites `new URL('./pool_core.wasm', import.meta.url)`. (The glue's own
// default name, a bare "pool_core.wasm" string it never fetches here, is not matched.)
const WASM_URL = /new URL\(\s*["'`]([^"'`\s]+\.wasm)["'`]\s*,\s*import\.meta\.url/g;

async function measure(file) {
  const bytes = await readFile(file);
  return { file: path.relative(embedDir, file), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

async function walk() {
  const loaded = new Map();
  const lazy = new Map();
  const queue = [path.join(embedDir, ENTRY)];
  while (queue.length > 0) {
    const file = queue.shift();
    if (loaded.has(file)) continue;
    let text;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new Error(`${path.relative(repoRoot, file)} is missing: build first (npx vite build --config web/vite.config.js)`);
    }
    loaded.set(file, await measure(file));
    const here = path.dirname(file);
    for (const [, spec] of text.matchAll(STATIC_IMPORT)) queue.push(path.resolve(here, spec));
    for (const [, spec] of text.matchAll(WASM_URL)) {
      const wasm = path.resolve(here, spec);
      if (!loaded.has(wasm)) loaded.set(wasm, await measure(wasm));
    }
    for (const [, spec] of text.matchAll(DYNAMIC_IMPORT)) lazy.set(path.resolve(here, spec), null);
  }
  for (const file of lazy.keys()) {
    if (loaded.has(file)) lazy.delete(file);
    else lazy.set(file, await measure(file));
  }
  return { loaded: [...loaded.values()], lazy: [...lazy.values()] };
}

const kb = (n) => `${(n / 1000).toFixed(2)} KB`;
const row = (name, raw, gzip) => `  ${name.padEnd(36)} ${raw.padStart(10)} ${gzip.padStart(10)}`;

try {
  const { loaded, lazy } = await walk();
  if (!loaded.some((f) => f.file.endsWith('.wasm'))) {
    throw new Error(`${ENTRY} loads no .wasm that this script can find, so the total would be wrong.`);
  }
  const total = loaded.reduce((sum, f) => sum + f.gzip, 0);
  const totalRaw = loaded.reduce((sum, f) => sum + f.raw, 0);
  console.log(`One-tag embed, ${path.relative(process.cwd(), embedDir) || '.'}/ (1 KB = 1000 bytes)`);
  console.log(row('file', 'raw', 'gzip -9'));
  for (const f of loaded) console.log(row(f.file, kb(f.raw), kb(f.gzip)));
  console.log(row('total (JS + WASM)', kb(totalRaw), kb(total)));
  if (lazy.length > 0) {
    console.log('Loaded only when needed (not in the total):');
    for (const f of lazy) console.log(row(f.file, kb(f.raw), kb(f.gzip)));
  }
  if (total > budget) {
    console.error(`Over budget: ${kb(total)} gzipped is more than ${kb(budget)}.`);
    process.exitCode = 1;
  } else {
    console.log(`Within the ${kb(budget)} budget.`);
  }
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
