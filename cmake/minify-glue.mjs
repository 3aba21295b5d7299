// Minifies the Emscripten JS glue in place: local names mangled, code compressed. Emscripten
// 3.1.6 mangles names only through the Closure Compiler, which Debian does not package, so
// this uses the minifier Vite ships (oxc, through rolldown). CMake runs it after each link of
// each family's WASM module (cmake/CoreFamily.cmake):
//   node cmake/minify-glue.mjs build/wasm/pool/pool_core.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node cmake/minify-glue.mjs <glue.mjs>');
  process.exit(2);
}

let minifySync;
try {
  ({ minifySync } = await import('vite'));
} catch {
  console.error('minify-glue: Vite is not installed; run `npm ci` at the repository root first.');
  process.exit(1);
}

const source = readFileSync(file, 'utf8');
const { code, errors } = minifySync(file, source, { compress: true, mangle: true, module: true });
if (errors?.length) {
  console.error(`minify-glue: ${file}: ${errors.map((e) => e.message).join('; ')}`);
  process.exit(1);
}
writeFileSync(file, code);
console.log(`minify-glue: ${file}: ${source.length} -> ${code.length} bytes`);
