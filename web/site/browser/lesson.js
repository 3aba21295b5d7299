// Entry script of an interactive lesson page: defines the lesson's widget (written into the
// page at build time, where its body says [[try-it]]) and makes a formula that overflows its
// column reachable by keyboard; once the widget has shown its numbers and the browser is idle,
// it makes the exercises work and loads and connects "Embed this". The widget comes first: on
// a phone its chunks and .wasm are what the learner waits for (they are preloaded, see
// ../README.md, "Preloads"), and nothing else on the page should run before its import starts,
// between its scripts and its first render (fields-later.js), or between its first render and
// the frame that shows it.
import { whenIdle } from '../../components/idle.js';
import { defineElement } from '../../components/define-element.js';
import { isCourseElement } from '../../components/registry.js';
import { connectExercises } from './exercises.js';
import { placeFields } from './fields-later.js';
import './formulas.js';

// The exercises wait for the widget's numbers, but not for a widget that never shows them (its
// chunks or core stuck on the way): this long at most.
const EXERCISES_AT_THE_LATEST_MS = 10_000;
// The latest the rest of the page comes after the widget's numbers, on a browser that stays busy.
const IDLE_TIMEOUT_MS = 1000;

const idle = () => new Promise((resolve) => whenIdle(resolve, IDLE_TIMEOUT_MS));

let widgetSettled = Promise.resolve();
const widget = document.querySelector('[data-try-it] > *');
if (widget && isCourseElement(widget.localName)) {
  // Each element's code is its own chunk, loaded only by the lessons that use it.
  const defined = defineElement(widget.localName);
  // Whether its first render worked or not, the exercises and the snippets then go on.
  const rendered = defined.then(() => widget.ready().catch(() => {})).then(idle);
  widgetSettled = rendered.catch(() => {});
  // "Embed this" (its fields, and the snippets' code, a chunk of its own) waits for the
  // widget's numbers; the snippets then follow its changes.
  const embedThis = document.querySelector('[data-embed-this]');
  if (embedThis) {
    rendered.then(() => {
      placeFields(embedThis, '[data-embed-snippets]');
      return import('./embed-this.js');
    }).then(({ connectEmbedThis }) => connectEmbedThis(embedThis, widget));
  }
}
connectExercises(Promise.race([
  widgetSettled,
  new Promise((resolve) => setTimeout(resolve, EXERCISES_AT_THE_LATEST_MS)),
]));
