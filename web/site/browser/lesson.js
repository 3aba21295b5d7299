// Entry script of an interactive lesson page: defines the lesson's widget (written into the
// page at build time, where its body says [[try-it]]), then makes the exercises work and a
// formula that overflows its column reachable by keyboard, and loads and connects "Embed this"
// once the widget shows its numbers. The widget comes first: on a phone its chunks and .wasm
// are what the learner waits for (they are preloaded, see ../README.md, "Preloads"), and
// nothing else on the page should run before its import starts.
import { defineElement } from '../../components/define-element.js';
import { isCourseElement } from '../../components/registry.js';
import { connectExercises } from './exercises.js';
import './formulas.js';

const widget = document.querySelector('[data-try-it] > *');
if (widget && isCourseElement(widget.localName)) {
  // Each element's code is its own chunk, loaded only by the lessons that use it.
  const defined = defineElement(widget.localName);
  const embedThis = document.querySelector('[data-embed-this]');
  // "Embed this" (and the snippets' code, a chunk of its own) waits for the widget's numbers;
  // whether its first render worked or not, the snippets then follow its changes.
  if (embedThis) {
    defined.then(() => widget.ready().catch(() => {}))
      .then(() => import('./embed-this.js'))
      .then(({ connectEmbedThis }) => connectEmbedThis(embedThis, widget));
  }
}
connectExercises();
