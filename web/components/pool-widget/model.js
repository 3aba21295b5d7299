// The widget's checked config (attributes.js) run through the shared pooling model, with the
// core's complaints turned into messages that quote the attribute the page author wrote.
import { poolModel } from '../shared/pool-model.js';
import { ATTRIBUTE_OF_PARAMETER, AttributeError } from './attributes.js';

/**
 * The core's options for a config. A size is one number when both sides agree, so the core's
 * messages quote what the author wrote.
 * @param {import('./attributes.js').WidgetConfig} config
 */
export function widgetOptions(config) {
  const size = (pair) => (pair && Object.is(pair[0], pair[1]) ? pair[0] : pair);
  const options = {
    kernelSize: size(config.kernelSize),
    stride: size(config.stride),
    padding: size(config.padding),
    ceilMode: config.ceilMode,
  };
  if (config.op === 'avg') {
    options.countIncludePad = config.countIncludePad;
    options.divisorOverride = config.divisorOverride;
  }
  return options;
}

/**
 * @param {import('@core').PoolCore} core
 * @param {import('./attributes.js').WidgetConfig} config
 * @param {(name: string) => string | null} get the raw attribute, to quote in messages
 * @returns {import('../shared/pool-model.js').PoolModel & { view: 'forward'|'backward' }}
 */
export function buildModel(core, config, get) {
  const { op, inputHeight: height, inputWidth: width, input, gradOutput } = config;
  try {
    const model = poolModel(core, { op, height, width, input, gradOutput, options: widgetOptions(config) });
    return Object.assign(model, { view: config.view });
  } catch (error) {
    if (error?.parameter === 'gradOutput' && error instanceof RangeError) {
      const [rows, columns] = error.outputShape;
      throw new AttributeError(
        'grad-output',
        config.gradOutput.join(' '),
        `it has ${error.given} numbers, but the output has ${rows * columns} cells (${rows} by ${columns}).`,
      );
    }
    // The core names the parameter in camelCase; the page author wrote an attribute.
    const attribute = ATTRIBUTE_OF_PARAMETER[error?.parameter];
    if (error?.name === 'PoolError' && attribute) {
      throw new AttributeError(attribute, get(attribute), error.message);
    }
    if (error?.name === 'PoolError' && /^(input)?shape$/i.test(error.parameter ?? '')) {
      throw new AttributeError('input-height', get('input-height'), error.message);
    }
    throw error;
  }
}
