// Turns a lesson's Markdown body into HTML at build time.
//
// Raw HTML in the source is shown as text, never passed through: lessons are data, and the page
// decides what markup exists. Math is typeset here by KaTeX into MathML, which every current
// browser lays out itself: the page ships no TeX parser, no math fonts and no math stylesheet
// (KaTeX's HTML output needs about 45 KB of fonts before a phone can paint a formula), and a
// screen reader reads the formula as mathematics. A formula KaTeX rejects stops the build
// instead of showing red text to a learner.

import MarkdownIt from 'markdown-it';
import katex from 'katex';
import { translator } from '../i18n/i18n.js';
import { EXERCISE_INFO, parseExercise, renderExercise } from './exercises.mjs';
import { inlineMathPieces } from './math-breaks.mjs';

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

/** The element a page mounts the lesson's widget into. */
export const TRY_IT_MOUNT = '<div class="try-it" data-try-it></div>';
const TRY_IT_MARKER = '[[try-it]]';
// The class of each part of the text after the mount (a top-level `##` heading and what follows
// it), which lesson.css lays out lazily.
const TEXT_PART_CLASS = 'lesson__part';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });
markdown.block.ruler.before('fence', 'math_block', mathBlock, {
  alt: ['paragraph', 'reference', 'blockquote', 'list'],
});
markdown.inline.ruler.before('escape', 'math_inline', mathInline);
markdown.core.ruler.after('inline', 'lesson_rules', checkLessonRules);
markdown.core.ruler.after('lesson_rules', 'try_it', replaceTryItParagraphs);
markdown.core.ruler.after('try_it', 'opening', listOpeningBlocks);
markdown.core.ruler.after('opening', 'text_parts', splitTextIntoParts);
markdown.core.ruler.push('heading_ids', addHeadingIds);
markdown.core.ruler.push('math_lines', markMathLines);
markdown.renderer.rules.math_inline = (tokens, i, options, env) => {
  const line = env.exerciseLine ?? env.firstLine + tokens[i].meta.line;
  if (tokens[i].info === 'display') return typeset(tokens[i].content, true, line);
  return inlineMathPieces(tokens[i].content).map((piece) => typeset(piece, false, line)).join('<wbr>');
};
markdown.renderer.rules.math_block = (tokens, i, options, env) =>
  `<div class="math-display">${typeset(tokens[i].content, true, env.firstLine + tokens[i].map[0])}</div>\n`;
markdown.renderer.rules.try_it = () => `${TRY_IT_MOUNT}\n`;
markdown.renderer.rules.part_open = () => `<section class="${TEXT_PART_CLASS}">\n`;
markdown.renderer.rules.part_close = () => '</section>\n';
// A call in inline code may go on in the next line after its opening bracket. A long one
// (`nn.TransformerEncoderLayer(512, 8)`) is wider than a phone's line, which would otherwise break
// it wherever the line runs out, inside a number as readily as anywhere else.
const renderCode = markdown.renderer.rules.code_inline;
markdown.renderer.rules.code_inline = (tokens, i, options, env, self) =>
  renderCode(tokens, i, options, env, self).replace(/[([](?=[^\s<)\]])/g, '$&<wbr>');
// A code block scrolls sideways where its lines are longer than the column (lesson.css), on a
// desktop too, and a region that scrolls must be reachable by keyboard. Whether it overflows is
// known only once it is laid out, and the text after the widget is laid out only near the screen:
// so every code block is in the Tab order, as it is on most documentation sites.
const focusable = (html) => html.replace(/^<pre>/, '<pre tabindex="0">');
const renderOtherFence = markdown.renderer.rules.fence;
markdown.renderer.rules.fence = (tokens, i, options, env, self) =>
  (tokens[i].info.trim() === EXERCISE_INFO ? exerciseBlock(tokens[i], env) : focusable(renderOtherFence(tokens, i, options, env, self)));
const renderCodeBlock = markdown.renderer.rules.code_block;
markdown.renderer.rules.code_block = (...args) => focusable(renderCodeBlock(...args));

