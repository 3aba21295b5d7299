// Loads a family's Emscripten module (built with MODULARIZE and EXPORT_ES6) once per page or
// process. In Node the module gets the .wasm's bytes (wasmBinary); in a browser it fetches
// the .wasm's URL (locateFile). The family computes that URL itself, as
// `new URL('./<family>_core.wasm', import.meta.url)` beside its glue: written there, bundlers
// such as Vite see it and emit the .wasm as an asset.

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function moduleArguments(wasmUrl) {
  if (isNode) {
    // A variable specifier keeps bundlers from pulling node:fs into browser builds.
    const fsModule = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fsModule);
    return { wasmBinary: await readFile(wasmUrl) };
  }
  return { locateFile: () => wasmUrl.href };
}

/**
 * A function that loads the module once and gives every caller the same API; a failed load
 * may be retried by calling again.
 * @template Api
 * @param {(args: object) => Promise<object>} createModule The glue's default export.
 * @param {URL} wasmUrl Where the .wasm is.
 * @param {(module: object) => Api} makeApi Wraps the loaded module in the family's JS API.
 * @returns {() => Promise<Api>}
 */
export function moduleLoader(createModule, wasmUrl, makeApi) {
  let loading = null;
  return function load() {
    loading ??= moduleArguments(wasmUrl)
      .then((args) => createModule(args))
      .then(makeApi)
      .catch((error) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}
