// How an element's styles reach its shadow root. A constructable stylesheet, one per text and
// shared by every instance on the page, needs no 'unsafe-inline' under a CSP; a <style>
// element is the fallback for browsers without them.
import { element } from './element.js';

const sheets = new Map();

/**
 * @param {ShadowRoot} root
 * @param {string} cssText
 */
export function adoptStyles(root, cssText) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    if (!sheets.has(cssText)) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(cssText);
      sheets.set(cssText, sheet);
    }
    root.adoptedStyleSheets = [sheets.get(cssText)];
  } else {
    root.append(element('style', {}, cssText));
  }
}
