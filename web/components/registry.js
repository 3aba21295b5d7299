// The course's elements: the one list of them. A lesson names its element in front matter
// (`widget: { element: pool-widget, ... }`); everything else about the element lives in its
// folder. `define` registers the custom element (browser only); `adapter` is its DOM-free
// lesson adapter (see pool-widget/adapter.js for what one exports). Both load lazily, so a page
// downloads only the elements it shows. A new element is a folder and one line here.
export const ELEMENTS = Object.freeze({
  'pool-widget': { define: () => import('./pool-widget/define.js'), adapter: () => import('./pool-widget/adapter.js') },
  'pool-playground': { define: () => import('./pool-playground/define.js'), adapter: () => import('./pool-playground/adapter.js') },
});

/** The tags of the course's elements. */
export const ELEMENT_TAGS = Object.freeze(Object.keys(ELEMENTS));

/**
 * The registry's entry for a tag, or undefined for a tag it does not list.
 * @param {string} tag
 */
export function elementEntry(tag) {
  return Object.hasOwn(ELEMENTS, tag) ? ELEMENTS[tag] : undefined;
}
