// The transformer family's JS API: checks the types of arguments, passes them to the WASM
// module, and turns its rejections into TransformerError. Works unchanged in Node 20 and in
// browsers. Types: index.d.ts.
//
// Written for its place in build/wasm/transformer/: the glue and the .wasm beside it, the shared
// JS (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, show, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createTransformerCore from './transformer_core.mjs';

export { CoreError };

/** A bad argument to the positional encoding, an encoder layer or a parameter count:
 * `parameter` and the message name it and its value. */
export class TransformerError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'TransformerError';
  }
}

const {
  toFloats, toFlag, toShape, toNumber, toInteger, toSeed, readOptions, readRecord,
} = argumentChecks(TransformerError);

const ACTIVATIONS = ['relu', 'gelu'];
const OPTION_DEFAULTS = { nhead: 1, activation: 'relu', normFirst: false, layerNormEps: 1e-5 };
// TransformerEncoderLayer's state_dict names, in its order, in camelCase.
const PARAM_KEYS = ['inProjWeight', 'inProjBias', 'outProjWeight', 'outProjBias', 'linear1Weight', 'linear1Bias',
  'linear2Weight', 'linear2Bias', 'norm1Weight', 'norm1Bias', 'norm2Weight', 'norm2Bias'];

const fail = (parameter, message) => { throw new TransformerError(parameter, message); };

const readParams = (params) => readRecord(params, 'params', PARAM_KEYS,
  (values, path) => toFloats(values, path, 'params'));

function encoderOptions(options, name) {
  const read = readOptions(options, name, Object.keys(OPTION_DEFAULTS), OPTION_DEFAULTS);
  const nhead = toInteger(read.nhead, 'nhead');
  if (!ACTIVATIONS.includes(read.activation)) {
    fail('activation', `activation must be 'relu' or 'gelu', got ${show(read.activation)}`);
  }
  const normFirst = toFlag(read.normFirst, 'normFirst', false);
  const layerNormEps = toNumber(read.layerNormEps, 'layerNormEps');
  return { nhead, activation: read.activation, normFirst, layerNormEps };
}

function makeApi(wasm) {
  const answer = (result) => {
    // The core's snake_case names become the API's camelCase ones, in parameters and in
    // messages alike.
    if ('error' in result) throw new TransformerError(camelCase(result.parameter), toJsNames(result.error));
    return result;
  };
  const withCode = (options) => ({ ...options, activation: wasm.Activation[options.activation] });

  function positionalEncoding(length, dModel) {
    return answer(wasm.positionalEncoding(toInteger(length, 'length'), toInteger(dModel, 'dModel')));
  }

  function encoderLayer(input, inputShape, params, options) {
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', '[L, d]');
    const p = readParams(params);
    const o = encoderOptions(options, 'encoderLayer');
    return answer(wasm.encoderLayer(x, shape, p, withCode(o)));
  }

  function encoderLayerBackward(gradOutput, input, inputShape, params, options) {
    const g = toFloats(gradOutput, 'gradOutput');
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', '[L, d]');
    const p = readParams(params);
    const o = encoderOptions(options, 'encoderLayerBackward');
    return answer(wasm.encoderLayerBackward(g, x, shape, p, withCode(o)));
  }

  function parameterCount(dModel, nhead, dimFeedforward) {
    const d = toInteger(dModel, 'dModel');
    const h = toInteger(nhead, 'nhead');
    const ff = toInteger(dimFeedforward, 'dimFeedforward');
    return answer(wasm.parameterCount(d, h, ff));
  }

  function encoderInit(dModel, nhead, dimFeedforward, seed) {
    const d = toInteger(dModel, 'dModel');
    const h = toInteger(nhead, 'nhead');
    const ff = toInteger(dimFeedforward, 'dimFeedforward');
    return answer(wasm.encoderInit(d, h, ff, toSeed(seed)));
  }

  return refusingExtraArguments(TransformerError, { positionalEncoding, encoderLayer, encoderLayerBackward, parameterCount, encoderInit });
}

export const loadTransformer = moduleLoader(
  createTransformerCore, new URL('./transformer_core.wasm', import.meta.url), makeApi);
