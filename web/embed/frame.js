// Script of a lesson's iframe route, /embed/<lesson>/: the lesson's widget alone, for pages
// that cannot run scripts of their own. Its options are the query string, named as the
// element's attributes (?kernel-size=3&stride=1...). With no options it is the lesson's widget
// as the lesson sets it; any option replaces those settings as a whole, as on the tag.
import '../components/pool-widget/define.js';
import { WIDGET_SETTINGS_ID, widgetAttributes } from '../site/widget-attributes.js';
import { optionsOfQuery } from './snippets.js';

const island = document.getElementById(WIDGET_SETTINGS_ID);
const settings = island ? JSON.parse(island.textContent) : null;
const mount = document.querySelector('[data-embed-frame]');

if (settings && mount) {
  const { pairs, ignored } = optionsOfQuery(new URLSearchParams(window.location.search));
  if (ignored.length > 0) {
    console.warn(`<pool-widget> iframe: ignored ${ignored.map((name) => `"${name}"`).join(', ')}, which ${ignored.length === 1 ? 'is not an option' : 'are not options'} of the widget.`);
  }
  const attributes = pairs.length > 0 ? pairs : Object.entries(widgetAttributes(settings));
  const widget = document.createElement(settings.element);
  for (const [name, value] of attributes) widget.setAttribute(name, value);
  mount.append(widget);
}
