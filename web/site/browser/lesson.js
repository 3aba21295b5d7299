// Entry script of an interactive lesson page: defines the lesson's widget (written into the
// page at build time, where its body says [[try-it]]), starts it from the settings the page's
// address carries, if any, and makes a formula that overflows its column reachable by keyboard;
// once the widget has shown its numbers and the browser is idle,
// it makes the exercises work and loads and connects "Embed this". The widget comes first: on
// a phone its chunks and .wasm are what the learner waits for (they are preloaded, see
// ../README.md, "Preloads"), and nothing else on the page should run before its import starts,
// between its scripts and its first render (fields-later.js), or between its first render and
// the frame that shows it.
import { whenIdle } from '../../components/idle.js';
import { defineElement } from '../../components/define-element.js';
import { isCourseElement, loadAdapter } from '../../components/registry.js';
import { attributesNow } from '../../components/shared/element.js';
import { langOfElement, loadLanguage, translator } from '../../i18n/i18n.js';
import { connectExercises } from './exercises.js';
import { placeFields } from './fields-later.js';
import './formulas.js';
import { keepReturnPlace } from './return-place.js';

// The exercises wait for the widget's numbers, but not for a widget that never shows them (its
// chunks or core stuck on the way): this long at most.
const EXERCISES_AT_THE_LATEST_MS = 10_000;
// The latest the rest of the page comes after the widget's numbers, on a browser that stays busy.
const IDLE_TIMEOUT_MS = 1000;

const idle = () => new Promise((resolve) => whenIdle(resolve, IDLE_TIMEOUT_MS));

// A lesson's address may carry its widget's settings in the links' format: an exercise's "set
// the widget up" link opened in a tab of its own, or shared. The widget starts from them, over
// the settings the page gave it. A query that names none of its settings (a tracker's) leaves
// the widget as the page wrote it; a pooling playground reads its address itself (sync-url).
// Settings that cannot be read, or that the widget cannot draw, are said under the widget,
// which keeps the lesson's own.
async function startFromAddress(widget) {
  const query = window.location.search;
  if (!query || typeof widget.applyQuery !== 'function' || widget.hasAttribute('sync-url')) return;
  const [{ SETTINGS }, { hasQuerySettings }] = await Promise.all([
    loadAdapter(widget.localName), import('../../components/shared/settings-table.js'),
  ]);
  if (!hasQuerySettings(SETTINGS, query)) return;
  if (widget.applyQuery(query)) {
    // Settings the link's reader takes may still be ones the widget cannot draw (a window larger
    // than the picture, numbers whose loss overflows): it says why, and the lesson's own return.
    // If the lesson's own cannot be drawn either (the core did not load), the link was not the
    // cause: its settings stay, and the widget's own message says what is wrong.
    const drawn = async () => {
      await widget.ready().catch(() => {});
      return !widget.getState().error;
    };
    if (await drawn()) return;
    widget.applyQuery('');
    if (!(await drawn())) {
      widget.applyQuery(query);
      return;
    }
  }
  const t = translator(await loadLanguage(langOfElement(widget)));
  const note = document.createElement('p');
  note.className = 'try-it__note';
  note.setAttribute('role', 'status');
  note.textContent = t('site.lesson.linkRefused');
  widget.after(note);
}

keepReturnPlace();

let widgetSettled = Promise.resolve();
const widget = document.querySelector('[data-try-it] > *');
if (widget && isCourseElement(widget.localName)) {
  // The lesson's settings as the page wrote them, before a link or the learner changes them:
  // what the iframe snippet's query is written over.
  const lessonAttributes = attributesNow(widget);
  // Each element's code is its own chunk, loaded only by the lessons that use it.
  const defined = defineElement(widget.localName).then(() => startFromAddress(widget));
  // Whether its first render worked or not, the exercises and the snippets then go on.
  const rendered = defined.then(() => widget.ready().catch(() => {})).then(idle);
  widgetSettled = rendered.catch(() => {});
  // The module that reads a link's settings comes now, where the page opened without one, so
  // the service worker keeps it (offline.js) and the lesson, kept for offline use, also opens
  // offline with a link's settings (an exercise's link, a shared one): a few hundred bytes.
  if (!window.location.search) rendered.then(() => import('../../components/shared/settings-table.js')).catch(() => {});
  // "Embed this" (its fields, and the snippets' code, a chunk of its own) waits for the
  // widget's numbers; the snippets then follow its changes.
  const embedThis = document.querySelector('[data-embed-this]');
  if (embedThis) {
    rendered.then(() => {
      placeFields(embedThis, '[data-embed-snippets]');
      return import('./embed-this.js');
    }).then(({ connectEmbedThis }) => connectEmbedThis(embedThis, widget, lessonAttributes));
  }
}
connectExercises(Promise.race([
  widgetSettled,
  new Promise((resolve) => setTimeout(resolve, EXERCISES_AT_THE_LATEST_MS)),
]));
