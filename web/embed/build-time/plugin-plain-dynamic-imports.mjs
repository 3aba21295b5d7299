// Vite plugin for the embed's build: its dynamic imports (the C++ source of the code panel, the
// words of a language) run as plain import()s, without Vite's preload helper, which Vite adds
// even with modulePreload: false (vitejs/vite#18551) and which weighs 0.7 KB gzipped in the
// one-tag embed.
//
// The helper preloads a lazy chunk's CSS, and the embed has none (the build fails if it gets
// some). It also dispatches `vite:preloadError` on the window when an import fails: in an embed
// that is the host page's window, where a handler of the host's own (Vite's docs suggest one
// that reloads the page) would take the embed's failure for the host's. Without the helper a
// failed import rejects as it did through it, and the embed's callers handle that.
const PRELOAD_HELPER = '\0vite/preload-helper.js';

export function plainDynamicImports() {
  return {
    name: 'embed-plain-dynamic-imports',
    enforce: 'pre',
    load(id) {
      return id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined;
    },
    generateBundle(_, bundle) {
      const css = Object.keys(bundle).filter((file) => file.endsWith('.css'));
      if (css.length > 0) {
        this.error(`the embed has CSS files (${css.join(', ')}), which only Vite's preload helper loads: `
          + 'give its styles to the elements (constructed style sheets) or drop plainDynamicImports');
      }
    },
  };
}
