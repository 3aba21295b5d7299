// Entry script of an interactive lesson page: puts the lesson's widget where its body says
// [[try-it]]. The settings come from the page's JSON island, written at build time from the
// lesson's front matter.
import './exercises.js';
import { WIDGET_SETTINGS_ID, createWidget } from './widget-attributes.js';
import { connectEmbedThis } from './embed-this.js';

function readWidgetSettings() {
  const island = document.getElementById(WIDGET_SETTINGS_ID);
  return island ? JSON.parse(island.textContent) : null;
}

// Each element's code is its own chunk, loaded only by the lessons that use it.
const ELEMENT_DEFINITIONS = {
  'pool-widget': () => import('../components/pool-widget/define.js'),
  'pool-playground': () => import('../components/pool-playground/define.js'),
};

const settings = readWidgetSettings();
if (settings) {
  for (const slot of document.querySelectorAll('[data-try-it]')) {
    slot.append(createWidget(settings));
  }
  const defined = ELEMENT_DEFINITIONS[settings.element]?.() ?? Promise.resolve();
  // "Embed this" follows the lesson's (first) widget, once its element is defined.
  const embedThis = document.querySelector('[data-embed-this]');
  const lessonWidget = document.querySelector('[data-try-it] > *');
  if (embedThis && lessonWidget) defined.then(() => connectEmbedThis(embedThis, lessonWidget));
}
