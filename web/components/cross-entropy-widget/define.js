// Registers <cross-entropy-widget>. Importing it twice (or next to another copy) is harmless.
import { CrossEntropyWidget } from './cross-entropy-widget.js';

if (!customElements.get('cross-entropy-widget')) {
  customElements.define('cross-entropy-widget', CrossEntropyWidget);
}

export { CrossEntropyWidget };
