// The playground's settings (settings.js) run through the shared pooling model. The lesson
// loader's exercise checks and the worked-example tests ask this too, so they see the numbers
// the learner sees.
import { poolModel } from '../shared/pool-model.js';
import { coreOptions } from './settings.js';

/**
 * Runs the core for these settings. Throws the core's PoolError for an invalid combination.
 * @param {import('../../../core/js/index.js').PoolCore} core
 * @param {object} settings see settings.js
 * @returns {import('../shared/pool-model.js').PoolModel}
 */
export function poolSettings(core, settings) {
  const { op, height, width, input, gradOutput } = settings;
  return poolModel(core, {
    op, height, width, input, gradOutput: gradOutput === 'ones' ? null : gradOutput, options: coreOptions(settings),
  });
}
