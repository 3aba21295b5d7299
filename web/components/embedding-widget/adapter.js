// <embedding-widget> in the course: its settings (settings.js), how a lesson's `widget:` block
// becomes its attributes (checked by the table's rules and the layers core), the numbers its
// exercises name ("output P,D", "grad_weight WORD,D", model.js), and what embedding it needs.
// DOM-free: read through the registry.
import { layersAdapter } from '../shared/layers-adapter.js';
import { frameSize } from './frame-size.js';
import { embeddingNumbers, exerciseNumber } from './model.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';

export { SETTINGS, settingsFromAttributes } from './settings.js';

export const { loadCore, readLessonWidget, checkSettings, lessonAttributes, exerciseValue, EMBED } = layersAdapter({
  changeEvent: CHANGE_EVENT,
  SETTINGS, numbers: embeddingNumbers, exerciseNumber, frameSize,
});
