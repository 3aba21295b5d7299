// The course's UI words in English and Simplified Chinese: one message file per language
// (messages/<lang>.json), nested by area ('site', 'shared', 'pool-widget', ...), values with
// {name} placeholders. Runs in browsers and in Node (no DOM at import). The messages come from
// areas.js: in Node every area at once; in the site's build the pages' own areas in English,
// each widget's English areas with the widget (added through addMessages), and every other
// area of every language on demand (loadLanguage), so a page downloads only its own words.
import { BUNDLED, loadArea } from './areas.js';

/** The languages the course speaks, English first (the default and the runtime fallback). */
export const LANGUAGES = Object.freeze(['en', 'zh-CN']);

/** @type {Record<string, Record<string, object>>} messages by language, then area, once at hand */
const loaded = { en: { ...BUNDLED.en } };
const en = loaded.en;

/** The areas this page uses so far, in order: loadLanguage brings each in the language asked. */
const wanted = new Set(Object.keys(en));

/** @type {Map<string, Promise<object | undefined>>} "<lang>/<area>" -> its loading */
const loading = new Map();

/**
 * A BCP 47 tag as one of LANGUAGES: any Chinese written in simplified characters ('zh', 'zh-CN',
 * 'zh-Hans', 'zh-SG', 'zh-Hans-CN', any case) is 'zh-CN'; everything else is 'en'.
 * @param {string | null | undefined} tag
 * @returns {'en' | 'zh-CN'}
 */
export function normaliseLang(tag) {
  const parts = String(tag ?? '').trim().toLowerCase().split(/[-_]/);
  if (parts[0] !== 'zh') return 'en';
  // A script the tag names decides; without one, the regions that write traditional characters
  // are not what the Chinese file is written in.
  if (parts.includes('hans')) return 'zh-CN';
  if (parts.includes('hant') || parts.includes('tw') || parts.includes('hk') || parts.includes('mo')) return 'en';
  return 'zh-CN';
}

/** Whether every area the page uses is loaded in the language, so translator(lang) has all its words. */
export function isLoaded(lang) {
  const messages = loaded[normaliseLang(lang)];
  return Boolean(messages) && [...wanted].every((area) => Object.hasOwn(messages, area));
}

/**
 * Gives the runtime areas of messages it has not loaded itself (a widget's own words in English,
 * bundled with the widget), and marks them used by the page, so loadLanguage brings them in
 * another language too.
 * @param {string} lang
 * @param {Record<string, object>} areas area -> messages
 */
export function addMessages(lang, areas) {
  const code = normaliseLang(lang);
  loaded[code] ??= {};
  for (const [area, messages] of Object.entries(areas)) {
    loaded[code][area] = messages;
    wanted.add(area);
  }
}

function areaOf(code, area) {
  const id = `${code}/${area}`;
  if (!loading.has(id)) {
    // A failed load (offline) is forgotten, so a later call tries again.
    loading.set(id, loadArea(code, area).catch((error) => {
      loading.delete(id);
      throw error;
    }));
  }
  return loading.get(id);
}

/**
 * Loads a language's messages: every area the page uses (the site's, each widget's so far) and
 * the areas named, each once (later calls share the same loading). Rejects if one cannot load.
 * @param {string} lang
 * @param {string[]} [areas] further areas the caller needs ('shared', 'pool-widget', ...)
 * @returns {Promise<'en' | 'zh-CN'>} the normalised language
 */
export async function loadLanguage(lang, areas = []) {
  const code = normaliseLang(lang);
  for (const area of areas) wanted.add(area);
  const missing = [...wanted].filter((area) => !Object.hasOwn(loaded[code] ?? {}, area));
  const found = await Promise.all(missing.map((area) => areaOf(code, area)));
  loaded[code] ??= {};
  missing.forEach((area, i) => {
    if (found[i] !== undefined) loaded[code][area] ??= found[i];
  });
  return code;
}

