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
