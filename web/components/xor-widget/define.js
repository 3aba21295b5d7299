// Registers <xor-widget>. Importing it twice (or next to another copy) is harmless.
import { XorWidget } from './xor-widget.js';

if (!customElements.get('xor-widget')) {
  customElements.define('xor-widget', XorWidget);
}

export { XorWidget };
