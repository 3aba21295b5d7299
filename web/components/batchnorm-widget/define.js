// Registers <batchnorm-widget>. Importing it twice (or next to another copy) is harmless.
import { BatchnormWidget } from './batchnorm-widget.js';

if (!customElements.get('batchnorm-widget')) {
  customElements.define('batchnorm-widget', BatchnormWidget);
}

export { BatchnormWidget };
