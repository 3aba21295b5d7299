// Preload hints for a lesson's widget. The page's script defines the widget's element through a
// dynamic import (define-element.js), whose chunk imports the element, the block family's JS
// API and glue, which then fetches the family's .wasm: four or five round trips one after
// another before the first byte of the .wasm is asked for. On a phone on a slow network
// (150 ms a round trip) that chain is most of the wait for the widget's numbers, so each lesson
// page names, in its head, the chunks of its own element (`modulepreload`) and its family's
// .wasm (`preload` as a fetch, which the glue's streaming compile then takes from the cache);
// nothing of another element or family. The .wasm, the largest file the widget waits for, is
// asked for first, ahead of the page's own scripts.

import { withStaticImports } from './chunk-graph.mjs';

const TRY_IT_ELEMENT = /data-try-it[^>]*>\s*<([a-z][a-z0-9]*(?:-[a-z0-9]+)+)/;

/**
 * The page's HTML with the preload links of its widget, when the page has one (build only:
 * the bundle is known then).
 * @param {string} html the page after Vite's own transforms
 * @param {import('vite').Rollup.OutputBundle | undefined} bundle
 * @param {string} base the site's base path, ending in "/"
 */
export function addWidgetPreloads(html, bundle, base) {
  const tag = TRY_IT_ELEMENT.exec(html)?.[1];
  if (!tag || !bundle) return html;
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const define = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/components/${tag}/define.js`));
  if (!define) return html;
  const links = [];
  const wasm = [];
  for (const chunk of withStaticImports(bundle, [define])) {
    const name = chunk.fileName;
    if (!html.includes(`${base}${name}"`)) links.push(`<link rel="modulepreload" crossorigin href="${base}${name}">`);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) {
      // crossorigin (credentials "same-origin") as the glue's fetch asks, or it fetches again.
      if (asset.endsWith('.wasm')) wasm.push(`<link rel="preload" as="fetch" type="application/wasm" crossorigin href="${base}${asset}">`);
    }
  }
  let out = html;
  if (wasm.length) {
    const firstScript = out.search(/<script[\s>]/);
    const at = firstScript >= 0 && firstScript < out.indexOf('</head>') ? firstScript : out.indexOf('</head>');
    out = `${out.slice(0, at)}${wasm.join('\n    ')}\n    ${out.slice(at)}`;
  }
  return links.length ? out.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : out;
}
