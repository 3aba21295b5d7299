// Entry script of an interactive lesson page: defines the lesson's widget (written into the
// page at build time, where its body says [[try-it]]) and connects "Embed this" to it.
import { elementEntry } from '../../components/registry.js';
import './exercises.js';
import { connectEmbedThis } from './embed-this.js';

const widget = document.querySelector('[data-try-it] > *');
const entry = widget && elementEntry(widget.localName);
if (entry) {
  // Each element's code is its own chunk, loaded only by the lessons that use it.
  const defined = entry.define();
  const embedThis = document.querySelector('[data-embed-this]');
  if (embedThis) defined.then(() => connectEmbedThis(embedThis, widget, entry));
}
