// Registers <ppo-widget>. Importing it twice (or next to another copy) is harmless.
import { PpoWidget } from './ppo-widget.js';

if (!customElements.get('ppo-widget')) {
  customElements.define('ppo-widget', PpoWidget);
}

export { PpoWidget };
