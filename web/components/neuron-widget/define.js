// Registers <neuron-widget>. Importing it twice (or next to another copy) is harmless.
import { NeuronWidget } from './neuron-widget.js';

if (!customElements.get('neuron-widget')) {
  customElements.define('neuron-widget', NeuronWidget);
}

export { NeuronWidget };
