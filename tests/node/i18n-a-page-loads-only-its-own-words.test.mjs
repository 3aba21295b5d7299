// A page downloads the site's words and its own widget's, not every widget's (web/i18n/README.md,
// "A page downloads only its own words"): builds the course (nothing written to disk) and reads
// what a lesson page's scripts and preloads hold, and what the catalogue's hold.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

import { elementAreas, PAGE_AREAS } from '../../web/i18n/build-time/plugin-messages.mjs';
import { keysOf, messagesOf } from '../../web/i18n/i18n.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const en = messagesOf('en');

// The area's longest plain message (letters, spaces and simple punctuation only), as the
// bundle writes it whatever its quotes.
function telltale(area) {
  const values = keysOf(en[area], area).map((key) => key.split('.').reduce((node, part) => node[part], en))
    .filter((value) => /^[A-Za-z ,.()-]+$/.test(value) && value.length >= 15);
  return values.sort((a, b) => b.length - a.length)[0];
}

test('an element takes its own area, the shared ones, and any its code names', async () => {
  const componentsDir = path.join(repoRoot, 'web/components');
  const areas = Object.keys(en);
  assert.deepEqual((await elementAreas(componentsDir, 'neuron-widget', areas)).sort(), ['core', 'neuron-widget', 'shared']);
  assert.ok((await elementAreas(componentsDir, 'pool-playground', areas)).includes('pool-widget'), 'the playground names pool-widget keys');
});

test('a lesson page holds its widget\'s words and the site\'s, and no other widget\'s', async () => {
  const result = await build({
    configFile: path.join(repoRoot, 'web/vite.config.js'),
    logLevel: 'silent',
    build: { write: false, emptyOutDir: false, outDir: path.join(repoRoot, 'build/i18n-test-dist') },
  });
  const output = (Array.isArray(result) ? result : [result]).flatMap((bundle) => bundle.output);
  const files = new Map(output.map((file) => [file.fileName, file.type === 'chunk' ? file.code : String(file.source)]));
  // What a page's head makes the browser fetch at once: its scripts and module preloads.
  const fetchedBy = (page) => [...files.get(page).matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\/([^"]+\.js)"/g)]
    .map((match) => files.get(match[1])).join('\n');

  const relu = fetchedBy('lessons/one-neuron/relu/index.html');
  for (const area of ['site', 'neuron-widget', 'shared']) assert.ok(relu.includes(telltale(area)), `relu's page holds the ${area} words`);
  for (const area of ['pool-widget', 'pool-playground', 'batchnorm-widget', 'loss-widget']) {
    assert.ok(!relu.includes(telltale(area)), `relu's page holds no ${area} words`);
  }
  const catalogue = fetchedBy('index.html');
  for (const area of PAGE_AREAS) assert.ok(catalogue.includes(telltale(area)), `the catalogue holds the ${area} words`);
  for (const area of ['shared', 'core', 'neuron-widget', 'pool-widget']) assert.ok(!catalogue.includes(telltale(area)), `the catalogue holds no ${area} words`);
  // No page fetches Chinese up front; every area of it is a chunk a Chinese page loads.
  const zh = messagesOf('zh-CN') ?? (await import('../../web/i18n/messages/zh-CN.json', { with: { type: 'json' } })).default;
  const sample = keysOf(zh['neuron-widget'], 'neuron-widget').map((key) => key.split('.').reduce((node, part) => node[part], zh))
    .find((value) => /^[\u4e00-\u9fff]+$/.test(value));
  assert.ok(sample, 'a Chinese message of neuron-widget to look for');
  assert.ok(!relu.includes(sample) && !catalogue.includes(sample), 'the Chinese words are not in the English pages');
  assert.ok([...files.values()].some((code) => code.includes(sample)), 'the Chinese words are in a chunk of their own');
});
