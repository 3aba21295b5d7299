// <pool-playground> in the course: its settings rows and how a lesson's `widget:` block becomes
// its attributes. DOM-free: the lesson loader (Node) and the lesson page read it through the
// registry. The playground is not embeddable (no EMBED).
import presets from './presets.json' with { type: 'json' };
import { MAX_SIDE, POOL_SETTINGS } from '../shared/pool-settings.js';
import { readPoolLesson } from '../shared/pool-lesson.js';
import { attributesOf, readAttributes } from '../shared/settings-table.js';

const EXAMPLE_IDS = presets.examples.map((example) => example.id);

/** The playground's settings: pooling's (pictures up to MAX_SIDE a side), then its own. */
export const SETTINGS = Object.freeze([
  ...POOL_SETTINGS.map((row) => (row.kind === 'count' ? { ...row, max: MAX_SIDE } : row)),
  {
    name: 'examples', key: 'examples', attribute: 'examples', kind: 'words', noneWord: true, query: false,
    fallback: () => [...EXAMPLE_IDS], choices: () => EXAMPLE_IDS,
    unknown: (id) => `has "${id}", which is not an example in presets.json (known: ${EXAMPLE_IDS.join(', ')})`,
  },
  // Keeps the settings in the page's address: every lesson page sets it.
  { name: 'sync_url', key: 'syncUrl', attribute: 'sync-url', kind: 'flag', fallback: false, query: false, frontMatter: false },
  { name: 'no_picture', key: 'noPicture', attribute: 'no-picture', kind: 'flag', fallback: false, query: false },
  { name: 'color_scheme', key: 'colorScheme', attribute: 'color-scheme', kind: 'choice', choices: ['auto', 'light', 'dark'], fallback: 'auto', query: false },
]);

/** The playground's settings from its attributes; throws AttributeError quoting the attribute. */
export const settingsFromAttributes = (get) => readAttributes(SETTINGS, get);

/** The pooling core computes this element. */
export const FAMILY = 'core';

/**
 * A lesson's widget block, checked (types here, combinations by the core).
 * @param {object} raw
 * @param {{ core: import('@core').PoolCore }} context
 */
export function readLessonWidget(raw, { core }) {
  return readPoolLesson(raw, { table: SETTINGS, core, maxSide: MAX_SIDE, missing: { kernel_size: 'PyTorch needs it too' } });
}

/** The element's attributes for a lesson's settings; on a lesson page it keeps them in the address. */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, { ...settings, syncUrl: true }, { onlyChanged: true });
}
