// Brings the benchmark's pieces into place before it runs: its own npm packages, the WASM
// core (built by the root's `npm run setup`), the bench-only WASM module and the native
// benchmark (both rebuilt here when their sources change). Build chatter goes to stderr, so
// stdout carries only the report.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CORE_DIR = join(ROOT, 'build/wasm/pool');
// The pooling family's sources and the shared C++ they include.
const POOL_DIR = join(ROOT, 'core/pool');
const COMMON_INCLUDE = join(ROOT, 'core/common/include');
const HEAP_BENCH_DIR = join(ROOT, 'build/bench-wasm');

export function log(message) {
  process.stderr.write(`${message}\n`);
}

function run(command, args, options = {}) {
  log(`$ ${command} ${args.join(' ')}`);
  // stdout of the tools goes to our stderr too.
  execFileSync(command, args, { stdio: ['ignore', process.stderr, process.stderr], ...options });
}

function commandExists(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function newestModification(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      newest = Math.max(newest, newestModification(readdirSync(path).map((name) => join(path, name))));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestModification(sources);
}

/** Installs tests/bench/package.json's packages when node_modules is missing or older than the lock. */
export function ensureDependencies() {
  const installed = join(BENCH_DIR, 'node_modules/.package-lock.json');
  const lock = join(BENCH_DIR, 'package-lock.json');
  if (existsSync(installed) && !isStale(installed, [lock])) return;
  const install = existsSync(lock) ? 'ci' : 'install';
  run('npm', [install, '--no-audit', '--no-fund'], { cwd: BENCH_DIR });
}

/**
 * The path of the core's JS API, and a warning if the build looks older than the sources.
 * Throws with the command to run when the core is not built.
 */
export function findCore() {
  const entry = join(CORE_DIR, 'index.js');
  if (!existsSync(entry)) {
    throw new Error('The WASM core is not built (no build/wasm/pool/index.js). Run `npm run setup` ' +
      'at the repository root (or `bash .ci/setup`), then run the benchmark again.');
  }
  // The .wasm is compared by time with the C++ it is built from; the JS files are copied as
  // they are, and a checkout can leave a copy older than an unchanged source, so they are
  // compared by content.
  const cppSources = [...['src', 'include', 'wasm'].map((dir) => join(POOL_DIR, dir)), COMMON_INCLUDE];
  const jsCopies = [[join(POOL_DIR, 'js'), CORE_DIR], [join(ROOT, 'core/common/js'), join(ROOT, 'build/wasm/common')]];
  const jsDiffers = jsCopies.some(([from, to]) => readdirSync(from).some((name) =>
    !existsSync(join(to, name)) || !readFileSync(join(from, name)).equals(readFileSync(join(to, name)))));
  const warning = isStale(join(CORE_DIR, 'pool_core.wasm'), cppSources) || jsDiffers
    ? 'build/wasm/pool is older than core/pool or core/common: these numbers are for the last build; run `npm run setup` to rebuild.'
    : null;
  return { entry, warning };
}

/**
 * Builds the bench-only WASM module (wasm/heap_bench.cpp + the core's sources) into
 * build/bench-wasm with the flags the core's own build uses. { dir } or { unavailable }.
 */
export function buildHeapBench() {
  const output = join(HEAP_BENCH_DIR, 'heap_bench.mjs');
  const coreSources = readdirSync(join(POOL_DIR, 'src'))
    .filter((name) => name.endsWith('.cpp'))
    .map((name) => join(POOL_DIR, 'src', name));
  const sources = [join(POOL_DIR, 'src'), join(POOL_DIR, 'include'), COMMON_INCLUDE, join(BENCH_DIR, 'wasm'),
    join(BENCH_DIR, 'run_kernel.h'), join(BENCH_DIR, 'setup.mjs')];
  if (!isStale(output, sources)) return { dir: HEAP_BENCH_DIR };
  if (!commandExists('em++')) return { unavailable: 'em++ not found (Debian package emscripten)' };
  mkdirSync(HEAP_BENCH_DIR, { recursive: true });
  // Debian's em++ finds its JS tools only through NODE_PATH.
  const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
  // ENVIRONMENT=node with EXPORT_ES6 fails on Emscripten 3.1.6; the web build runs in Node
  // when given the .wasm bytes (heap.mjs does that).
  run('em++', [
    '-std=c++17', '-O3', '-msimd128', `-I${join(POOL_DIR, 'include')}`, `-I${COMMON_INCLUDE}`,
    ...coreSources, join(BENCH_DIR, 'wasm/heap_bench.cpp'),
    '-o', output,
    '-sMODULARIZE=1', '-sEXPORT_ES6=1', '-sEXPORT_NAME=createHeapBench',
    '-sENVIRONMENT=web,worker', '-sALLOW_MEMORY_GROWTH=1', '-sFILESYSTEM=0',
    '-sEXPORTED_FUNCTIONS=_malloc,_free', '-sEXPORTED_RUNTIME_METHODS=UTF8ToString',
  ], { env });
  return { dir: HEAP_BENCH_DIR };
}

/**
 * Configures and builds the Google Benchmark program. Through the root's POOL_BUILD_BENCH
 * option when the root CMakeLists.txt has it (build/bench-native), else from
 * tests/bench/native on its own (build/bench-native-standalone). { binary } or { unavailable }.
 */
export function buildNativeBench() {
  if (!commandExists('cmake')) return { unavailable: 'cmake not found' };
  const rootHasOption = readFileSync(join(ROOT, 'CMakeLists.txt'), 'utf8').includes('POOL_BUILD_BENCH');
  const [source, buildDir, extra] = rootHasOption
    ? [ROOT, join(ROOT, 'build/bench-native'), ['-DPOOL_BUILD_BENCH=ON']]
    : [join(BENCH_DIR, 'native'), join(ROOT, 'build/bench-native-standalone'), []];
  if (!rootHasOption) {
    log('note: the root CMakeLists.txt has no POOL_BUILD_BENCH option yet; building tests/bench/native on its own.');
  }
  try {
    // Configured every time (a second or two): a cache from before the option existed
    // would have no pool_bench target.
    run('cmake', ['-S', source, '-B', buildDir, '-DCMAKE_BUILD_TYPE=Release', ...extra]);
    run('cmake', ['--build', buildDir, '--target', 'pool_bench', `-j${os.cpus().length}`]);
  } catch (error) {
    return { unavailable: `the native build failed (${error.message.split('\n')[0]}); is libbenchmark-dev installed?` };
  }
  return { binary: join(buildDir, 'pool_bench') };
}

