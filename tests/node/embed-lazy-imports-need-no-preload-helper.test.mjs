// The embed build's plainDynamicImports plugin: Vite's preload helper becomes a plain call of the
// import, every other module is left to Vite, and a bundle with CSS (which only the helper would
// load) stops the build with a message saying why.
import assert from 'node:assert/strict';
import test from 'node:test';
import { plainDynamicImports } from '../../web/embed/build-time/plugin-plain-dynamic-imports.mjs';

test('the preload helper is a plain call of the import, and other modules are Vite\'s', async () => {
  const plugin = plainDynamicImports();
  const source = plugin.load('\0vite/preload-helper.js');
  assert.match(source, /__vitePreload/, 'the helper keeps the name Vite calls');
  const { __vitePreload } = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  assert.equal(await __vitePreload(async () => 'the chunk', ['a.css'], 'https://host.example/'), 'the chunk',
    'it gives what the import gives, and loads none of the deps');
  await assert.rejects(__vitePreload(() => Promise.reject(new Error('offline'))), /offline/, 'a failed import rejects as it did');
  assert.equal(plugin.load('/web/embed/pool-widget.js'), undefined, 'another module loads as Vite loads it');
});

test('a bundle with a CSS file stops the build, naming it', () => {
  const plugin = plainDynamicImports();
  const context = { error(message) { throw new Error(message); } };
  assert.doesNotThrow(() => plugin.generateBundle.call(context, {}, { 'pool-widget.js': {}, 'pool_core.wasm': {} }));
  assert.throws(() => plugin.generateBundle.call(context, {}, { 'pool-widget.js': {}, 'assets/code-panel.css': {} }),
    /the embed has CSS files \(assets\/code-panel\.css\)/);
});
