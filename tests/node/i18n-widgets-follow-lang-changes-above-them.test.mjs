// web/i18n/follow-lang.js on a small stand-in DOM (elements, one shadow root, a MutationObserver
// that delivers when asked): which widgets are called back after a change of lang, which
// roots are observed, and that a widget that leaves is forgotten. The browser side (real
// widgets re-rendering) is tests/e2e/widgets-follow-the-pages-language.spec.js.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { followLang, unfollowLang } from '../../web/i18n/follow-lang.js';

const observers = [];
globalThis.MutationObserver = class {
  targets = new Set();
  pending = [];
  constructor(callback) {
    this.callback = callback;
    observers.push(this);
  }
  observe(target, options) {
    assert.deepEqual(options.attributeFilter, ['lang']);
    this.targets.add(target);
  }
  disconnect() {
    this.targets.clear();
    this.pending = [];
  }
  takeRecords() {
    const records = this.pending;
    this.pending = [];
    return records;
  }
};

const doc = { nodeType: 9, parentNode: null };
class Element {
  nodeType = 1;
  attributes = new Map();
  constructor(parentNode, lang) {
    this.parentNode = parentNode;
    if (lang) this.attributes.set('lang', lang);
  }
  hasAttribute(name) { return this.attributes.has(name); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  get lang() { return this.getAttribute('lang') ?? ''; }
  get ownerDocument() { return doc; }
  getRootNode() {
    let node = this;
    while (node.parentNode) node = node.parentNode;
    return node;
  }
  get isConnected() {
    let root = this.getRootNode();
    while (root.host) root = root.host.getRootNode();
    return root === doc;
  }
}
doc.documentElement = new Element(doc, 'en');

// Sets (or with null removes) lang, then delivers the record as a browser would: to each
// observer watching a root whose subtree holds the element (a subtree stops at a shadow root).
function setLang(el, value) {
  if (value === null) el.attributes.delete('lang');
  else el.attributes.set('lang', value);
  for (const observer of observers) {
    if (observer.targets.has(el.getRootNode())) observer.pending.push({ target: el, attributeName: 'lang' });
  }
  for (const observer of observers) {
    const records = observer.takeRecords();
    if (records.length) observer.callback(records);
  }
}

function follow(el) {
  const calls = { count: 0 };
  followLang(el, () => calls.count++);
  return calls;
}

test('only the widgets whose language changes are called back, not for their own lang', () => {
  const body = new Element(doc.documentElement);
  const section = new Element(body, 'zh-CN');
  const plain = new Element(body);
  const pinned = new Element(body, 'en');
  const underSection = new Element(section);
  const calls = [plain, pinned, underSection].map(follow);

  setLang(doc.documentElement, 'zh-CN');
  assert.deepEqual(calls.map((c) => c.count), [1, 0, 0], '<html lang> reaches only the widget that speaks it');
  setLang(doc.documentElement, 'zh-Hans');
  assert.deepEqual(calls.map((c) => c.count), [1, 0, 0], 'another tag for the same language is no change');
  setLang(section, null);
  assert.deepEqual(calls.map((c) => c.count), [1, 0, 0], 'the section now inherits zh-CN from <html>: no change');
  setLang(pinned, 'zh-CN');
  assert.equal(calls[1].count, 0, 'its own lang is its attributeChangedCallback\'s business');
  setLang(doc.documentElement, 'en');
  assert.deepEqual(calls.map((c) => c.count), [2, 0, 1], 'its own lang wins over the page\'s');

  for (const el of [plain, pinned, underSection]) unfollowLang(el);
  assert.ok(observers.every((observer) => observer.targets.size === 0), 'the last widget gone, nothing is observed');
});

test('a widget in a shadow tree follows lang inside it and above it; a widget that leaves is forgotten', () => {
  const host = new Element(doc.documentElement);
  const shadow = { nodeType: 11, parentNode: null, host };
  const wrapper = new Element(shadow);
  const inShadow = new Element(wrapper);
  const outside = new Element(doc.documentElement);
  const [shadowCalls, outsideCalls] = [inShadow, outside].map(follow);
  const observer = observers.at(-1);
  assert.deepEqual([...observer.targets], [shadow, doc], 'one observer, on the shadow root and the document');

  setLang(wrapper, 'zh-CN');
  assert.deepEqual([shadowCalls.count, outsideCalls.count], [1, 0], 'lang on a wrapper in the shadow tree');
  setLang(host, 'en');
  assert.equal(shadowCalls.count, 1, 'the wrapper is nearer than the host');
  setLang(wrapper, null);
  assert.equal(shadowCalls.count, 2, 'then the host\'s lang');

  unfollowLang(inShadow);
  assert.deepEqual([...observer.targets], [doc], 'the shadow root is no longer observed');
  setLang(doc.documentElement, 'zh-CN');
  assert.deepEqual([shadowCalls.count, outsideCalls.count], [2, 1], 'the widget that left is not called');
  unfollowLang(outside);
  assert.equal(observer.targets.size, 0);
  setLang(doc.documentElement, 'en');
});
