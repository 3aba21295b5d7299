// Registers <rnn-widget>. Importing it twice (or next to another copy) is harmless.
import { RnnWidget } from './rnn-widget.js';

if (!customElements.get('rnn-widget')) {
  customElements.define('rnn-widget', RnnWidget);
}

export { RnnWidget };
