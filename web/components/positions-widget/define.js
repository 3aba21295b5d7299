// Registers <positions-widget>. Importing it twice (or next to another copy) is harmless.
import { PositionsWidget } from './positions-widget.js';

if (!customElements.get('positions-widget')) {
  customElements.define('positions-widget', PositionsWidget);
}

export { PositionsWidget };
