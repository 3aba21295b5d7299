// <pool-playground> in the course: its settings rows and how a lesson's `widget:` block becomes
// its attributes. DOM-free: the lesson loader (Node) and the lesson page read it through the
// registry. The playground is not embeddable (no EMBED).
import presets from './presets.json' with { type: 'json' };
import { COLOR_SCHEME_ROW, MAX_SIDE, POOL_SETTINGS } from '../shared/pool-settings.js';
import { loadPoolCore, readPoolLesson } from '../shared/pool-lesson.js';
import { attributesOf, readAttributes } from '../shared/settings-table.js';

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

/** The playground's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The core that computes this element, for the build's checks. */
export const loadCore = loadPoolCore;

/**
 * A lesson's widget block, checked (types here, combinations by the core).
 * @param {object} raw
 * @param {{ core: import('../../../core/pool/js/index.js').PoolCore }} context
 */
export function readLessonWidget(raw, { core }) {
  return readPoolLesson(raw, { table: SETTINGS, core, maxSide: MAX_SIDE, missing: { kernel_size: 'PyTorch needs it too' } });
}

/** The element's attributes for a lesson's settings; on a lesson page it keeps them in the address. */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, { ...settings, syncUrl: true }, { onlyChanged: true });
}
