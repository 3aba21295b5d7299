// An element's applyQuery (an exercise's "set the widget up" link), shared by the settings
// elements and <pool-widget>: its own module, so that the pooling embed takes nothing else of
// the settings elements.
import { querySettingsOver } from './settings-table.js';

/**
 * An element's applyQuery: `query` read over `given` (the attributes the page gave it) through
 * `table`, then set as its state. True if it applied; false, with a warning, if the query cannot
 * be read.
 * @param {HTMLElement & { setState(settings: object): void }} element
 * @param {object[]} table
 * @param {string} query
 * @param {Record<string, string> | null} given
 */
export function applyQueryOver(element, table, query, given) {
  let settings;
  try {
    settings = querySettingsOver(table, query, given);
  } catch (error) {
    console.warn(`<${element.localName}>: ${error.message}`);
    return false;
  }
  element.setState(settings);
  return true;
}
