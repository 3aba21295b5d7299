// The widget's settings (adapter.js) run through the shared pooling model, with the core's
// complaints turned into messages that quote the attribute the page author wrote.
import { modelOfSettings } from '../shared/pool-model.js';
import { AttributeError } from '../shared/settings-table.js';
import { SETTINGS } from './settings.js';

/**
 * @param {import('../../../core/pool/js/index.js').PoolCore} core
 * @param {object} settings the widget's settings, as adapter.settingsFromAttributes reads them
 * @param {(name: string) => string | null} get the raw attribute, to quote in messages
 * @returns {import('../shared/pool-model.js').PoolModel & { view: 'forward'|'backward' }}
 */
export function buildModel(core, settings, get) {
  try {
    return Object.assign(modelOfSettings(core, settings), { view: settings.view });
  } catch (error) {
    if (error?.parameter === 'gradOutput' && error instanceof RangeError) {
      const [rows, columns] = error.outputShape;
      throw new AttributeError(
        'grad-output',
        settings.gradOutput.join(' '),
        `it has ${error.given} numbers, but the output has ${rows * columns} cells (${rows} by ${columns}): give ${rows * columns} numbers, or ones.`,
      );
    }
    // The core names the parameter in camelCase; the page author wrote an attribute.
    const row = SETTINGS.find((candidate) => candidate.key === error?.parameter);
    if (error?.name === 'PoolError' && row) {
      throw new AttributeError(row.attribute, get(row.attribute), error.message);
    }
    if (error?.name === 'PoolError' && /^(input)?shape$/i.test(error.parameter ?? '')) {
      throw new AttributeError('input-height', get('input-height'), error.message);
    }
    throw error;
  }
}
