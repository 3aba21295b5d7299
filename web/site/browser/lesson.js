// Entry script of an interactive lesson page: defines the lesson's widget (written into the
// page at build time, where its body says [[try-it]]), connects "Embed this" to it, and makes a
// formula that overflows its column reachable by keyboard.
import { defineElement } from '../../components/define-element.js';
import { isCourseElement } from '../../components/registry.js';
import './exercises.js';
import './formulas.js';
import { connectEmbedThis } from './embed-this.js';

const widget = document.querySelector('[data-try-it] > *');
if (widget && isCourseElement(widget.localName)) {
  // Each element's code is its own chunk, loaded only by the lessons that use it.
  const defined = defineElement(widget.localName);
  const embedThis = document.querySelector('[data-embed-this]');
  if (embedThis) defined.then(() => connectEmbedThis(embedThis, widget));
}
