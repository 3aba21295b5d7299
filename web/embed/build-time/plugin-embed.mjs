// Vite plugin: after the site is built, builds the one-tag embed into <outDir>/embed/.
//
// The embed is a build of its own rather than more entries of the site's, so that it shares
// no chunk with the lesson pages: dist/embed/ holds one script per embeddable element of the
// registry, <tag>.js (unhashed: the address teachers paste), the .wasm it loads, and its lazily
// loaded chunks, and nothing of the site. Its base is relative, so every file it loads is found
// from the script's own URL (import.meta.url), whichever page embeds it.
import path from 'node:path';
import { build } from 'vite';
import { ELEMENT_TAGS, loadAdapter } from '../../components/registry.js';
import { courseMessages } from '../../i18n/build-time/plugin-messages.mjs';
import { plainDynamicImports } from './plugin-plain-dynamic-imports.mjs';

export const EMBED_DIR = 'embed';

// The embeddable elements (their adapter says how to embed them) -> their define.js, which the
// registry's convention puts in the folder named after the tag.
async function embedEntries(root) {
  const entries = {};
  for (const tag of ELEMENT_TAGS) {
    if ((await loadAdapter(tag)).EMBED) entries[tag] = path.join(root, 'components', tag, 'define.js');
  }
  return entries;
}

/**
 * @param {object} options
 * @param {string} options.root   the site's Vite root (web/)
 * @param {import('vite').AliasOptions} options.alias the aliases the widgets' imports need
 * @param {(() => import('vite').Plugin)[]} [options.plugins] makers of more plugins for the
 *   embed's build (a new instance each, as a plugin belongs to one build)
 */
export function embedBundle({ root, alias, plugins = [] }) {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  let built = false;
  return {
    name: 'embed-bundle',
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
        // Each element's words come with it; there is no page whose words to bundle. Its lazy
        // chunks load by plain import(), without Vite's preload helper (see there).
        plugins: [courseMessages({ pageAreas: [] }), plainDynamicImports(), ...plugins.map((make) => make())],
        resolve: { alias },
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          // Nothing to preload: the lazy chunks (the C++ source) import nothing.
          modulePreload: false,
          assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
          copyPublicDir: false,
          rolldownOptions: {
            input: await embedEntries(root),
            // As in the site's build (../../vite.config.js): on a loaded machine Rolldown would
            // list its plugins' timings, which say nothing here.
            checks: { pluginTimings: false },
            preserveEntrySignatures: 'exports-only',
            output: {
              entryFileNames: '[name].js',
              chunkFileNames: '[name]-[hash].js',
              assetFileNames: '[name]-[hash][extname]',
            },
          },
        },
      });
    },
  };
}
