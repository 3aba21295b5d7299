// Where a long inline formula may go on in the next line.
//
// A browser never breaks a line inside a MathML <math> element, so an inline formula wider than
// a phone's column (some 290 px, and as few as 20 characters of maths with their spacing) is cut
// off at the column's edge.
// TeX's own rule for inline maths is the answer: a line may end after a relation (=, ←, ≈) or a
// binary operator (+, −, ⋅) at the formula's top level, never inside a group, a fraction's
// argument, a script or a \left ... \right pair. The renderer typesets each piece as its own
// <math> and lets the line break between them. A short formula stays whole, so a screen reader
// reads it as one.

// Below this many visible characters a formula fits a phone's line whole, a list item's too.
const LONG_FORMULA = 16;

const RELATIONS = new Set(['=', '<', '>', '\\approx', '\\leftarrow', '\\rightarrow', '\\to', '\\le', '\\leq', '\\ge', '\\geq', '\\ne', '\\neq', '\\equiv']);
const BINARY = new Set(['+', '-', '\\cdot', '\\times', '\\pm']);
// A sign is an operator between two terms only after something that ends a term: a letter, a
// digit, a closing bracket or group, a prime or a factorial, or a command that stands for a
// quantity (\alpha, \infty, \dots). After anything else (an opening bracket, a comma, a slash,
// a relation, another operator, \in, \sum) it is the sign of what follows, and a line never
// ends between the two.
const ENDS_A_TERM = /^(?:[A-Za-z0-9.)\]}!']|\\\}|\\(?:[a-zA-Z]*(?:alpha|beta|gamma|delta|epsilon|zeta|eta|theta|iota|kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|upsilon|phi|chi|psi|omega)|infty|ell|hbar|dots|cdots|ldots))$/i;
// Where TeX reads the formula otherwise than left to right, it stays whole: \over and its
// kin divide everything before them by everything after, and an optional argument in brackets
// (\sqrt[n]{x}) is a group this count does not follow.
const STAYS_WHOLE = /\\(?:over|atop|choose|brace|brack)(?![a-zA-Z])|\\(?:sqrt|xrightarrow|xleftarrow)\s*\[/;

/** Rough count of the characters a formula shows: a command is one symbol, braces and spacing show nothing. */
function visibleLength(tex) {
  return tex
    .replace(/\\(operatorname|text|mathrm|mathbf)\{([^{}]*)\}/g, '$2')
    .replace(/\\[a-zA-Z]+/g, '#')
    .replace(/\\./g, '')
    .replace(/[{}^_\s]/g, '').length;
}

/**
 * The TeX of an inline formula cut after each top-level relation or binary operator, when the
 * formula is long enough to need it; every piece is TeX that typesets on its own.
 * @param {string} tex
 * @returns {string[]} the pieces, in order and trimmed; joined by spaces they typeset as `tex` does
 */
export function inlineMathPieces(tex) {
  if (visibleLength(tex) < LONG_FORMULA || STAYS_WHOLE.test(tex)) return [tex];
  const pieces = [];
  let start = 0;
  let depth = 0; // braces, \left ... \right and \begin ... \end
  let previous = ''; // the last token at this depth, to tell a minus sign from a subtraction
  for (let i = 0; i < tex.length; ) {
    const command = /^\\([a-zA-Z]+|.)/.exec(tex.slice(i));
    const token = command ? command[0] : tex[i];
    const end = i + token.length;
    if (token === '{' || token === '\\left' || token === '\\begin') depth++;
    else if (token === '}' || token === '\\right' || token === '\\end') depth--;
    else if (depth === 0 && (RELATIONS.has(token) || (BINARY.has(token) && ENDS_A_TERM.test(previous)))
      // A script or a prime after a relation (=^{def}) belongs to it.
      && !/^\s*[\^_']/.test(tex.slice(end))) {
      pieces.push(tex.slice(start, end));
      start = end;
    }
    if (!/^\s$|^\\[,;: !]$/.test(token)) previous = token;
    i = end;
  }
  pieces.push(tex.slice(start));
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}
