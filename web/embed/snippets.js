// The addresses and copy-paste snippets of the embed, shared by the lesson page's "Embed this"
// section (in the browser) and the oEmbed endpoint (in Node), so both hand out the same HTML.
// Free of the DOM on purpose.
import { ATTRIBUTE_NAMES } from '../components/pool-widget/attributes.js';

/** Where the one-tag embed's script lives, from the course's root. */
export const EMBED_SCRIPT_PATH = '/embed/pool-widget.js';

/** The iframe route of a lesson's widget. */
export function framePath(slug) {
  return `/embed/${slug}/`;
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

/**
 * The widget options a query string carries: every known attribute name, in the order the
 * widget documents them; anything else is left out (and listed in `ignored`).
 * @param {URLSearchParams} params
 * @returns {{ pairs: [string, string][], ignored: string[] }}
 */
export function optionsOfQuery(params) {
  const given = new Map();
  const ignored = [];
  for (const [name, value] of params) {
    if (ATTRIBUTE_NAMES.includes(name)) given.set(name, value);
    else ignored.push(name);
  }
  const pairs = ATTRIBUTE_NAMES.filter((name) => given.has(name)).map((name) => [name, given.get(name)]);
  return { pairs, ignored };
}

/**
 * The iframe's address for these options. With no options at all the iframe shows the
 * lesson's own widget; any option replaces the lesson's settings as a whole (options left out
 * take the element's defaults, exactly as on the tag).
 * @param {string} origin e.g. "https://course.example"
 * @param {string} slug the lesson's slug
 * @param {[string, string][]} pairs
 */
export function frameUrl(origin, slug, pairs) {
  const query = new URLSearchParams(pairs).toString();
  return `${origin}${framePath(slug)}${query ? `?${query}` : ''}`;
}

/**
 * The options that reproduce a widget's state in the iframe. The element's defaults drop out;
 * if nothing is left, "op" is written anyway so the iframe does not fall back to the lesson's
 * settings.
 * @param {[string, string][]} pairs attributesOfState(state)
 */
export function frameOptionsOfAttributes(pairs) {
  return pairs.length > 0 ? pairs : [['op', 'avg']];
}

/** `<script ...></script>` and the element with its attributes, on two lines. */
export function scriptSnippet(origin, pairs, tag = 'pool-widget') {
  const attributes = pairs.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  return `<script type="module" src="${escapeHtml(origin + EMBED_SCRIPT_PATH)}"></script>\n<${tag}${attributes}></${tag}>`;
}

/** The `<iframe>` for a frame URL, sized with frameSize(). */
export function iframeSnippet(src, { width, height, title }) {
  return `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="${width}" height="${height}"`
    + ' loading="lazy" style="border: 0; max-width: 100%;"></iframe>';
}

/** Default width of the iframe, in CSS pixels: room for a 6-cell picture beside its output. */
export const FRAME_WIDTH = 640;

/**
 * A height, in CSS pixels, that shows the whole widget in a FRAME_WIDTH-wide iframe for these
 * options: an estimate from the picture's rows (the widget itself is drawn by the core). Too
 * tall leaves a margin; too short, the iframe scrolls.
 * @param {[string, string][]} pairs
 * @param {{ width?: number }} [options]
 */
export function frameSize(pairs, { width = FRAME_WIDTH } = {}) {
  const options = Object.fromEntries(pairs);
  const pair = (text, fallback) => {
    const values = String(text ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number);
    if (values.length === 0 || values.some((v) => !Number.isFinite(v))) return fallback;
    return values.length === 1 ? [values[0], values[0]] : values.slice(0, 2);
  };
  const count = (text, fallback) => (Number.isInteger(Number(text)) && Number(text) > 0 ? Number(text) : fallback);
  const H = count(options['input-height'], 4);
  const W = count(options['input-width'], 4);
  const [kh, kw] = pair(options['kernel-size'], [2, 2]);
  const [sh, sw] = pair(options.stride, [kh, kw]);
  const [ph, pw] = pair(options.padding, [0, 0]);
  const ceilMode = 'ceil-mode' in options && options['ceil-mode'] !== 'false';
  // PyTorch's output size, with ceil_mode's extra window unless it would start in the padding.
  const outSide = (n, k, s, p) => {
    const step = Math.max(1, s);
    let out = Math.floor((n + 2 * p - k + (ceilMode ? step - 1 : 0)) / step) + 1;
    if (ceilMode && (out - 1) * step >= n + p) out -= 1;
    return Math.max(1, out);
  };
  const OH = outSide(H, kh, sh, ph);
  const OW = outSide(W, kw, sw, pw);
  const hidden = String(options.hide ?? '').split(/\s+/);
  const cell = 56 + 4; // the widest cell and its gap
  const inputRows = H + 2 * ph;
  const inputWidth = (W + 2 * pw) * cell + 40;
  const outputWidth = OW * (options.view === 'backward' ? 84 : cell) + 40;
  // The two grids sit side by side when they fit, one above the other when not.
  const sideBySide = inputWidth + 32 + outputWidth <= width - 34;
  const grids = sideBySide ? Math.max(inputRows, OH) * cell + 60 : (inputRows + OH) * cell + 120;
  let height = 34 + grids;
  if (!hidden.includes('toggle')) height += 60;
  if (!hidden.includes('hint')) height += 62;
  if (!hidden.includes('formula')) height += 80;
  if (!hidden.includes('code')) height += 60;
  return { width, height: Math.ceil(height / 10) * 10 };
}
