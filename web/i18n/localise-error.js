// The core's and the settings readers' error messages in the learner's language. The core
// builds its messages in English (C++ and JS) and other work adds to them, so they are not
// translated at the source: each English message the core or a settings reader can produce
// has a template under `core` (or any area's `errors`) in messages/en.json, written as the message
// itself with {placeholders} where it varies; its Chinese twin puts the same placeholders in a
// Chinese sentence. Reading an English message against the English templates gives the values
// (PyTorch's parameter names, the numbers the learner typed), which the Chinese sentence keeps.
import { messagesOf, translator } from './i18n.js';

/** The areas whose templates are error messages: `core` and every area's `errors`. */
const areasOf = (messages) => ['core', ...Object.keys(messages).filter((area) => area !== 'core' && messages[area]?.errors).map((area) => `${area}.errors`)];

// Placeholders that hold a message of their own (a reason inside "Attribute x="y": ..."), read
// again against the templates; every other placeholder is a value and stays as it is.
const NESTED = new Set(['problem', 'reason']);

// Placeholders that hold a parameter's or an attribute's name (kernel_size, input-height): an
// identifier, so a name never swallows the words of a message around it.
const NAMES = new Set(['name', 'kernel', 'stride', 'padding', 'activation', 'attribute']);

// Lists the English message joins with "or" ("relu" or "sigmoid"), joined as the language does.
const LISTS = { choices: (text, t) => text.split(' or ').join(t('core.listSeparator')) };

let compiled = null;
// The English areas the patterns were made from: a widget defined later brings more of them.
let compiledFrom = '';

function templatesOf(messages, area) {
  let node = messages;
  for (const part of area.split('.')) node = node?.[part];
  const found = [];
  const walk = (value, key) => {
    if (typeof value === 'string') found.push({ key, template: value });
    else if (value && typeof value === 'object') for (const [name, child] of Object.entries(value)) walk(child, `${key}.${name}`);
  };
  walk(node, area);
  return found;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English templates as anchored patterns, the most specific (most literal text) first. */
function patterns() {
  const en = messagesOf('en');
  const from = Object.keys(en).join();
  if (compiled && compiledFrom === from) return compiled;
  compiledFrom = from;
  compiled = areasOf(en).flatMap((area) => templatesOf(en, area))
    .filter(({ key }) => key !== 'core.unmatched' && key !== 'core.listSeparator')
    .map(({ key, template }) => {
      const names = [];
      const source = template.split(/(\{[A-Za-z_]\w*\})/).map((piece) => {
        const name = /^\{([A-Za-z_]\w*)\}$/.exec(piece)?.[1];
        if (!name) return escape(piece);
        names.push(name);
        if (NESTED.has(name)) return '([\\s\\S]+)';
        // A value may be empty (an empty field quoted as "").
        return NAMES.has(name) ? '([A-Za-z_][\\w-]*)' : '([\\s\\S]*?)';
      }).join('');
      const literal = template.replace(/\{[A-Za-z_]\w*\}/g, '').length;
      // A message quoted inside another's parentheses loses its closing full stop (a link's
      // check: "(weights: give one weight per input: 3, not 2)"): the stop is optional, and the
      // language's sentence then drops its own (readError).
      const stops = template.endsWith('.');
      return { key, names, pattern: new RegExp(`^${source.replace(/\\\.$/, '\\.?')}$`), stops, literal, wraps: names.some((name) => NESTED.has(name)) };
    })
    // A message that wraps another (an attribute quoting the core's words) is read from the
    // outside in; then the template with the most words of its own wins.
    .sort((a, b) => Number(b.wraps) - Number(a.wraps) || b.literal - a.literal);
  return compiled;
}

/**
 * Reads an English error message against the templates: { text, matched }, where text is the
 * message in `lang` and matched says whether every part of it had a template. English gives the
 * message back unchanged.
 * @param {string} message
 * @param {string} lang a language loaded with loadLanguage
 * @returns {{ text: string, matched: boolean }}
 */
export function readError(message, lang) {
  const t = translator(lang);
  if (t.lang === 'en') return { text: message, matched: true };
  const text = String(message);
  for (const { key, names, pattern, stops } of patterns()) {
    const match = pattern.exec(text);
    if (!match) continue;
    let matched = true;
    const params = {};
    names.forEach((name, i) => {
      if (NESTED.has(name)) {
        const inner = readError(match[i + 1], lang);
        matched &&= inner.matched;
        params[name] = inner.text;
      } else {
        params[name] = LISTS[name] ? LISTS[name](match[i + 1], t) : match[i + 1];
      }
    });
    const sentence = t(key, params);
    // Without the stop its template has, the message goes on in another's words: so does its
    // translation.
    return { text: stops && !text.endsWith('.') ? sentence.replace(/[.。]$/, '') : sentence, matched };
  }
  return { text: t('core.unmatched', { message: text }), matched: false };
}

/**
 * An error's message in the language: the core's and the settings readers' messages through
 * their templates; one without a template comes in English inside a sentence of the language.
 * @param {unknown} error an Error or a message
 * @param {string} lang a loaded language
 */
export function localiseError(error, lang) {
  const message = typeof error === 'string' ? error : (error?.message ?? String(error));
  return readError(message, lang).text;
}
