// Registers <pool-widget>. Importing it twice (or next to another copy) is harmless.
import { PoolWidget } from './pool-widget.js';

if (!customElements.get('pool-widget')) {
  customElements.define('pool-widget', PoolWidget);
}

export { PoolWidget };
