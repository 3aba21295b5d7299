// Registers <softmax-widget>. Importing it twice (or next to another copy) is harmless.
import { SoftmaxWidget } from './softmax-widget.js';

if (!customElements.get('softmax-widget')) {
  customElements.define('softmax-widget', SoftmaxWidget);
}

export { SoftmaxWidget };
