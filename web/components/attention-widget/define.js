// Registers <attention-widget>. Importing it twice (or next to another copy) is harmless.
import { AttentionWidget } from './attention-widget.js';

if (!customElements.get('attention-widget')) {
  customElements.define('attention-widget', AttentionWidget);
}

export { AttentionWidget };
