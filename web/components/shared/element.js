// How the course's elements build their DOM: with DOM calls rather than innerHTML, so a page
// that enforces Trusted Types can host them.

/**
 * A new element. Attributes whose value is undefined, null or false are left out; true sets
 * the attribute empty (a boolean attribute). `content` is the element's text, or a list of
 * nodes and strings to append.
 * @param {string} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attributes]
 * @param {string | (Node | string)[]} [content]
 */
export function element(tag, attributes = {}, content = undefined) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? '' : value);
  }
  if (Array.isArray(content)) node.append(...content);
  else if (content !== undefined) node.textContent = content;
  return node;
}

/**
 * A text field for a number, as SettingsWidget reads it: `key` names the setting and `index`
 * its entry in a list. Text rather than type=number, so "1,5" can be refused in words rather
 * than emptied; inputmode gives phones a keypad with a point.
 * @param {string} label its accessible name, also the start of its messages
 * @param {{ key: string, index?: number }} setting
 */
export function numberField(label, { key, index }) {
  return element('input', {
    type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', class: 'number-field',
    'aria-label': label, 'data-key': key, 'data-index': index,
  });
}

/**
 * A choice for a setting, as SettingsWidget reads it: `key` names the setting.
 * @param {string} label its accessible name
 * @param {string} key
 * @param {[string, string][]} options [value, text] pairs
 */
export function settingSelect(label, key, options) {
  return element('select', { 'aria-label': label, 'data-key': key },
    options.map(([value, text]) => element('option', { value }, text)));
}

/** A control with its words above it (the settings widgets' `.control`). */
export function labelled(text, control, attributes = {}) {
  return element('label', { class: 'control', ...attributes }, [element('span', {}, text), control]);
}

/**
 * Shows `text` in `node`, touching the DOM only if it differs: a text node that stays is not
 * laid out, shaped and painted again, which a redraw of a whole widget after a tap would
 * otherwise do for every number that did not change. (An aria-live region whose sentence must
 * be read again even when it repeats is written with textContent instead.)
 * @param {Node} node
 * @param {string} text
 */
export function setText(node, text) {
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.data !== text) node.data = text;
    return;
  }
  const only = node.firstChild;
  // Empty means no text node at all, so :empty still matches.
  if (text === '') {
    if (only !== null) node.textContent = '';
  } else if (only !== null && only === node.lastChild && only.nodeType === Node.TEXT_NODE) {
    if (only.data !== text) only.data = text;
  } else {
    node.textContent = text;
  }
}

/**
 * Gives `container` exactly `count` element children, keeping the ones it has: the surplus goes
 * from the end, the missing are made by `create(i)` and appended. Returns the children, which
 * the caller then updates in place (setText, attributes). A list that follows the learner's
 * taps (a sentence, rows of numbers) so keeps its nodes: a row that stays is not built, styled
 * and laid out again, and a control that has focus keeps it.
 * @param {Element} container
 * @param {number} count
 * @param {(i: number) => Element} create
 * @returns {Element[]}
 */
export function keepChildren(container, count, create) {
  while (container.childElementCount > count) container.lastElementChild.remove();
  for (let i = container.childElementCount; i < count; i++) container.append(create(i));
  return [...container.children];
}

/** Sets or removes an attribute, touching the DOM only if it changes (see setText). */
export function setAttributeIfChanged(node, name, value) {
  if (value === null || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
    return;
  }
  const text = value === true ? '' : String(value);
  if (node.getAttribute(name) !== text) node.setAttribute(name, text);
}

/**
 * Runs `task` once the browser has painted what is on the screen now: work a learner need not
 * wait for (a picture's decoration) comes after the numbers it would otherwise hold back.
 * @param {() => void} task
 */
export function afterPaint(task) {
  requestAnimationFrame(() => setTimeout(task, 0));
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A new SVG element with these attributes (each written as a string) and children: element's
 * counterpart for a picture.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {(Node | string)[]} [children]
 */
export function svgElement(tag, attributes = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** An element's attributes as they are now, name -> text: what a page gave it, kept for later. */
export function attributesNow(node) {
  return Object.fromEntries(node.getAttributeNames().map((name) => [name, node.getAttribute(name)]));
}
