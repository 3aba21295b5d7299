// Tells a widget when the language it speaks changes above it. langOfElement reads the lang
// attributes when asked, and a widget asks when it renders; a page that switches language later
// (document.documentElement.lang = 'zh-CN', or lang on any ancestor) would leave it in the old
// words. So a widget follows its language while it is connected: one MutationObserver per
// document watches lang attributes (attributeFilter, subtree) on the document and on every
// shadow root a followed widget sits in, and after a change calls back each widget whose
// resolved language is now another one. A change of the widget's own lang attribute is left to
// its attributeChangedCallback (which renders for it already), so no widget renders twice for
// one change. On a page where no lang changes the callback never runs: the attribute filter
// leaves every other attribute write without a record. Uses the DOM only when called (no DOM
// at import, like i18n.js).
import { langOfElement } from './i18n.js';

const OPTIONS = { attributeFilter: ['lang'], subtree: true };

/** @type {WeakMap<Document, LangWatch>} the watch of each document with followed widgets */
const watches = new WeakMap();
/** @type {WeakMap<Element, LangWatch>} the watch each followed widget is in */
const watchOf = new WeakMap();

class LangWatch {
  #doc;
  #observer = new MutationObserver((records) => this.#changed(records));
  /** @type {Map<Element, { lang: string, onChange: () => void, roots: Node[] }>} */
  #followers = new Map();
  /** @type {Map<Node, number>} the document and the shadow roots observed, with how many followers sit in each */
  #roots = new Map();

  /** @param {Document} doc */
  constructor(doc) {
    this.#doc = doc;
  }

  /** @param {Element} el @param {() => void} onChange */
  add(el, onChange) {
    const roots = rootsOf(el);
    this.#followers.set(el, { lang: langOfElement(el), onChange, roots });
    for (const root of roots) {
      const count = this.#roots.get(root) ?? 0;
      this.#roots.set(root, count + 1);
      if (count === 0) this.#observer.observe(root, OPTIONS);
    }
  }

  /** @param {Element} el */
  remove(el) {
    const follower = this.#followers.get(el);
    if (!follower) return;
    this.#followers.delete(el);
    let dropped = false;
    for (const root of follower.roots) {
      const count = this.#roots.get(root) - 1;
      if (count > 0) this.#roots.set(root, count);
      else {
        this.#roots.delete(root);
        dropped = true;
      }
    }
    if (!dropped) return;
    // An observer cannot stop observing one node: it stops all, then observes the roots still
    // needed. Changes it holds are handed on first.
    const pending = this.#observer.takeRecords();
    this.#observer.disconnect();
    if (pending.length) this.#changed(pending);
    for (const root of this.#roots.keys()) this.#observer.observe(root, OPTIONS);
    if (this.#followers.size === 0) watches.delete(this.#doc);
  }

  /** @param {MutationRecord[]} records */
  #changed(records) {
    const targets = new Set(records.map((record) => record.target));
    for (const [el, follower] of this.#followers) {
      const lang = langOfElement(el);
      if (lang === follower.lang) continue;
      follower.lang = lang;
      if (!targets.has(el)) follower.onChange();
    }
  }
}

// The shadow roots an element sits in, innermost first, then its document: the nodes whose
// subtrees hold every ancestor langOfElement reads.
function rootsOf(el) {
  const roots = [];
  let root = el.getRootNode();
  while (root.host) {
    roots.push(root);
    root = root.host.getRootNode();
  }
  roots.push(root);
  return roots;
}

/**
 * Calls `onChange` whenever the language `el` speaks (langOfElement) becomes another one by a
 * change of lang on <html> or on an ancestor, light DOM or shadow tree; not for el's own lang
 * attribute, which the element observes itself. Call it in connectedCallback (el connected);
 * calling it again replaces the callback.
 * @param {Element} el
 * @param {() => void} onChange
 */
export function followLang(el, onChange) {
  unfollowLang(el);
  if (!el.isConnected) return;
  const doc = el.ownerDocument;
  let watch = watches.get(doc);
  if (!watch) {
    watch = new LangWatch(doc);
    watches.set(doc, watch);
  }
  watch.add(el, onChange);
  watchOf.set(el, watch);
}

/**
 * Forgets `el` (call it in disconnectedCallback); the observer stops with the last widget.
 * @param {Element} el
 */
export function unfollowLang(el) {
  watchOf.get(el)?.remove(el);
  watchOf.delete(el);
}
