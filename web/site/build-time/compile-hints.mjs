// Build plugin: marks the scripts a page runs as it opens with V8's compile hint,
// `//# allFunctionsCalledOnLoad` (the per-file explicit compile hint, on by default in Chromium
// since 136; other engines read a comment). V8 compiles a function the first time it runs, on
// the main thread; with the hint it compiles the whole file while the script streams in, on a
// background thread. On a phone the main thread is what a learner waits on: in traces of the
// ReLU lesson loading under the bench's 4x-slowed CPU, the main thread's lazy compiling
// (V8.CompileCode) went from 107-187 ms to 53-62 ms (tests/bench/README.md).
//
// The scripts that get it: those a page names in its head (its own scripts, and the widget's
// chunks it preloads: widget-preloads.mjs), each entry of the build (an element of the one-tag
// embed), and every chunk those import statically. A chunk imported later ("Embed this", an
// element's adapter, the code panel's C++ source) keeps V8's lazy compiling: compiling code
// that may never run only costs.
import { withStaticImports } from './chunk-graph.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const NAMED_FILE = /<(?:script|link)\b[^>]*\s(?:src|href)="([^"]+\.js)"/g;

/**
 * The chunks of `bundle` a page runs as it opens: the entries and those its HTML pages name,
 * with everything they import statically.
 * @param {import('vite').Rollup.OutputBundle} bundle
 * @returns {Set<import('vite').Rollup.OutputChunk>}
 */
export function openingChunks(bundle) {
  const files = Object.values(bundle);
  const named = new Set();
  for (const page of files.filter((file) => file.type === 'asset' && file.fileName.endsWith('.html'))) {
    for (const [, address] of String(page.source).matchAll(NAMED_FILE)) named.add(address);
  }
  const names = [...named];
  const roots = files.filter((file) => file.type === 'chunk'
    && (file.isEntry || names.some((address) => address.endsWith(`/${file.fileName}`) || address === file.fileName)));
  return withStaticImports(bundle, roots);
}

/** @returns {import('vite').Plugin} */
export function compileHints() {
  return {
    name: 'course-compile-hints',
    apply: 'build',
    // Last, once the pages' HTML is in the bundle; after hashing, so the file names stay those
    // of the code without the (constant) comment.
    generateBundle: {
      order: 'post',
      handler(options, bundle) {
        for (const chunk of openingChunks(bundle)) chunk.code = COMPILE_HINT + chunk.code;
      },
    },
  };
}
