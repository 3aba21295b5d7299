// <pool-widget> in the course: its settings rows, how a lesson's `widget:` block becomes its
// attributes, and what embedding it needs. DOM-free: the lesson loader (Node), the lesson page,
// the iframe route and oEmbed read it through the registry.
import { COLOR_SCHEME_ROW, POOL_SETTINGS, SELECTED_ROW } from '../shared/pool-settings.js';
import { loadPoolCore, readPoolLesson } from '../shared/pool-lesson.js';
import { attributesOf, readAttributes } from '../shared/settings-table.js';
import { frameSize } from './frame-size.js';

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

/** The core that computes this element, for the build's checks. */
export const loadCore = loadPoolCore;

/**
 * A lesson's widget block, checked (types here, combinations by the core).
 * @param {object} raw
 * @param {{ core: import('../../../core/pool/js/index.js').PoolCore }} context
 */
export function readLessonWidget(raw, { core }) {
  return readPoolLesson(raw, {
    table: SETTINGS,
    core,
    missing: { kernel_size: 'PyTorch needs it too', grad_output: 'one upstream gradient per output' },
  });
}

/** The element's attributes for a lesson's settings (those that differ from the defaults). */
export function lessonAttributes(settings) {
  return attributesOf(SETTINGS, settings, { onlyChanged: true });
}

/** Embedding: the one-tag script, the iframe route and oEmbed. */
export const EMBED = Object.freeze({ frameSize });
