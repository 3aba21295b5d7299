// Registers <lstm-widget>. Importing it twice (or next to another copy) is harmless.
import { LstmWidget } from './lstm-widget.js';

if (!customElements.get('lstm-widget')) {
  customElements.define('lstm-widget', LstmWidget);
}

export { LstmWidget };
