// Registers <descent-widget>. Importing it twice (or next to another copy) is harmless.
import { DescentWidget } from './descent-widget.js';

if (!customElements.get('descent-widget')) {
  customElements.define('descent-widget', DescentWidget);
}

export { DescentWidget };
