// Registers <encoder-widget>. Importing it twice (or next to another copy) is harmless.
import { EncoderWidget } from './encoder-widget.js';

if (!customElements.get('encoder-widget')) {
  customElements.define('encoder-widget', EncoderWidget);
}

export { EncoderWidget };
