// The JS API example of the pooling family's README (core/pool/README.md) runs as written, in
// Node, and gives the numbers it promises.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('the README example of the JS API runs and prints the lesson numbers', () => {
  const readme = readFileSync(join(root, 'core/pool/README.md'), 'utf8');
  const example = readme.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(example, 'the README has a ```js example');
  assert.match(example, /from 'pooling-course\/core'/, 'it imports the package export');
  // Outside the repo the package name does not resolve, so point it at the built module.
  const coreUrl = pathToFileURL(join(root, 'build/wasm/pool/index.js')).href;
  const script = example.replace("'pooling-course/core'", `'${coreUrl}'`)
    + '\nconsole.log(JSON.stringify({ data: [...data], shape, grad: [...grad], maxShape: max.shape,'
    + ' values: [...values.data], valuesHaveIndices: \'indices\' in values }));\n';
  const file = join(mkdtempSync(join(tmpdir(), 'readme-example-')), 'example.mjs');
  writeFileSync(file, script);
  const printed = JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim().split('\n').pop());
  assert.deepEqual(printed.data, [2.5, 4.5, 10.5, 12.5]);
  assert.deepEqual(printed.shape, [1, 1, 2, 2]);
  assert.deepEqual(printed.grad, [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
  assert.deepEqual(printed.maxShape, [1, 4, 4]);
  assert.deepEqual(printed.values, [5, 7, 13, 15]);
  assert.equal(printed.valuesHaveIndices, false);
});
