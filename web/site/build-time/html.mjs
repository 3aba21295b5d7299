// Tiny helpers for writing HTML as strings at build time.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made safe to place inside HTML. */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/** A custom element with its attributes, e.g. `<pool-widget kernel-size="3"></pool-widget>`. */
export function elementHtml(tag, attributes) {
  const written = attributes.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`)).join('');
  return `<${tag}${written}></${tag}>`;
}