/**
 * Renders lesson Markdown to an HTML string.
 * Throws an Error naming the formula when KaTeX cannot typeset one, and an ExerciseError
 * (see exercises.mjs) naming the exercise and field when an ```exercise block is malformed.
 * @param {string} source
 * @param {{ firstLine?: number, exercises?: object[], links?: object[], opening?: object[], t?: Function }} [options]
 *   firstLine: the file line the source starts on, so errors can point into the file (default
 *   1); exercises: an array that receives each exercise as parsed (see exercises.mjs), links
 *   one that receives each link to a page of the site ({ href, line }), and opening one that
 *   receives each top-level block above the first [[try-it]] mount ({ kind }, and a heading's
 *   level and text), for checks the renderer cannot make; t: the translator (web/i18n) of the
 *   lesson's language, for the exercises' own words (default English)
 * @returns {string}
 */
export function renderMarkdown(source, { firstLine = 1, exercises = [], links = [], opening = [], t = translator('en') } = {}) {
  if (typeof source !== 'string') {
    throw new TypeError(`renderMarkdown expects a string, got ${typeof source}`);
  }
  const anchors = [];
  const html = markdown.render(source, { firstLine, exercises, links, opening, anchors, t });
  // A link to a heading of this page names one of the ids the headings got.
  for (const { href, line } of anchors) {
    if (!hasId(html, href.slice(1))) {
      throw new Error(`line ${line}: the link to ${href} names no heading of this page (a heading's id is its words in lower case, joined by hyphens: ## Try it is #try-it)`);
    }
  }
  return html;
}

/**
 * Whether a page's HTML holds the element a link's fragment names, as a browser matches them:
 * the fragment percent-decoded (as written, if that fails), against an id attribute.
 * @param {string} html
 * @param {string} fragment the part of the link after its #
 */
export function hasId(html, fragment) {
  let id = fragment;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    // A malformed escape is matched as written, as the browser does.
  }
  return html.includes(` id="${id}"`);
}

// An ```exercise block becomes an answer box; exercises are numbered in page order.
function exerciseBlock(token, env) {
  env.exercises ??= [];
  const number = env.exercises.length + 1;
  const line = (env.firstLine ?? 1) + (token.map?.[0] ?? 0);
  const exercise = parseExercise(token.content, { number, line });
  env.exercises.push(exercise);
  // Its question, hint and feedback are Markdown too; an error in them names the exercise's line.
  const inner = { ...env, exerciseLine: line };
  return renderExercise(exercise, number, (text) => markdown.renderInline(text, inner), markdown.utils.escapeHtml, env.t);
}

// What a lesson's Markdown may hold beyond what markdown-it takes, each break a build error
// naming its line, since each would reach the learner broken: a heading that skips a level or
// competes with the page's title; an exercise fence spelled otherwise, or a question and its
// answer in any other code block (shown as code, answer and all); a $ that opens no formula
// (shown as raw TeX; a dollar sign is written \$); an HTML comment (shown as text: html is off);
// a picture (the build copies no files); a link inside the course that is relative or names a
// Markdown file (the pages' addresses are not the files'). Links to the site's pages are kept
// for the loader to check against the course, and links to this page's headings are checked
// once the headings have their ids (renderMarkdown).
function checkLessonRules(state) {
  const { env } = state;
  let blockLine = 0;  // the line of the last block that knows its own (a table's cells do not)
  const lineOf = (token, breaks = 0) => env.exerciseLine ?? (env.firstLine ?? 1) + (token.map?.[0] ?? blockLine) + breaks;
  const fail = (token, problem, breaks = 0) => {
    throw new Error(`line ${lineOf(token, breaks)}: ${problem}`);
  };
  let level = 1;  // the page's title is the one h1
  for (const token of state.tokens) {
    if (token.map) blockLine = token.map[0];
    if (token.type === 'heading_open') {
      const next = Number(token.tag.slice(1));
      if (next === 1) fail(token, 'a heading of one # competes with the lesson\'s title, the page\'s only one: start at ##');
      if (next > level + 1) fail(token, `a heading of ${next} #s under one of ${level} skips a level: use ${'#'.repeat(level + 1)}`);
      level = next;
    }
    if (token.type === 'fence' || token.type === 'code_block') checkCode(token, fail);
    if (token.type === 'inline') checkInline(token, fail, lineOf, env);
  }
}

