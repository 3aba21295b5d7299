// Vite config of the course site. Root is web/; `vite build` writes dist/ at the repo root.
// Pages are not HTML files here: web/site/build-time/plugin-course.mjs makes them from lessons/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { embedBundle } from './embed/build-time/plugin-embed.mjs';
import { courseMessages } from './i18n/build-time/plugin-messages.mjs';
import { compileHints } from './site/build-time/compile-hints.mjs';
import { courseBase } from './site/build-time/hosting.mjs';
import { coursePages } from './site/build-time/plugin-course.mjs';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '..');

// The core's modules, for the site and for the one-tag embed (built separately, same imports).
const alias = [
  // The pooling core's JS API (build/wasm/pool/, which imports build/wasm/common/); it finds
  // pool_core.wasm with new URL(..., import.meta.url), which Vite follows and emits as an asset.
  { find: /^@core$/, replacement: path.join(repoRoot, 'build/wasm/pool/index.js') },
  // The pooling family's C++ sources, for pages that show a kernel:
  // import text from '@core-src/reference.cpp?raw'.
  { find: /^@core-src\//, replacement: `${path.join(repoRoot, 'core/pool/src')}/` },
];

// The modules the pages' entry scripts share, grouped into one chunk (below).
const SITE_CHUNK = /web[\\/](site[\\/](browser[\\/](language|progress|offline)|shared[\\/])|i18n[\\/](i18n|areas)\.js|components[\\/](registry|define-element)\.js)|vite[\\/]preload-helper/;

// What the elements share (their shared folder, the core's loader, the reading of the core's
// errors in the learner's language), grouped into one chunk when at least KIT_SHARED_BY entry
// chunks (in effect, elements) reference it: every lesson page loads the whole chunk, so a module
// few elements use goes into a chunk that only their pages load.
const KIT_SHARED_BY = 5;
const WIDGET_KIT = /web[\\/](components[\\/]shared[\\/]|i18n[\\/]localise-error\.js)|build[\\/]wasm[\\/]common[\\/]/;

export default defineConfig({
  root: webDir,
  // COURSE_BASE: the sub-path the site is served under, e.g. /courses/nn/ on a project page of a
  // static host; every page, asset, iframe route and the .wasm resolve under it.
  base: courseBase(),
  // Each page is its own HTML document; an unknown address is a 404, not the catalogue.
  appType: 'mpa',
  publicDir: false,
  // courseMessages: each page gets the site's words and its own widget's, not every widget's.
  // compileHints: the scripts a page runs as it opens compile off the main thread (see there);
  // the embed's own build gets one as well.
  plugins: [coursePages({ repoRoot }), courseMessages(), compileHints(), embedBundle({ root: webDir, alias, plugins: [compileHints] })],
  resolve: { alias },
  // No browser code depends on CommonJS packages, so nothing needs pre-bundling; scanning the
  // virtual pages for dependencies would only fail.
  optimizeDeps: { noDiscovery: true, include: [] },
  server: {
    fs: { allow: [repoRoot] },
  },
  // Other sites embed the widget: its script, chunks and .wasm (and the oEmbed answers) may be
  // fetched from any origin. sirv already serves .wasm as application/wasm.
  preview: {
    cors: { origin: '*' },
  },
  build: {
    // COURSE_OUT_DIR lets parallel work build (and preview) somewhere other than dist/.
    outDir: process.env.COURSE_OUT_DIR ? path.resolve(process.env.COURSE_OUT_DIR) : path.join(repoRoot, 'dist'),
    emptyOutDir: true,
    // Every browser the course supports knows <link rel="modulepreload">: no polyfill, which
    // would be one more request in front of each page's own scripts.
    modulePreload: { polyfill: false },
    // Keep the .wasm (and every other file) a separate asset, never an inlined data: URL.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: {
      // The element adapters load the core dynamically only at build time (to check lessons);
      // in the browser the elements import it statically, so it is one chunk either way.
      // ... and on a loaded machine it would list its plugins' timings, which say nothing here.
      checks: { ineffectiveDynamicImport: false, pluginTimings: false },
      output: {
        // What every page's scripts share (the site's plumbing, the words, the registry of
        // elements, Vite's preload helper) in one chunk, not six, and what the elements share
        // in another, not six to nine: on a phone's connection (six requests at a time over
        // HTTP/1.1, 150 ms a round trip) each file is a wait. But every lesson page loads and
        // compiles the whole kit (each script a page opens with is compiled whole: see
        // compile-hints), so it holds only the modules KIT_SHARED_BY entry chunks or more
        // share; the measurements that chose this are in tests/bench/README.md.
        codeSplitting: {
          groups: [{ name: 'site', test: SITE_CHUNK }, { name: 'widget-kit', test: WIDGET_KIT, minShareCount: KIT_SHARED_BY }],
        },
      },
    },
  },
});
