// The course's elements: the one list of them. A lesson names its element in front matter
// (`widget: { element: pool-widget, ... }`); everything else about the element lives in the
// folder of that name: define.js registers the custom element (browser only, see
// define-element.js) and adapter.js is its DOM-free lesson adapter (see pool-widget/adapter.js
// for what one exports). Both load lazily, so a page downloads only the elements it shows.
// A new element is a folder and one line here.
const ADAPTERS = Object.freeze({
  'pool-widget': () => import('./pool-widget/adapter.js'),
  'pool-playground': () => import('./pool-playground/adapter.js'),
  'neuron-widget': () => import('./neuron-widget/adapter.js'),
  'embedding-widget': () => import('./embedding-widget/adapter.js'),
  'dropout-widget': () => import('./dropout-widget/adapter.js'),
  'batchnorm-widget': () => import('./batchnorm-widget/adapter.js'),
  'softmax-widget': () => import('./softmax-widget/adapter.js'),
  'cross-entropy-widget': () => import('./cross-entropy-widget/adapter.js'),
  'loss-widget': () => import('./loss-widget/adapter.js'),
  'descent-widget': () => import('./descent-widget/adapter.js'),
  'linear-widget': () => import('./linear-widget/adapter.js'),
  'xor-widget': () => import('./xor-widget/adapter.js'),
  'lamb-widget': () => import('./lamb-widget/adapter.js'),
  'rnn-widget': () => import('./rnn-widget/adapter.js'),
  'attention-widget': () => import('./attention-widget/adapter.js'),
  'lstm-widget': () => import('./lstm-widget/adapter.js'),
  'positions-widget': () => import('./positions-widget/adapter.js'),
  'encoder-widget': () => import('./encoder-widget/adapter.js'),
  'ppo-widget': () => import('./ppo-widget/adapter.js'),
});

/** The tags of the course's elements. */
export const ELEMENT_TAGS = Object.freeze(Object.keys(ADAPTERS));

/** Is this tag one of the course's elements? */
export const isCourseElement = (tag) => Object.hasOwn(ADAPTERS, tag);

/**
 * The lesson adapter of a course element (its module's exports).
 * @param {string} tag one of ELEMENT_TAGS
 */
export function loadAdapter(tag) {
  if (!isCourseElement(tag)) return Promise.reject(new Error(`<${tag}> is not an element of the course`));
  return ADAPTERS[tag]();
}
