// The build's chunks as a graph: what a chunk brings with it when it loads.

/**
 * The chunks of `bundle` that `roots` load: each root and every chunk it imports statically,
 * directly or through another (a dynamic import() is not followed), each once.
 * @param {import('vite').Rollup.OutputBundle} bundle
 * @param {Iterable<import('vite').Rollup.OutputChunk>} roots
 * @returns {Set<import('vite').Rollup.OutputChunk>}
 */
export function withStaticImports(bundle, roots) {
  const loaded = new Set();
  const visit = (chunk) => {
    if (!chunk || loaded.has(chunk)) return;
    loaded.add(chunk);
    for (const name of chunk.imports) visit(bundle[name]);
  };
  for (const root of roots) visit(root);
  return loaded;
}
