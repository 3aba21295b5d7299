// The .d.ts of every family's JS API is written by hand (Debian's Emscripten has no
// --emit-tsd), so TypeScript checks it against the code that uses it as documented: each
// family's README example (core/<family>/README.md, the same code readme-example-runs runs),
// and the calls they describe in words (a step's state left out), as JavaScript under
// `tsc --checkJs --strict`, importing the package's own exports
// ('pooling-course/<family>', whose "types" are build/wasm/<family>/index.d.ts). A call, an
// option or a result field the types do not have, or have otherwise, fails here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Every family the package exports, by the folder its types are in (build/wasm/<family>/).
const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const FAMILIES = Object.values(exports).map((entry) => /^\.\/build\/wasm\/(\w+)\/index\.d\.ts$/.exec(entry.types)[1]);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

test('every family\'s README example type-checks against its .d.ts', () => {
  assert.ok(FAMILIES.length >= 6, `the six families of today, or more: ${FAMILIES}`);
  // Inside the repository, so 'pooling-course/<family>' resolves as the package itself.
  const dir = join(root, 'build/type-check');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const family of FAMILIES) {
    const example = readFileSync(join(root, `core/${family}/README.md`), 'utf8').match(/```js\n([\s\S]*?)```/)?.[1];
    assert.ok(example?.includes(`from 'pooling-course/`), `core/${family}/README.md has a js example importing the package`);
    writeFileSync(join(dir, `${family}.mjs`), example);
  }
  // Calls the READMEs describe in words: a step whose state is left out is a fresh optimiser's
  // (core/optim/README.md, core/learning/README.md), with its options left out too.
  writeFileSync(join(dir, 'calls-in-words.mjs'), [
    "import { loadOptim } from 'pooling-course/optim';",
    "import { loadLearning } from 'pooling-course/learning';",
    'const optim = await loadOptim();',
    'const learning = await loadLearning();',
    'optim.rmspropStep([1], [1]);',
    'optim.adamStep([1, 2], [1, 2]);',
    'learning.lambStep([1], [1]);',
    'optim.sgdStep([1], [1], undefined, { lr: 0.1 });',
    '',
  ].join('\n'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      allowJs: true, checkJs: true, noEmit: true, strict: true,
      module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], types: [],
    },
    include: ['*.mjs'],
  }));
  const run = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
  assert.equal(run.status, 0, `tsc found errors:\n${run.stdout}${run.stderr}`);
});
