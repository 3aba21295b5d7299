// Registers <linear-widget>. Importing it twice (or next to another copy) is harmless.
import { LinearWidget } from './linear-widget.js';

if (!customElements.get('linear-widget')) {
  customElements.define('linear-widget', LinearWidget);
}

export { LinearWidget };
