// Registers <embedding-widget>. Importing it twice (or next to another copy) is harmless.
import { EmbeddingWidget } from './embedding-widget.js';

if (!customElements.get('embedding-widget')) {
  customElements.define('embedding-widget', EmbeddingWidget);
}

export { EmbeddingWidget };
