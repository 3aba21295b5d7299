// Registers <loss-widget>. Importing it twice (or next to another copy) is harmless.
import { LossWidget } from './loss-widget.js';

if (!customElements.get('loss-widget')) {
  customElements.define('loss-widget', LossWidget);
}

export { LossWidget };
