// The Chinese message file has every key the English one has, no other, and the same
// {placeholders} in each; the runtime reads language tags and keys as web/i18n/README.md says.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { keysOf, LANGUAGES, loadLanguage, messagesOf, missingKeys, normaliseLang, placeholdersOf, translator } from '../../web/i18n/i18n.js';

await loadLanguage('zh-CN');

const valueAt = (messages, key) => key.split('.').reduce((node, part) => node?.[part], messages);

test('zh-CN has every key of en, and no key en lacks', () => {
  assert.deepEqual(missingKeys('zh-CN'), []);
  assert.deepEqual(keysOf(messagesOf('zh-CN')), keysOf(messagesOf('en')));
});

test('every zh-CN message has the placeholders of its en twin', () => {
  for (const key of keysOf(messagesOf('en'))) {
    assert.deepEqual(placeholdersOf(valueAt(messagesOf('zh-CN'), key)), placeholdersOf(valueAt(messagesOf('en'), key)), key);
  }
});

test('every widget area is in both files, written in Chinese in zh-CN', () => {
  for (const area of ['site', 'exercises', 'shared', 'pool-widget', 'pool-playground', 'neuron-widget', 'embedding-widget', 'dropout-widget', 'core']) {
    assert.ok(area in messagesOf('en') && area in messagesOf('zh-CN'), area);
  }
  for (const area of ['pool-widget', 'neuron-widget', 'embedding-widget', 'dropout-widget', 'core']) {
    const chinese = keysOf(messagesOf('zh-CN')[area], area).filter((key) => /[\u4e00-\u9fff]/.test(valueAt(messagesOf('zh-CN'), key)));
    assert.ok(chinese.length >= keysOf(messagesOf('en')[area]).length * 0.8, `${area}: most messages are Chinese`);
  }
});

test('missingKeys names a missing and an extra key', () => {
  const zh = messagesOf('zh-CN');
  const saved = zh['pool-widget'].views.gradient;
  delete zh['pool-widget'].views.gradient;
  zh['pool-widget'].views.extra = 'x';
  try {
    assert.deepEqual(missingKeys('zh-CN'), ['pool-widget.views.gradient', 'extra: pool-widget.views.extra']);
  } finally {
    zh['pool-widget'].views.gradient = saved;
    delete zh['pool-widget'].views.extra;
  }
});

test('language tags read as en or zh-CN', () => {
  assert.deepEqual(LANGUAGES, ['en', 'zh-CN']);
  for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-SG', 'ZH-hans-cn', 'zh_CN', 'zh-Hans-HK', 'zh-Hans-TW']) assert.equal(normaliseLang(tag), 'zh-CN', tag);
  for (const tag of ['en', 'en-GB', 'fr', '', null, undefined, 'zh-TW', 'zh-Hant', 'zh-HK', 'zh-Hant-CN']) assert.equal(normaliseLang(tag), 'en', String(tag));
});

test('t fills placeholders, and throws naming an unknown key or a missing value', () => {
  const t = translator('zh-CN');
  assert.equal(t('pool-widget.windows.window', { number: 3, value: 2.5 }), '窗口 3：2.5');
  assert.equal(translator('en')('pool-widget.windows.window', { number: 3, value: 2.5 }), 'Window 3: 2.5');
  assert.throws(() => t('pool-widget.no-such-key'), /pool-widget\.no-such-key/);
  assert.throws(() => t('pool-widget.windows.window'), /\{number\}/);
});

test('a Chinese value meets the Chinese around it with no space, a Latin one keeps its space', () => {
  const t = translator('zh-CN');
  assert.equal(t('shared.widget.typed', { label: '偏置', value: 1 }), '偏置改为 1');
  assert.equal(t('shared.widget.typed', { label: '遗忘门 f，b', value: 0 }), '遗忘门 f，b 改为 0');
  assert.equal(t('pool-playground.examples.from', { source: '本课程' }), '出自本课程');
  assert.equal(t('pool-playground.picture.reading', { name: '我的 猫.png' }), '正在读取我的 猫.png…', 'a value keeps its own spaces');
  assert.equal(translator('en')('shared.widget.typed', { label: 'Bias', value: 1 }), 'Bias is 1');
});
