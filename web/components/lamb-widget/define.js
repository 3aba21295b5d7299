// Registers <lamb-widget>. Importing it twice (or next to another copy) is harmless.
import { LambWidget } from './lamb-widget.js';

if (!customElements.get('lamb-widget')) {
  customElements.define('lamb-widget', LambWidget);
}

export { LambWidget };