/** The value at a dotted key ('pool-widget.toggle.forward'), or undefined. */
function lookUp(messages, key) {
  let node = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

const HAN = /^\p{Script=Han}$/u;
const STARTS_HAN = /^\p{Script=Han}/u;
const ENDS_HAN = /\p{Script=Han}$/u;

/**
 * Replaces each {name} with params[name]; a placeholder without a value is a bug, so it throws.
 * With `closeHan` (Chinese, which sets no space between two Chinese words), a space the template
 * sets beside a placeholder goes where a Chinese character of the template meets one of the
 * value: "{label} 改为" gives "偏置改为" but "遗忘门 f，b 改为". The value's own spaces stay.
 */
export function fill(template, params = {}, key = '', { closeHan = false } = {}) {
  return template.replace(/( ?)\{([A-Za-z_][\w]*)\}( ?)/g, (match, before, name, after, offset) => {
    if (!Object.hasOwn(params, name)) throw new Error(`i18n: message ${key} needs {${name}}`);
    const value = String(params[name]);
    if (!closeHan) return `${before}${value}${after}`;
    const closeBefore = before && HAN.test(template[offset - 1] ?? '') && STARTS_HAN.test(value);
    const closeAfter = after && HAN.test(template[offset + match.length] ?? '') && ENDS_HAN.test(value);
    return `${closeBefore ? '' : before}${value}${closeAfter ? '' : after}`;
  });
}

/**
 * The translate function of a language: t('area.key', { name: value }) is its string. A key
 * English does not have throws, naming the key (a bug in the caller). A key the language lacks
 * falls back to English at runtime; tests/node/i18n-messages-are-complete.test.mjs and the site
 * build make sure none does. The language must be loaded (loadLanguage) unless it is English.
 * @param {string} lang
 * @returns {((key: string, params?: Record<string, string | number>) => string) & { lang: 'en' | 'zh-CN' }}
 */
export function translator(lang) {
  const code = normaliseLang(lang);
  const messages = loaded[code];
  if (!messages) throw new Error(`i18n: messages of ${code} are not loaded; await loadLanguage('${code}') first`);
  // Each key's template in this language, looked up once: a widget names its grid cells through
  // t, some hundred calls a tap. An English stand-in is looked up each time, since the
  // language's own area may arrive later (loadLanguage).
  const templates = new Map();
  const templateOf = (key) => {
    let template = templates.get(key);
    if (template !== undefined) return template;
    template = lookUp(messages, key);
    if (typeof template === 'string' && template !== '') {
      templates.set(key, template);
      return template;
    }
    template = lookUp(en, key);
    if (typeof template !== 'string') throw new Error(`i18n: no message ${key}`);
    return template;
  };
  const closeHan = code === 'zh-CN';
  const t = (key, params) => fill(templateOf(key), params, key, { closeHan });
  // The same, as a list of strings and the params' own values, so a param may be a DOM node
  // (a <code> or an equation <span>) that the sentence places where the language puts it.
  t.parts = (key, params = {}) => {
    const template = templateOf(key);
    return template.split(/(\{[A-Za-z_][\w]*\})/).filter((piece) => piece !== '').map((piece) => {
      const name = /^\{([A-Za-z_][\w]*)\}$/.exec(piece)?.[1];
      if (!name) return piece;
      if (!Object.hasOwn(params, name)) throw new Error(`i18n: message ${key} needs {${name}}`);
      const value = params[name];
      return typeof value === 'object' && value !== null ? value : String(value);
    });
  };
  t.lang = code;
  return t;
}

/** Every dotted key with a string value, in file order. */
export function keysOf(messages, prefix = '') {
  const keys = [];
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === 'object') keys.push(...keysOf(value, key));
    else keys.push(key);
  }
  return keys;
}

/** The {placeholders} of a message, sorted, without repeats. */
export function placeholdersOf(template) {
  return [...new Set([...String(template).matchAll(/\{([A-Za-z_][\w]*)\}/g)].map((m) => m[1]))].sort();
}

/**
 * What a language's message file lacks against English: each dotted key English has that the
 * language misses or leaves empty, then each key the language has that English does not
 * (marked "extra: <key>"). The language must be loaded. [] means complete.
 * @param {string} lang
 * @returns {string[]}
 */
export function missingKeys(lang) {
  const code = normaliseLang(lang);
  const messages = loaded[code];
  if (!messages) throw new Error(`i18n: messages of ${code} are not loaded; await loadLanguage('${code}') first`);
  const missing = keysOf(en).filter((key) => {
    const value = lookUp(messages, key);
    return typeof value !== 'string' || value.trim() === '';
  });
  const extra = keysOf(messages).filter((key) => typeof lookUp(en, key) !== 'string').map((key) => `extra: ${key}`);
  return [...missing, ...extra];
}

/** The messages object of a loaded language (for tests and build checks). */
export function messagesOf(lang) {
  return loaded[normaliseLang(lang)];
}

/**
 * The language an element speaks: its own lang attribute, else the nearest ancestor's (across
 * shadow roots, so a widget inside another's shadow DOM follows its host), else the document's,
 * else English; normalised.
 * @param {Element} el
 * @returns {'en' | 'zh-CN'}
 */
export function langOfElement(el) {
  /** @type {Node | null} */
  let node = el;
  while (node) {
    if (node.nodeType === 1 && /** @type {Element} */ (node).hasAttribute('lang')) {
      const value = /** @type {Element} */ (node).getAttribute('lang');
      if (value) return normaliseLang(value);
    }
    node = node.parentNode ?? null;
    if (node && node.nodeType === 11 && /** @type {ShadowRoot} */ (node).host) node = /** @type {ShadowRoot} */ (node).host;
  }
  const doc = el?.ownerDocument ?? (typeof document !== 'undefined' ? document : null);
  return normaliseLang(doc?.documentElement?.lang || 'en');
}

/**
 * Writes the words of a tree built with keys rather than text: each element's data-i18n key
 * becomes its text, data-i18n-label its aria-label. Calling it again with another language's
 * translator switches the tree's words in place. (Uses the DOM only when called.)
 * @param {ParentNode} root
 * @param {(key: string) => string} t
 */
export function applyWords(root, t) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
}

/**
 * The translator of the language an element speaks (langOfElement), once its messages have
 * loaded; English if they cannot load (offline, say), so an element always has words.
 * @param {Element} el
 */
export async function translatorOf(el) {
  try {
    return translator(await loadLanguage(langOfElement(el)));
  } catch {
    return translator('en');
  }
}
