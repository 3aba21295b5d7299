// The attribute contract of <pool-widget>, kept free of the DOM so that the page scripts, the
// iframe route and the oEmbed endpoint (in Node) read and write the same attributes the element
// does. pool-widget.js documents each attribute for users; this file is the single parser.

/** Attribute name -> the getState()/setState() key it maps to, in the order snippets list them. */
export const STATE_KEYS = Object.freeze({
  op: 'op',
  'input-height': 'inputHeight',
  'input-width': 'inputWidth',
  input: 'input',
  'kernel-size': 'kernelSize',
  stride: 'stride',
  padding: 'padding',
  'ceil-mode': 'ceilMode',
  'count-include-pad': 'countIncludePad',
  'divisor-override': 'divisorOverride',
  'grad-output': 'gradOutput',
  view: 'view',
  selected: 'selected',
  hide: 'hide',
  'color-scheme': 'colorScheme',
});

export const ATTRIBUTE_NAMES = Object.freeze(Object.keys(STATE_KEYS));

/** The parts of the widget that `hide` can take away. */
export const HIDEABLE_PARTS = Object.freeze(['toggle', 'hint', 'formula', 'code']);

const OPS = ['avg', 'max'];
const VIEWS = ['forward', 'backward'];
const COLOR_SCHEMES = ['auto', 'light', 'dark'];

/** A bad attribute value; the message starts by quoting the attribute as it was written. */
export class AttributeError extends Error {
  constructor(attribute, value, problem) {
    super(`${quoteAttribute(attribute, value)}: ${problem}`);
    this.name = 'AttributeError';
    this.attribute = attribute;
  }
}

/** `stride="0"`, shortened when the value is long (a 100-number input). */
export function quoteAttribute(attribute, value) {
  if (value === null || value === undefined) return `Attribute ${attribute}`;
  const text = String(value);
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  return `Attribute ${attribute}="${shown}"`;
}

/** Which attribute a core PoolError's parameter came from. */
export const ATTRIBUTE_OF_PARAMETER = Object.freeze({
  kernelSize: 'kernel-size',
  stride: 'stride',
  padding: 'padding',
  ceilMode: 'ceil-mode',
  countIncludePad: 'count-include-pad',
  divisorOverride: 'divisor-override',
  input: 'input',
  gradOutput: 'grad-output',
});

/**
 * @typedef {object} WidgetConfig
 * @property {'avg'|'max'} op
 * @property {'forward'|'backward'} view
 * @property {number} inputHeight
 * @property {number} inputWidth
 * @property {number[]} input
 * @property {[number, number]} kernelSize
 * @property {[number, number] | null} stride   null: the kernel size
 * @property {[number, number]} padding
 * @property {boolean} ceilMode
 * @property {boolean} countIncludePad
 * @property {number | null} divisorOverride
 * @property {number[] | null} gradOutput       null: one 1 per output
 * @property {number | null} selected           0-based window index
 * @property {string[]} hide
 * @property {'auto'|'light'|'dark'} colorScheme
 */

/**
 * Reads every attribute and checks what can be checked without the core (types, names, list
 * lengths of the input). Ranges (stride 0, padding above half the kernel, a kernel larger than
 * the picture) are the core's to judge; the widget turns its PoolError into an AttributeError.
 * @param {(name: string) => string | null} get the attribute's value, or null when absent
 * @returns {WidgetConfig}
 */
export function readConfig(get) {
  const op = readChoice(get, 'op', OPS, 'avg');
  const view = readChoice(get, 'view', VIEWS, 'forward');
  const colorScheme = readChoice(get, 'color-scheme', COLOR_SCHEMES, 'auto');
  const inputHeight = readWholeNumber(get, 'input-height', 4, 1, AT_LEAST_ONE);
  const inputWidth = readWholeNumber(get, 'input-width', 4, 1, AT_LEAST_ONE);
  const inputText = get('input');
  const input = isGiven(inputText)
    ? readNumbers(inputText, 'input')
    : Array.from({ length: inputHeight * inputWidth }, (_, i) => i);
  if (input.length !== inputHeight * inputWidth) {
    throw new AttributeError('input', inputText, `it has ${input.length} numbers, but a ${inputHeight} by ${inputWidth} picture needs ${inputHeight * inputWidth}.`);
  }
  const gradText = get('grad-output');
  return {
    op,
    view,
    inputHeight,
    inputWidth,
    input,
    kernelSize: readSize(get, 'kernel-size', [2, 2]),
    stride: readSize(get, 'stride', null),
    padding: readSize(get, 'padding', [0, 0]),
    ceilMode: readBoolean(get, 'ceil-mode', false),
    countIncludePad: readBoolean(get, 'count-include-pad', true),
    // PyTorch's divisor_override is an integer, as <pool-playground> reads it too: "2.5" is a
    // mistake to report here, not later in the core's words.
    divisorOverride: readWholeNumber(get, 'divisor-override', null, -Infinity, NOT_WHOLE),
    gradOutput: isGiven(gradText) ? readNumbers(gradText, 'grad-output') : null,
    selected: readWholeNumber(get, 'selected', null, 0, WINDOW_INDEX),
    hide: readHide(get),
    colorScheme,
  };
}

function isGiven(text) {
  return text !== null && text !== undefined && text.trim() !== '';
}

function readChoice(get, name, choices, fallback) {
  const text = get(name);
  if (!isGiven(text)) return fallback;
  const value = text.trim();
  if (!choices.includes(value)) {
    throw new AttributeError(name, text, `use ${choices.map((c) => `"${c}"`).join(' or ')}.`);
  }
  return value;
}