function checkCode(token, fail) {
  const info = token.info.trim();
  if (info === EXERCISE_INFO) return;
  if (/^ex[a-z]*[cs]ise?s?$/i.test(info)) fail(token, `\`\`\`${info} is not an exercise fence: write \`\`\`${EXERCISE_INFO}, in lower case (this block would show its answer)`);
  if (/^\s*question:/m.test(token.content) && /^\s*answer:/m.test(token.content)) {
    fail(token, `a code block with a question and an answer would show the answer: open it with \`\`\`${EXERCISE_INFO}`);
  }
}

// A scheme (https:, mailto:) or two slashes: a link out of the course, which the build leaves be.
const LEAVES_THE_COURSE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

function checkInline(inline, fail, lineOf, env) {
  let breaks = 0;  // the lines of the paragraph before the child, for its own line
  let inAutolink = false;
  for (const child of inline.children ?? []) {
    if (child.type === 'softbreak' || child.type === 'hardbreak') breaks += 1;
    if (child.type === 'link_open') inAutolink = child.markup === 'autolink';
    if (child.type === 'link_close') inAutolink = false;
    if (child.type === 'text' && !inAutolink && child.content.includes('$')) {
      fail(inline, `a $ opens no formula in "${child.content.trim().slice(0, 60)}": close the formula ($x$, with no space just inside the dollars and no digit just after the closing one), or write \\$ for a dollar sign`, breaks);
    }
    if (child.type === 'text' && child.content.includes('<!--')) {
      fail(inline, 'an HTML comment would be shown to the learner as text: remove it', breaks);
    }
    if (child.type === 'image') {
      fail(inline, `a lesson takes no pictures (the build copies no files, so "${child.attrGet('src')}" would not be there): let the widget show it, or say it in words`, breaks);
    }
    if (child.type === 'link_open') checkLink(child.attrGet('href'), (problem) => fail(inline, problem, breaks), lineOf(inline, breaks), env);
  }
}

