// Registers <dropout-widget>. Importing it twice (or next to another copy) is harmless.
import { DropoutWidget } from './dropout-widget.js';

if (!customElements.get('dropout-widget')) {
  customElements.define('dropout-widget', DropoutWidget);
}

export { DropoutWidget };
