// Registers <pool-playground>. Importing it twice (or next to another copy) is harmless.
import { PoolPlayground } from './pool-playground.js';

if (!customElements.get('pool-playground')) {
  customElements.define('pool-playground', PoolPlayground);
}

export { PoolPlayground };