function checkLink(href, fail, line, env) {
  if (LEAVES_THE_COURSE.test(href)) return;
  if (/\.md([?#]|$)/i.test(href)) fail(`the link to ${href} names a Markdown file: link to its page, such as /lessons/pictures/patches-of-a-picture/`);
  if (href.startsWith('#')) env.anchors?.push({ href, line });
  else if (href.startsWith('/')) env.links?.push({ href, line });
  else fail(`the link to ${href} is relative: a page of the course is linked from the site's root, such as /lessons/pictures/patches-of-a-picture/`);
}

// KaTeX renders what it does not trust (\href, \url, \includegraphics, ...) as red text
// rather than failing; a lesson must not ship that, so such a command fails the build too.
function typeset(tex, displayMode, line) {
  const untrusted = [];
  let html;
  try {
    html = katex.renderToString(tex, {
      displayMode,
      output: 'mathml',
      throwOnError: true,
      strict: 'error',
      trust: ({ command }) => {
        untrusted.push(command);
        return false;
      },
    });
  } catch (error) {
    throw new Error(`line ${line}: KaTeX cannot typeset the formula "${tex.trim()}": ${error.message}`, { cause: error });
  }
  if (untrusted.length > 0) {
    throw new Error(`line ${line}: KaTeX refuses ${untrusted[0]} in the formula "${tex.trim()}": lessons take no links, pictures or HTML inside math`);
  }
  return markSigns(html);
}

// KaTeX writes the minus of -3.72 as it writes a subtraction, a bare <mo>; the browser then
// spaces it as an operator between two terms, and (-3.72, -0.75) shows as ( − 3.72, − 0.75).
// A sign after an opening bracket, a comma, a relation or another operator belongs to the
// number after it: form="prefix" sets it tight against that number.
// KaTeX writes \rVert and \| as ∥, \rvert as ∣, \cdots and \dots as ⋯ and ….
const CLOSES_A_TERM = new Set([')', ']', '}', '|', '‖', '∥', '∣', '!', '′', '⌉', '⌋', '⟩', '⋯', '…']);
function markSigns(mathml) {
  return mathml.replace(/(<mo(?: [^>]*)?>([^<]*)<\/mo>)<mo>([−+])<\/mo>/g, (all, before, previous, sign) =>
    (CLOSES_A_TERM.has(previous) ? all : `${before}<mo form="prefix">${sign}</mo>`));
}

// Inline math knows its paragraph's line, for error messages.
function markMathLines(state) {
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    for (const child of token.children) {
      if (child.type === 'math_inline') child.meta = { line: token.map?.[0] ?? 0 };
    }
  }
}

function isEscaped(src, pos) {
  let backslashes = 0;
  while (pos - backslashes - 1 >= 0 && src.charCodeAt(pos - backslashes - 1) === BACKSLASH) backslashes++;
  return backslashes % 2 === 1;
}

function findClosingDollars(src, from, max, delimiter) {
  let pos = from;
  while (pos < max) {
    const found = src.indexOf(delimiter, pos);
    if (found === -1 || found + delimiter.length > max) return -1;
    if (!isEscaped(src, found)) return found;
    pos = found + 1;
  }
  return -1;
}

const isSpace = (code) => code === 0x20 || code === 0x09 || code === 0x0a;
const isDigit = (code) => code >= 0x30 && code <= 0x39;

// `$x$` inline, `$$x$$` display inside a paragraph. Single-dollar math follows Pandoc's rule
// (no space just inside the dollars, no digit just after); a $ this rule leaves as text stops
// the build (checkLessonRules), so a dollar sign is written \$.
function mathInline(state, silent) {
  const { src, posMax } = state;
  const start = state.pos;
  if (src.charCodeAt(start) !== DOLLAR) return false;
  const display = src.charCodeAt(start + 1) === DOLLAR;
  const delimiter = display ? '$$' : '$';
  const contentStart = start + delimiter.length;
  const close = findClosingDollars(src, contentStart, posMax, delimiter);
  if (close === -1 || close === contentStart) return false;
  if (!display) {
    if (isSpace(src.charCodeAt(contentStart)) || isSpace(src.charCodeAt(close - 1))) return false;
    if (isDigit(src.charCodeAt(close + 1))) return false;
  }
  if (!silent) {
    const token = state.push('math_inline', 'math', 0);
    token.content = src.slice(contentStart, close);
    token.markup = delimiter;
    token.info = display ? 'display' : 'inline';
  }
  state.pos = close + delimiter.length;
  return true;
}

// A block opening with `$$` on its own line (or `$$ x $$` on one line) runs to the line that
// ends with `$$`.
function mathBlock(state, startLine, endLine, silent) {
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  const lineText = (line) => state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]).trim();

  const first = lineText(startLine);
  if (!first.startsWith('$$')) return false;
  const afterOpening = first.slice(2);

  let content;
  let lastLine = startLine;
  if (afterOpening.trim().endsWith('$$') && afterOpening.trim().length >= 2) {
    content = afterOpening.trim().slice(0, -2);
    if (content.includes('$$')) return false; // two formulas on one line: leave them to the inline rule
  } else {
    // No line below ends with `$$`: the block cannot close, and scanning for it from every
    // opening would take time quadratic in the lesson's length.
    if (nextClosingLine(state, startLine + 1) >= endLine) return false;
    const lines = [afterOpening];
    let closed = false;
    for (let line = startLine + 1; line < endLine; line++) {
      const isBlank = state.bMarks[line] + state.tShift[line] >= state.eMarks[line];
      if (!isBlank && state.sCount[line] < state.blkIndent) break;
      const text = lineText(line);
      if (text.endsWith('$$')) {
        lines.push(text.slice(0, -2));
        lastLine = line;
        closed = true;
        break;
      }
      lines.push(text);
    }
    if (!closed) return false;
    content = lines.join('\n');
  }
  if (silent) return true;

  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = content.trim();
  token.markup = '$$';
  token.map = [startLine, lastLine + 1];
  state.line = lastLine + 1;
  return true;
}

// The first line at or after `from` whose text ends with `$$` (state.lineMax when none), from
// a table made once per document.
function nextClosingLine(state, from) {
  if (!state.env.nextClosing || state.env.nextClosingSource !== state.src) {
    const next = new Int32Array(state.lineMax + 1).fill(state.lineMax);
    for (let line = state.lineMax - 1; line >= 0; line--) {
      const text = state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]).trim();
      next[line] = text.endsWith('$$') ? line : next[line + 1];
    }
    state.env.nextClosing = next;
    state.env.nextClosingSource = state.src;
  }
  return state.env.nextClosing[Math.min(from, state.lineMax)];
}

