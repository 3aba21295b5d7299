// Tiny helpers for writing HTML as strings at build time.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made safe to place inside HTML. */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/**
 * JSON safe to place inside <script type="application/json">: "<" is escaped so that a
 * value containing "</script>" cannot end the element early.
 */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
