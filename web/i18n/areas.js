// Where i18n.js takes its messages from, as Node runs it (the site's build, the tests): every
// area of English at once, and another language's file whole when first asked for.
//
// The site's build and the embed replace this module (build-time/plugin-messages.mjs) with one
// that bundles only the areas every page shows (English) and loads each other area of each
// language as a small chunk of its own; a widget's define.js brings its own areas in English.
// So a page downloads the site's words and its own widget's, and no other widget's.
import en from './messages/en.json' with { type: 'json' };

/** The messages at hand without loading anything: language -> area -> messages. */
export const BUNDLED = { en };

/** @type {Record<string, () => Promise<object>>} each language's whole file */
const FILES = {
  en: async () => en,
  'zh-CN': async () => (await import('./messages/zh-CN.json', { with: { type: 'json' } })).default,
};

/**
 * One area of a language's messages, or undefined if the language or the area has none.
 * @param {string} lang a normalised language
 * @param {string} area a top-level key of the message files ('site', 'pool-widget', ...)
 */
export async function loadArea(lang, area) {
  const messages = await FILES[lang]?.();
  return messages && Object.hasOwn(messages, area) ? messages[area] : undefined;
}
