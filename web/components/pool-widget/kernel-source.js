// The C++ behind the "The code that computed this" panel: the plain reference kernel first,
// the fast kernel that ran one click away.
//
// Vite inlines the core's sources as text at build time; at run time the widget asks the core
// which function ran (core.kernelName) and cuts that one function out of the text, and cuts the
// reference kernel of the same operation out of reference.cpp. A glob
// rather than a plain `?raw` import, so a renamed or missing file gives a note, not a broken
// build.
const sources = import.meta.glob('../../../core/pool/src/*.cpp', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Where the kernels live; searched first. */
const PREFERRED_FILE = 'kernels.cpp';

/** Where the plain reference kernels live: the oracle every faster kernel is tested against. */
const REFERENCE_FILE = 'reference.cpp';

/**
 * @typedef {object} KernelSource
 * @property {string} name The function's name, as the core reported it.
 * @property {string | null} file The file it came from, e.g. "core/pool/src/kernels.cpp".
 * @property {string | null} code Its definition with the comment lines right above it, or
 *   null when it was not found.
 */

/**
 * The definition of the C++ function `name` from the core's sources.
 * @param {string} name
 * @returns {KernelSource}
 */
export function kernelSource(name) {
  const files = Object.keys(sources).sort(
    (a, b) => Number(b.endsWith(`/${PREFERRED_FILE}`)) - Number(a.endsWith(`/${PREFERRED_FILE}`)),
  );
  for (const path of files) {
    const code = extractFunction(sources[path], name);
    if (code !== null) return { name, file: path.replace(/^(\.\.\/)+/, ''), code };
  }
  return { name, file: null, code: null };
}

/**
 * The plain reference kernel of an operation: `${op}_pool2d_${direction}` from reference.cpp,
 * the naive loops the course reads first (the fast kernels share its name in another file).
 * @param {'avg'|'max'} op
 * @param {'forward'|'backward'} direction
 * @returns {KernelSource}
 */
export function referenceSource(op, direction) {
  const name = `${op}_pool2d_${direction}`;
  const path = Object.keys(sources).find((candidate) => candidate.endsWith(`/${REFERENCE_FILE}`));
  const code = path === undefined ? null : extractFunction(sources[path], name);
  return { name, file: code === null ? null : path.replace(/^(\.\.\/)+/, ''), code };
}

/**
 * Cuts the definition of the free function `name` out of C++ `source`: from the first line of
 * the block of non-blank lines before its name (its comment, its return type) to its closing
 * brace. Declarations and calls are skipped; so are matches inside comments and strings.
 * @param {string} source
 * @param {string} name
 * @returns {string | null}
 */
export function extractFunction(source, name) {
  if (typeof source !== 'string' || !/^[A-Za-z_]\w*$/.test(name)) return null;
  const isCode = codeMask(source);
  const pattern = new RegExp(`\\b${name}\\s*\\(`, 'g');
  for (const match of source.matchAll(pattern)) {
    if (!isCode[match.index]) continue;
    const openParen = match.index + match[0].length - 1;
    const closeParen = matchingBracket(source, isCode, openParen);
    if (closeParen < 0) continue;
    const openBrace = bodyStart(source, isCode, closeParen + 1);
    if (openBrace < 0) continue;
    const closeBrace = matchingBracket(source, isCode, openBrace);
    if (closeBrace < 0) continue;
    const start = signatureStart(source, isCode, match.index);
    return source.slice(start, closeBrace + 1);
  }
  return null;
}

// One flag per character: true where it is code, false inside a comment or a literal.
function codeMask(source) {
  const mask = new Uint8Array(source.length);
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || (c === "'" && !/[0-9A-Za-z_]/.test(source[i - 1] ?? ''))) {
      // A quote after a digit is a C++14 digit separator, not a character literal.
      i += 1;
      while (i < source.length && source[i] !== c && source[i] !== '\n') {
        i += source[i] === '\\' ? 2 : 1;
      }
      i += 1;
    } else {
      mask[i] = 1;
      i += 1;
    }
  }
  return mask;
}

const PAIRS = { '(': ')', '{': '}', '[': ']' };

function matchingBracket(source, isCode, open) {
  const opener = source[open];
  const closer = PAIRS[opener];
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (!isCode[i]) continue;
    if (source[i] === opener) depth += 1;
    else if (source[i] === closer) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

// After a parameter list: the `{` of a body, past qualifiers such as `const` or `noexcept`
// and a trailing return type; -1 for a declaration (`;`), a call or anything else.
function bodyStart(source, isCode, from) {
  for (let i = from; i < source.length; i += 1) {
    if (!isCode[i]) continue;
    const c = source[i];
    if (c === '{') return i;
    if (c === ';' || c === ',' || c === ')' || c === '}' || c === '=') return -1;
    if (c === '(') {
      // noexcept(...) or similar: skip its parentheses.
      const close = matchingBracket(source, isCode, i);
      if (close < 0) return -1;
      i = close;
    } else if (!/[\s\w:<>&*\-]/.test(c)) {
      return -1;
    }
  }
  return -1;
}

// The first line of the run of non-blank lines that ends at the function's name, stopping at
// the end of the previous statement or block.
function signatureStart(source, isCode, nameIndex) {
  let boundary = nameIndex;
  while (boundary > 0) {
    const c = source[boundary - 1];
    if (isCode[boundary - 1] && (c === ';' || c === '{' || c === '}')) break;
    boundary -= 1;
  }
  let lineStart = source.lastIndexOf('\n', nameIndex - 1) + 1;
  while (lineStart > boundary) {
    const previousStart = source.lastIndexOf('\n', lineStart - 2) + 1;
    const previousLine = source.slice(Math.max(previousStart, boundary), lineStart - 1);
    if (previousLine.trim() === '' || previousLine.trimStart().startsWith('#')) break;
    lineStart = Math.max(previousStart, boundary);
  }
  // A boundary in the middle of a line (`} void f(`) leaves leading spaces; drop them.
  while (lineStart < nameIndex && /[ \t\n]/.test(source[lineStart])) lineStart += 1;
  return lineStart;
}
