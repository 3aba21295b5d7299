// Every error the rejection tests make the core and the widgets' attribute readers throw reads
// as a Chinese sentence through the zh-CN localiser (web/i18n/localise-error.js), keeping the
// PyTorch/camelCase parameter names and the values. The rejection tests run unchanged, with a
// preload (i18n-capture-errors.mjs) that records each error they expect.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadLanguage } from '../../web/i18n/i18n.js';
import { readError } from '../../web/i18n/localise-error.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REJECTION_TESTS = [
  'core-rejects-bad-arguments.test.mjs',
  'activations-reject-bad-arguments.test.mjs',
  'core-errors-are-core-errors.test.mjs',
  'core-limits.test.mjs',
  'pool-refuses-work-beyond-its-cap.test.mjs',
  'typed-arrays-as-arguments.test.mjs',
  'pool-attributes.test.mjs',
  'pool-settings.test.mjs',
  'neuron-settings.test.mjs',
  'batchnorm-adapter.test.mjs',
];
// What a learner can read: the core's errors, the attribute readers' and the links' (setState's
// and the lessons' front-matter errors go to developers and authors, in English).
const READ_BY_LEARNERS = new Set(['PoolError', 'ActivationError', 'CoreError', 'AttributeError', 'SettingsQueryError']);

await loadLanguage('zh-CN');

function capturedErrors() {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-capture-'));
  const file = path.join(dir, 'errors.jsonl');
  try {
    // Without NODE_TEST_CONTEXT the child is a test run of its own, not a part of this one.
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    execFileSync(process.execPath, [
      '--import', path.join(here, 'i18n-capture-errors.mjs'), '--test', ...REJECTION_TESTS.map((name) => path.join(here, name)),
    ], { env: { ...env, I18N_CAPTURE: file }, stdio: 'pipe' });
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    return [...new Map(lines.filter((e) => READ_BY_LEARNERS.has(e.name)).map((e) => [e.message, e])).values()];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Names in code (kernelSize, kernel_size, input[2], Float32Array) and numbers: what the Chinese
// sentence must keep as it is.
const CODE_TOKENS = /[A-Za-z]+(?:[A-Z_][a-z0-9]*)+(?:\[\d+\])?|\b[a-z]+\[\d+\]|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/g;

test('every error a learner can meet reads in Chinese, with its names and values', () => {
  const errors = capturedErrors();
  assert.ok(errors.filter((e) => e.name !== 'AttributeError').length >= 60, `the core's errors were captured (${errors.length})`);
  assert.ok(errors.filter((e) => e.name === 'AttributeError').length >= 15, 'the attribute errors were captured');
  for (const { message } of errors) {
    const { text, matched } = readError(message, 'zh-CN');
    assert.ok(matched, `no template reads: ${message}`);
    assert.match(text, /[\u4e00-\u9fff]/, text);
    for (const token of message.match(CODE_TOKENS) ?? []) assert.ok(text.includes(token), `"${token}" kept in ${text}`);
    // No English sentence left: outside quotes, code and the (C, H, W) shapes, no three English words in a row.
    const outsideQuotes = text.replace(/"[^"]*"|'[^']*'|\([^)]*\)|\{[^}]*\}|\[[^\]]*\]/g, '');
    assert.doesNotMatch(outsideQuotes, /\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/i, `English left in: ${text}`);
  }
});

test('a message without a template comes in English inside a Chinese sentence', () => {
  const { text, matched } = readError('something new went wrong', 'zh-CN');
  assert.equal(matched, false);
  assert.match(text, /[\u4e00-\u9fff].*something new went wrong/);
  assert.deepEqual(readError('stride must be positive, got 0', 'en'), { text: 'stride must be positive, got 0', matched: true });
});

test('an attribute error quoting the core reads from the outside in', () => {
  assert.equal(readError('Attribute stride="0": stride must be positive, got 0', 'zh-CN').text, '属性 stride="0"：stride 必须是正数，实际为 0');
  assert.equal(readError('Attribute op="min": use "avg" or "max".', 'zh-CN').text, '属性 op="min"：请从 "avg" 或 "max" 中选一个。');
});

test('a message that lost its full stop (quoted inside another) reads without one, and one that kept it with one', () => {
  assert.deepEqual(readError('weights: give one weight per input: 3, not 2', 'zh-CN'), { text: 'weights：每个输入对应一个权重：应有 3 个，而不是 2 个', matched: true });
  assert.equal(readError('"0,1" has a decimal comma: write 0.1, with a point', 'zh-CN').text, '"0,1" 用逗号作了小数点：请写成 0.1，用小数点');
  assert.equal(readError('"0,1" has a decimal comma: write 0.1, with a point.', 'zh-CN').text, '"0,1" 用逗号作了小数点：请写成 0.1，用小数点。');
});
