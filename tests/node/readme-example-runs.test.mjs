// The JS API example of each family's README (core/<family>/README.md) runs as written, in
// Node, and gives the numbers it promises.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the ```js example of core/<family>/README.md, then prints `printed` as JSON. */
function runExample(family, packageExport, printed) {
  const readme = readFileSync(join(root, `core/${family}/README.md`), 'utf8');
  const example = readme.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(example, 'the README has a ```js example');
  assert.ok(example.includes(`from '${packageExport}'`), 'it imports the package export');
  // Outside the repo the package name does not resolve, so point it at the built module.
  const moduleUrl = pathToFileURL(join(root, `build/wasm/${family}/index.js`)).href;
  const script = example.replace(`'${packageExport}'`, `'${moduleUrl}'`)
    + `\nconsole.log(JSON.stringify(${printed}));\n`;
  const file = join(mkdtempSync(join(tmpdir(), 'readme-example-')), 'example.mjs');
  writeFileSync(file, script);
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim().split('\n').pop());
}

test('the README example of the JS API runs and prints the lesson numbers', () => {
  const printed = runExample('pool', 'pooling-course/core', '{ data: [...data], shape, grad: [...grad], maxShape: max.shape,'
    + ' values: [...values.data], valuesHaveIndices: \'indices\' in values }');
  assert.deepEqual(printed.data, [2.5, 4.5, 10.5, 12.5]);
  assert.deepEqual(printed.shape, [1, 1, 2, 2]);
  assert.deepEqual(printed.grad, [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
  assert.deepEqual(printed.maxShape, [1, 4, 4]);
  assert.deepEqual(printed.values, [5, 7, 13, 15]);
  assert.equal(printed.valuesHaveIndices, false);
});

test('the activations README example runs and prints the numbers it promises', () => {
  const printed = runExample('activations', 'pooling-course/activations',
    '{ y: [...y], grad: [...grad], elu: [...elu], gelu: [...gelu] }');
  assert.deepEqual(printed.y, [0, 0, 0, 0.5, 2]);
  assert.deepEqual(printed.grad, [0, 0, 0, 1, 1]);
  assert.deepEqual(printed.elu, [2, 1]);
  assert.ok(Math.abs(printed.gelu[0] - 0.841192) < 1e-6);
});
