// The settings of <pool-widget>: pooling's rows, then what it shows and how (see
// ../shared/settings-table.js for what a row holds). The element reads its attributes through
// them; adapter.js, links and snippets write them.
import { COLOR_SCHEME_ROW, POOL_SETTINGS, SELECTED_ROW, belongsTo } from '../shared/pool-settings.js';
import { AttributeError, holdsItsFallback, readAttributes } from '../shared/settings-table.js';

/** The parts of the widget that `hide` can take away. */
export const HIDEABLE_PARTS = Object.freeze(['toggle', 'hint', 'formula', 'code']);

// The widget shows one kind of pooling and has no control for the other kind's options, so one
// set for the other kind (dilation="2" on average pooling) is refused, as the core's JS API
// refuses it, rather than kept where no learner sees it. Their fallbacks (dilation 1,
// count_include_pad, no divisor_override) change nothing in either kind and pass. (The
// playground keeps them: its learner switches the kind, and its controls show them.)
const OTHER_KIND = {
  avg: 'average pooling takes no {name} (only max pooling does): leave it out, or set op="max".',
  max: 'max pooling takes no {name} (only average pooling does): leave it out, or set op="avg".',
};
const ownKindOnly = (row) => ({
  ...row,
  check: (settings, fail) => {
    row.check?.(settings, fail);
    if (!belongsTo(row, settings.op) && !holdsItsFallback(row, settings)) fail(OTHER_KIND[settings.op].replace('{name}', row.name));
  },
});

/** The widget's settings: pooling's, then what it shows and how. */
export const SETTINGS = Object.freeze([
  ...POOL_SETTINGS.map((row) => (row.ops ? ownKindOnly(row) : row)),
  { name: 'view', key: 'view', attribute: 'view', kind: 'choice', choices: ['forward', 'backward'], fallback: 'forward' },
  SELECTED_ROW,
  {
    name: 'hide', key: 'hide', attribute: 'hide', kind: 'words', fallback: [], choices: () => HIDEABLE_PARTS,
    unknown: (word) => `"${word}" is not a part of the widget; the parts are ${HIDEABLE_PARTS.join(', ')}.`,
  },
  COLOR_SCHEME_ROW,
]);

/** The widget's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get, options) => readAttributes(SETTINGS, get, options);

/**
 * Refuses, in words, a selected window the output does not have (the core says how many it has,
 * so no reader of the attribute alone can).
 * @param {number | null} selected as the page counts windows, from 1
 * @param {number} windows
 */
export function checkSelectedWindow(selected, windows) {
  const problem = selectedWindowProblem(selected, windows);
  if (problem) throw new AttributeError('selected', String(selected), `${problem}.`);
}

/** Why `selected` names no window of an output of `windows` windows, or null when it names one. */
export function selectedWindowProblem(selected, windows) {
  if (selected === null || selected <= windows) return null;
  return `the output has ${windows} windows, so selected must be from 1 to ${windows}, not ${selected}`;
}

/** The event the element fires after a learner's change, with { state, byUser: true }; a page
 * that follows the widget (the lesson's "Embed this") listens for it through the adapter's EMBED. */
export const CHANGE_EVENT = 'pool-change';
