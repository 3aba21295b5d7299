// The settings of <pool-playground>: pooling's rows (pictures up to MAX_SIDE a side), then how
// it shows them (see ../shared/settings-table.js for what a row holds). The element reads its
// attributes, links and state through them; adapter.js writes a lesson's.
import presets from './presets.json' with { type: 'json' };
import { COLOR_SCHEME_ROW, MAX_SIDE, POOL_SETTINGS } from '../shared/pool-settings.js';
import { readAttributes } from '../shared/settings-table.js';

const EXAMPLE_IDS = presets.examples.map((example) => example.id);

/** The pooling settings the playground shows, links and reports: pictures up to MAX_SIDE a side. */
export const POOLING = Object.freeze(POOL_SETTINGS.map((row) => (row.kind === 'count' ? { ...row, max: MAX_SIDE } : row)));

/** The playground's settings: pooling's, then how it shows them. */
export const SETTINGS = Object.freeze([
  ...POOLING,
  {
    name: 'examples', key: 'examples', attribute: 'examples', kind: 'words', noneWord: true, query: false,
    fallback: () => [...EXAMPLE_IDS], choices: () => EXAMPLE_IDS,
    unknown: (id) => `has "${id}", which is not an example in presets.json (known: ${EXAMPLE_IDS.join(', ')})`,
  },
  // Keeps the settings in the page's address: every lesson page sets it.
  { name: 'sync_url', key: 'syncUrl', attribute: 'sync-url', kind: 'flag', fallback: false, query: false, frontMatter: false },
  { name: 'no_picture', key: 'noPicture', attribute: 'no-picture', kind: 'flag', fallback: false, query: false },
  { ...COLOR_SCHEME_ROW, query: false },
]);

/** What the playground fires when the learner changes its state (pool-widget's name too). */
export const CHANGE_EVENT = 'pool-change';

/** The playground's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);
