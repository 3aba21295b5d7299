// The transformer family's JS API: checks the types of arguments, passes them to the WASM
// module, and turns its rejections into TransformerError. Works unchanged in Node 20 and in
// browsers. Types: index.d.ts.
//
// Written for its place in build/wasm/transformer/: the glue and the .wasm beside it, the shared
// JS (core/common/js) in build/wasm/common/.
import { argumentChecks, isInt32, show } from '../common/args.js';
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

const { toFloats, toFlag, toShape, readOptions, readRecord } = argumentChecks(TransformerError);

const ACTIVATIONS = ['relu', 'gelu'];
const OPTION_DEFAULTS = { nhead: 1, activation: 'relu', normFirst: false, layerNormEps: 1e-5 };
// TransformerEncoderLayer's state_dict names, in its order, in camelCase.
const PARAM_KEYS = ['inProjWeight', 'inProjBias', 'outProjWeight', 'outProjBias', 'linear1Weight', 'linear1Bias',
  'linear2Weight', 'linear2Bias', 'norm1Weight', 'norm1Bias', 'norm2Weight', 'norm2Bias'];

// The core's snake_case names become the API's camelCase ones (in_proj_weight -> inProjWeight,
// d_model -> dModel), in parameters and in messages alike.
const camel = (word) => word.replace(/_([a-z0-9])/g, (_, letter) => letter.toUpperCase());
const toJsNames = (text) => text.replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, camel);

const fail = (parameter, message) => { throw new TransformerError(parameter, message); };

function toInteger(value, name) {
  if (!isInt32(value)) fail(name, `${name} must be an integer, got ${show(value)}`);
  return value;
}

const readParams = (params) => readRecord(params, 'params', PARAM_KEYS,
  (values, path) => toFloats(values, path, 'params'));

function encoderOptions(options, name) {
  const read = readOptions(options, name, Object.keys(OPTION_DEFAULTS), OPTION_DEFAULTS);
  const nhead = toInteger(read.nhead, 'nhead');
  if (!ACTIVATIONS.includes(read.activation)) {
    fail('activation', `activation must be 'relu' or 'gelu', got ${show(read.activation)}`);
  }
  const normFirst = toFlag(read.normFirst, 'normFirst', false);
  if (typeof read.layerNormEps !== 'number') {
    fail('layerNormEps', `layerNormEps must be a number, got ${show(read.layerNormEps)}`);
  }
  return { nhead, activation: read.activation, normFirst, layerNormEps: read.layerNormEps };
}

function makeApi(wasm) {
  const answer = (result) => {
    if ('error' in result) throw new TransformerError(camel(result.parameter), toJsNames(result.error));
    return result;
  };
  const withCode = (options) => ({ ...options, activation: wasm.Activation[options.activation] });

  function positionalEncoding(length, dModel) {
    return answer(wasm.positionalEncoding(toInteger(length, 'length'), toInteger(dModel, 'dModel')));
  }

  function encoderLayer(input, inputShape, params, options = undefined) {
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', 'L, d');
    const p = readParams(params);
    const o = encoderOptions(options, 'encoderLayer');
    return answer(wasm.encoderLayer(x, shape, p, withCode(o)));
  }

  function encoderLayerBackward(gradOutput, input, inputShape, params, options = undefined) {
    const g = toFloats(gradOutput, 'gradOutput');
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', 'L, d');
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
    if (!Number.isSafeInteger(seed)) fail('seed', `seed must be an integer in [0, 4294967295], got ${show(seed)}`);
    return answer(wasm.encoderInit(d, h, ff, seed));
  }

  return Object.freeze({ positionalEncoding, encoderLayer, encoderLayerBackward, parameterCount, encoderInit });
}

export const loadTransformer = moduleLoader(
  createTransformerCore, new URL('./transformer_core.wasm', import.meta.url), makeApi);
