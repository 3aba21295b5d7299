// Defines a course element in the browser, loading only its own chunk: the define.js in the
// folder named after its tag (registry.js). Browser only (a Vite glob).
import { isCourseElement } from './registry.js';

const DEFINITIONS = import.meta.glob('./*/define.js');

/**
 * @param {string} tag one of the registry's tags
 * @returns {Promise<object>} the element's define.js module
 */
export function defineElement(tag) {
  const load = isCourseElement(tag) ? DEFINITIONS[`./${tag}/define.js`] : undefined;
  if (!load) return Promise.reject(new Error(`<${tag}> is not an element of the course`));
  return load();
}