// A top-level paragraph holding only `[[try-it]]` becomes the widget's mount point.
function replaceTryItParagraphs(state) {
  const { tokens } = state;
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [open, inline, close] = tokens.slice(i, i + 3);
    if (
      open.type === 'paragraph_open' &&
      open.level === 0 &&
      inline.type === 'inline' &&
      inline.content.trim() === TRY_IT_MARKER &&
      close.type === 'paragraph_close'
    ) {
      const mount = new state.Token('try_it', 'div', 0);
      mount.block = true;
      mount.map = open.map;
      tokens.splice(i, 3, mount);
    }
  }
}

// What each top-level block is called in the loader's messages ("found a list").
const BLOCK_KINDS = Object.freeze({
  paragraph_open: 'paragraph', heading_open: 'heading', bullet_list_open: 'list', ordered_list_open: 'list',
  math_block: 'formula', fence: 'code block', code_block: 'code block', table_open: 'table',
  blockquote_open: 'quote', hr: 'rule',
});

// The blocks above the widget, in order, so the loader can hold an interactive lesson to the
// opening lessons/README.md asks for without reading it back out of the HTML.
function listOpeningBlocks(state) {
  const { tokens, env } = state;
  const mount = tokens.findIndex((token) => token.type === 'try_it');
  if (mount < 0) return;
  tokens.slice(0, mount).forEach((token, i) => {
    if (token.level !== 0 || token.nesting === -1 || !token.block) return;
    const isExercise = token.type === 'fence' && token.info.trim() === EXERCISE_INFO;
    const kind = isExercise ? 'exercise' : BLOCK_KINDS[token.type] ?? token.type;
    env.opening.push(kind === 'heading' ? { kind, level: Number(token.tag.slice(1)), text: tokens[i + 1].content } : { kind });
  });
}

// After the mount, the text is cut into parts, each a top-level `##` heading with what follows
// it (and whatever comes before the first such heading), so that a page can lay out and paint
// each part only once it comes near the screen (lesson.css): the whole text after the widget as
// one block came near the screen at once, and a phone's slow CPU laid all of it out before the
// widget's scripts could run.
function splitTextIntoParts(state) {
  const { tokens } = state;
  const mount = tokens.findIndex((token) => token.type === 'try_it');
  if (mount < 0 || mount === tokens.length - 1) return;
  const part = (type, nesting) => Object.assign(new state.Token(type, 'section', nesting), { block: true });
  const out = tokens.slice(0, mount + 1);
  out.push(part('part_open', 1));
  for (let i = mount + 1; i < tokens.length; i++) {
    const token = tokens[i];
    const startsPart = token.type === 'heading_open' && token.tag === 'h2' && token.level === 0;
    if (startsPart && out.at(-1).type !== 'part_open') out.push(part('part_close', -1), part('part_open', 1));
    out.push(token);
  }
  out.push(part('part_close', -1));
  state.tokens = out;
}

// Chinese headings keep their characters as the id (## 为什么分块 -> #为什么分块); the headings
// every lesson shares get the English id, so links and the widget's place read the same in
// both languages (## 动手试试 -> #try-it, as ## Try it).
const SHARED_HEADING_IDS = new Map([['动手试试', 'try-it'], ['自测', 'check-yourself']]);

function slugify(text) {
  const shared = SHARED_HEADING_IDS.get(text.trim());
  if (shared) return shared;
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\p{Script=Han}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

function addHeadingIds(state) {
  const taken = new Set();
  // The next number to try for each base, so ten thousand equal headings take linear time.
  const nextNumber = new Map();
  const { tokens } = state;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== 'heading_open') continue;
    const words = (tokens[i + 1].children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    const base = slugify(words) || 'section';
    let id = base;
    let n = nextNumber.get(base) ?? 2;
    for (; taken.has(id); n++) id = `${base}-${n}`;
    nextNumber.set(base, n);
    taken.add(id);
    tokens[i].attrSet('id', id);
  }
}
