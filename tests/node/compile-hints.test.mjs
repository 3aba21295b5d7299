// The compile hint goes on what a page runs as it opens and on nothing loaded later
// (web/site/build-time/compile-hints.mjs), judged from a bundle as Rolldown hands it over.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMPILE_HINT, compileHints, openingChunks } from '../../web/site/build-time/compile-hints.mjs';

const chunk = (fileName, { imports = [], dynamicImports = [], isEntry = false } = {}) =>
  ({ type: 'chunk', fileName, imports, dynamicImports, isEntry, code: `// ${fileName}\n` });

// A lesson page under a sub-path: its script imports the site's chunk and loads its element
// with import(); the page preloads the element's chunks. The element's adapter, "Embed this"
// and the code panel's source come later, by import() alone. The one-tag embed's element is an
// entry of its own build.
function bundle() {
  const files = [
    { type: 'asset', fileName: 'lessons/a/index.html', source: '<head><script type="module" crossorigin src="/courses/nn/assets/lesson-1.js"></script>\n<link rel="modulepreload" crossorigin href="/courses/nn/assets/define-1.js"><link rel="icon" href="/courses/nn/assets/favicon.svg"></head>' },
    chunk('assets/lesson-1.js', { imports: ['assets/site-1.js'], dynamicImports: ['assets/define-1.js', 'assets/embed-this-1.js'] }),
    chunk('assets/site-1.js'),
    chunk('assets/define-1.js', { imports: ['assets/kit-1.js', 'assets/glue-1.js'], dynamicImports: ['assets/adapter-1.js', 'assets/source-1.js'] }),
    chunk('assets/kit-1.js'),
    chunk('assets/glue-1.js', { imports: ['assets/kit-1.js'] }),
    chunk('assets/adapter-1.js', { imports: ['assets/kit-1.js', 'assets/checks-1.js'] }),
    chunk('assets/checks-1.js'),
    chunk('assets/embed-this-1.js'),
    chunk('assets/source-1.js'),
    chunk('pool-widget.js', { isEntry: true, imports: ['styles-1.js'] }),
    chunk('styles-1.js'),
    { type: 'asset', fileName: 'assets/favicon.svg', source: '<svg/>' },
  ];
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

test('a page\'s own scripts, its preloads, the entries and their static imports open the page', () => {
  const opening = [...openingChunks(bundle())].map((file) => file.fileName).sort();
  assert.deepEqual(opening, ['assets/define-1.js', 'assets/glue-1.js', 'assets/kit-1.js', 'assets/lesson-1.js', 'assets/site-1.js', 'pool-widget.js', 'styles-1.js']);
});

test('the plugin puts the hint first in those chunks and leaves the rest as they are', () => {
  const files = bundle();
  compileHints().generateBundle.handler({}, files);
  const hinted = Object.values(files).filter((file) => file.type === 'chunk' && file.code.startsWith(COMPILE_HINT)).map((file) => file.fileName).sort();
  assert.deepEqual(hinted, ['assets/define-1.js', 'assets/glue-1.js', 'assets/kit-1.js', 'assets/lesson-1.js', 'assets/site-1.js', 'pool-widget.js', 'styles-1.js']);
  assert.equal(files['assets/adapter-1.js'].code, '// assets/adapter-1.js\n', 'a later chunk is untouched');
  assert.equal(files['assets/kit-1.js'].code, `${COMPILE_HINT}// assets/kit-1.js\n`, 'the hint once, even for a chunk reached twice');
  assert.equal(COMPILE_HINT, '//# allFunctionsCalledOnLoad\n', 'the comment V8 reads, on a line of its own');
});
