// The settings of <pool-widget>: pooling's rows, then what it shows and how (see
// ../shared/settings-table.js for what a row holds). The element reads its attributes through
// them; adapter.js, links and snippets write them.
import { COLOR_SCHEME_ROW, POOL_SETTINGS, SELECTED_ROW } from '../shared/pool-settings.js';
import { AttributeError, readAttributes } from '../shared/settings-table.js';

/** The parts of the widget that `hide` can take away. */
export const HIDEABLE_PARTS = Object.freeze(['toggle', 'hint', 'formula', 'code']);

/** The widget's settings: pooling's, then what it shows and how. */
export const SETTINGS = Object.freeze([
  ...POOL_SETTINGS,
  { name: 'view', key: 'view', attribute: 'view', kind: 'choice', choices: ['forward', 'backward'], fallback: 'forward' },
  SELECTED_ROW,
  {
    name: 'hide', key: 'hide', attribute: 'hide', kind: 'words', fallback: [], choices: () => HIDEABLE_PARTS,
    unknown: (word) => `"${word}" is not a part of the widget; the parts are ${HIDEABLE_PARTS.join(', ')}.`,
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/**
 * Refuses, in words, a selected window the output does not have (the core says how many it has,
 * so no reader of the attribute alone can).
 * @param {number | null} selected as the page counts windows, from 1
 * @param {number} windows
 */
export function checkSelectedWindow(selected, windows) {
  if (selected === null || selected <= windows) return;
  throw new AttributeError('selected', String(selected), `the output has ${windows} windows, so selected must be from 1 to ${windows}, not ${selected}.`);
}

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'pool-change';