// A whole number of at least `min`, or `fallback` when the attribute is not given; anything
// else is a mistake that `problem(text)` explains.
function readWholeNumber(get, name, fallback, min, problem) {
  const text = get(name);
  if (!isGiven(text)) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new AttributeError(name, text, problem(text));
  return value;
}

const AT_LEAST_ONE = () => 'it must be a whole number of at least 1.';
const WINDOW_INDEX = () => 'it must be a window index: 0 for window 1, 1 for window 2, and so on.';
const NOT_WHOLE = (text) => `"${text.trim()}" is not ${Number.isFinite(Number(text)) ? 'a whole number' : 'a number'}.`;

// NaN is a number the core handles (it shows how NaN spreads), so "NaN" is accepted; a word
// is not.
function readNumbers(text, name) {
  return text.trim().split(/[\s,]+/).filter(Boolean).map((token) => {
    const value = Number(token);
    if (Number.isNaN(value) && !/^[+-]?nan$/i.test(token)) {
      throw new AttributeError(name, text, `"${token}" is not a number.`);
    }
    return /^[+-]?nan$/i.test(token) ? NaN : value;
  });
}

// "2" or "2 3" -> [h, w]. Whether it is a whole number in range is left to the core, whose
// message names the rule (e.g. "padding 2 is more than half of kernelSize 2").
function readSize(get, name, fallback) {
  const text = get(name);
  if (!isGiven(text)) return fallback;
  const tokens = text.trim().split(/[\s,]+/).filter(Boolean);
  if (tokens.length > 2) {
    throw new AttributeError(name, text, 'give one number, or two (height and width).');
  }
  const values = tokens.map((token) => {
    const value = Number(token);
    if (!Number.isFinite(value)) throw new AttributeError(name, text, `"${token}" is not a number.`);
    return value;
  });
  return values.length === 1 ? [values[0], values[0]] : [values[0], values[1]];
}

/**
 * Boolean attributes take HTML's convention (present with no value means true) and also an
 * explicit "true" or "false", so that count-include-pad, true by default, can be turned off.
 */
function readBoolean(get, name, fallback) {
  const text = get(name);
  if (text === null || text === undefined) return fallback;
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'true' || value === name) return true;
  if (value === 'false') return false;
  throw new AttributeError(name, text, 'use "true" or "false" (or the attribute with no value, for true).');
}

function readHide(get) {
  const text = get('hide');
  if (!isGiven(text)) return [];
  const parts = [...new Set(text.trim().split(/\s+/))];
  const unknown = parts.filter((part) => !HIDEABLE_PARTS.includes(part));
  if (unknown.length > 0) {
    throw new AttributeError('hide', text, `"${unknown[0]}" is not a part of the widget; the parts are ${HIDEABLE_PARTS.join(', ')}.`);
  }
  return parts;
}

// Writing attributes ------------------------------------------------------------------------

/** How the widget writes a number into an attribute: exactly, so a round trip changes nothing. */
function numberText(value) {
  if (Object.is(value, -0)) return '0';
  return String(value);
}

/** "2" when both sides agree, "2 3" (height, width) when they do not. */
export function sizeText(value) {
  const [h, w] = Array.isArray(value) || ArrayBuffer.isView(value) ? value : [value, value];
  return h === w ? numberText(h) : `${numberText(h)} ${numberText(w)}`;
}

/**
 * The attribute text of one state value, or null to remove the attribute.
 * @param {string} key a getState() key, e.g. "kernelSize"
 * @param {unknown} value
 */
export function attributeText(key, value) {
  if (value === null || value === undefined) return null;
  switch (key) {
    case 'kernelSize':
    case 'stride':
    case 'padding':
      return sizeText(value);
    case 'input':
    case 'gradOutput':
      return Array.from(value, numberText).join(' ');
    case 'hide':
      return Array.isArray(value) ? value.join(' ') : String(value);
    default:
      return typeof value === 'number' ? numberText(value) : String(value);
  }
}

const sameNumbers = (a, b) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]) || x === b[i]);

/**
 * The attributes that reproduce `state`, leaving out every one that holds its default: what an
 * "Embed this" snippet needs to write. State is what getState() returns.
 * @param {object} state
 * @returns {[string, string][]} [name, value] pairs in a stable order
 */
export function attributesOfState(state) {
  const pairs = [];
  const add = (name, key) => pairs.push([name, attributeText(key, state[key])]);
  const kernel = state.kernelSize ?? [2, 2];
  const H = state.inputHeight ?? 4;
  const W = state.inputWidth ?? 4;
  if (state.op && state.op !== 'avg') add('op', 'op');
  if (H !== 4) add('input-height', 'inputHeight');
  if (W !== 4) add('input-width', 'inputWidth');
  if (state.input && !sameNumbers(Array.from(state.input), Array.from({ length: H * W }, (_, i) => i))) add('input', 'input');
  if (state.kernelSize && sizeText(kernel) !== '2') add('kernel-size', 'kernelSize');
  if (state.stride && sizeText(state.stride) !== sizeText(kernel)) add('stride', 'stride');
  if (state.padding && sizeText(state.padding) !== '0') add('padding', 'padding');
  if (state.ceilMode) add('ceil-mode', 'ceilMode');
  if (state.countIncludePad === false) add('count-include-pad', 'countIncludePad');
  if (state.divisorOverride !== null && state.divisorOverride !== undefined) add('divisor-override', 'divisorOverride');
  if (state.gradOutput && !Array.from(state.gradOutput).every((g) => g === 1)) add('grad-output', 'gradOutput');
  if (state.view && state.view !== 'forward') add('view', 'view');
  if (state.selected !== null && state.selected !== undefined) add('selected', 'selected');
  if (state.hide && state.hide.length > 0) add('hide', 'hide');
  if (state.colorScheme && state.colorScheme !== 'auto') add('color-scheme', 'colorScheme');
  return pairs;
}
