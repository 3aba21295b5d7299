// Vite plugin: after the site is built, builds the one-tag embed into <outDir>/embed/.
//
// The embed is a build of its own rather than another entry of the site's, so that it shares
// no chunk with the lesson pages: dist/embed/ holds pool-widget.js (unhashed: the address
// teachers paste), the .wasm it loads, and the lazily loaded C++ source of the "code" panel,
// and nothing of the site. Its base is relative, so every file it loads is found from the
// script's own URL (import.meta.url), whichever page embeds it.
import path from 'node:path';
import { build } from 'vite';

export const EMBED_DIR = 'embed';
export const EMBED_ENTRY = 'pool-widget.js';

/**
 * @param {object} options
 * @param {string} options.root   the site's Vite root (web/)
 * @param {import('vite').AliasOptions} options.alias the aliases the widget's imports need
 */
export function embedBundle({ root, alias }) {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  let built = false;
  return {
    name: 'pool-embed-bundle',
    apply: 'build',

    configResolved(resolved) {
      config = resolved;
    },

    async closeBundle() {
      // A build that writes nothing (tests) or a second call (several environments) skips it.
      if (built || config.build.write === false || config.build.ssr) return;
      built = true;
      const outDir = path.resolve(config.root, config.build.outDir, EMBED_DIR);
      await build({
        configFile: false,
        root,
        base: './',
        mode: config.mode,
        logLevel: config.logLevel,
        publicDir: false,
        resolve: { alias },
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          // Nothing to preload: the only lazy chunk (the C++ source) imports nothing.
          modulePreload: false,
          assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
          copyPublicDir: false,
          rolldownOptions: {
            input: { 'pool-widget': path.join(root, EMBED_DIR, EMBED_ENTRY) },
            preserveEntrySignatures: 'exports-only',
            output: {
              entryFileNames: EMBED_ENTRY,
              chunkFileNames: '[name]-[hash].js',
              assetFileNames: '[name]-[hash][extname]',
            },
          },
        },
      });
    },
  };
}
