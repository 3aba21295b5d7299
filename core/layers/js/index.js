// The layer family's JS API: checks the types of arguments, passes them to the WASM module, and
// turns its rejections into LayerError. Works unchanged in Node 20 and in browsers. Types:
// index.d.ts.
//
// Written for its place in build/wasm/layers/: the glue and the .wasm beside it, the shared JS
// (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, INT32_MAX, INT32_MIN, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createLayersCore from './layers_core.mjs';

export { CoreError };

/** A bad argument to a layer: `parameter` and the message name it and its value. */
export class LayerError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'LayerError';
  }
}

const {
  toFloats, toInt32s, toFlag, toInteger, toNumber, toSafeInteger, toSeed, toShape, readOptions: readCallOptions,
} = argumentChecks(LayerError);

// Each function's options and their defaults (PyTorch's; absent arrays are null).
const OPTIONS = {
  softmax: { dim: -1, temperature: 1 },
  embedding: { paddingIdx: null },
  dropout: { p: 0.5 },
  dropoutMask: { p: 0.5, seed: 0 },
  batchNorm2d: {
    weight: null, bias: null, runningMean: null, runningVar: null,
    training: true, momentum: 0.1, eps: 1e-5,
  },
  batchNorm2dBackward: { weight: null, eps: 1e-5 },
  layerNorm: { weight: null, bias: null, eps: 1e-5 },
};

// The options of one call to `name` (args.js readOptions: own properties, each read once,
// defaults filled in); `kind` is its OPTIONS entry.
function readOptions(name, kind, options) {
  const defaults = OPTIONS[kind];
  return readCallOptions(options, name, Object.keys(defaults), defaults);
}

// A dim and a padding row cross as int32, as PyTorch's sizes do, and a refusal names that range
// (which of its values fit the shape is the core's to say).
const AN_INT32 = { takes: `an integer from ${INT32_MIN} to ${INT32_MAX}` };
const AN_INT32_OR_NULL = { ...AN_INT32, nullable: true };

// What each call's shape is, as a refusal names it: softmax and layer norm take any rank.
const ANY_RANK = 'such as [2, 3]';
const EMBEDDING_SHAPE = '[num_embeddings, embedding_dim]';
const BATCH_SHAPE = '[N, C, H, W]';

const optionalFloats = (values, name) => (values === null ? null : toFloats(values, name));

// A mask: a Uint8Array or an array of integers, each read once, as bytes; values beyond a
// byte are refused here, 2 to 255 by the C++ core (which says a mask holds 0 and 1).
function toMask(values) {
  const ints = toInt32s(values, 'mask');
  const index = ints.findIndex((v) => v < 0 || v > 255);
  if (index >= 0) throw new LayerError('mask', `mask[${index}] is ${ints[index]}; a mask holds 0 (dropped) or 1 (kept)`);
  return Uint8Array.from(ints);
}

// The core speaks PyTorch's names; the JS API speaks camelCase, but for the sizes a message
// names as PyTorch's documentation does (weightShape is [num_embeddings, embedding_dim]).
const PYTORCH_SIZES = ['num_embeddings', 'embedding_dim'];
const jsName = (word) => (PYTORCH_SIZES.includes(word) ? word : camelCase(word));

function answer(result) {
  if (typeof result.error === 'string') throw new LayerError(camelCase(result.parameter), toJsNames(result.error, jsName));
  return result;
}

function makeApi(wasm) {
  // A softmax or its backward (the forward has no gradOutput).
  const softmaxOf = (name, log, backward, gradOutput, input, shape, options) => {
    const { dim, temperature } = readOptions(name, 'softmax', options);
    const gradients = backward ? toFloats(gradOutput, 'gradOutput') : null;
    return answer(wasm.softmax(log, gradients, toFloats(input, 'input'), toShape(shape, 'shape', ANY_RANK),
      toInteger(dim, 'dim', AN_INT32), toNumber(temperature, 'temperature')));
  };
  const softmaxFamily = (name, log) => (input, shape, options) => softmaxOf(name, log, false, null, input, shape, options);
  const softmaxBackwardFamily = (name, log) => (gradOutput, input, shape, options) => (
    softmaxOf(name, log, true, gradOutput, input, shape, options));
  const dropoutFamily = (name, backward) => (values, mask, options) => {
    const { p } = readOptions(name, 'dropout', options);
    return answer(wasm.dropout(backward, toFloats(values, backward ? 'gradOutput' : 'input'), toMask(mask), toNumber(p, 'p')));
  };

  return refusingExtraArguments(LayerError, {
    softmax: softmaxFamily('softmax', false),
    softmaxBackward: softmaxBackwardFamily('softmaxBackward', false),
    logSoftmax: softmaxFamily('logSoftmax', true),
    logSoftmaxBackward: softmaxBackwardFamily('logSoftmaxBackward', true),

    embedding(indices, weight, weightShape, options) {
      const { paddingIdx } = readOptions('embedding', 'embedding', options);
      return answer(wasm.embedding(toInt32s(indices, 'indices'), toFloats(weight, 'weight'),
        toShape(weightShape, 'weightShape', EMBEDDING_SHAPE), toInteger(paddingIdx, 'paddingIdx', AN_INT32_OR_NULL)));
    },
    embeddingBackward(gradOutput, indices, weightShape, options) {
      const { paddingIdx } = readOptions('embeddingBackward', 'embedding', options);
      return answer(wasm.embeddingBackward(toFloats(gradOutput, 'gradOutput'), toInt32s(indices, 'indices'),
        toShape(weightShape, 'weightShape', EMBEDDING_SHAPE), toInteger(paddingIdx, 'paddingIdx', AN_INT32_OR_NULL)));
    },

    dropout: dropoutFamily('dropout', false),
    dropoutBackward: dropoutFamily('dropoutBackward', true),
    dropoutMask(length, options) {
      const { p, seed } = readOptions('dropoutMask', 'dropoutMask', options);
      return answer(wasm.dropoutMask(toSafeInteger(length, 'length'), toNumber(p, 'p'), toSeed(seed)));
    },

    batchNorm2d(input, shape, options) {
      const o = readOptions('batchNorm2d', 'batchNorm2d', options);
      return answer(wasm.batchNorm2d(toFloats(input, 'input'), toShape(shape, 'shape', BATCH_SHAPE),
        optionalFloats(o.weight, 'weight'), optionalFloats(o.bias, 'bias'),
        optionalFloats(o.runningMean, 'runningMean'), optionalFloats(o.runningVar, 'runningVar'),
        toFlag(o.training, 'training', true), toNumber(o.momentum, 'momentum'), toNumber(o.eps, 'eps')));
    },
    batchNorm2dBackward(gradOutput, input, shape, options) {
      const { weight, eps } = readOptions('batchNorm2dBackward', 'batchNorm2dBackward', options);
      return answer(wasm.batchNorm2dBackward(toFloats(gradOutput, 'gradOutput'), toFloats(input, 'input'),
        toShape(shape, 'shape', BATCH_SHAPE), optionalFloats(weight, 'weight'), toNumber(eps, 'eps')));
    },

    layerNorm(input, shape, options) {
      const { weight, bias, eps } = readOptions('layerNorm', 'layerNorm', options);
      return answer(wasm.layerNorm(null, toFloats(input, 'input'), toShape(shape, 'shape', ANY_RANK),
        optionalFloats(weight, 'weight'), optionalFloats(bias, 'bias'), toNumber(eps, 'eps')));
    },
    layerNormBackward(gradOutput, input, shape, options) {
      // The forward pass's options are taken as they are, so the bias, which plays no part in
      // the gradients, is checked as the forward pass checks it (its type here, its length by
      // the core).
      const { weight, bias, eps } = readOptions('layerNormBackward', 'layerNorm', options);
      return answer(wasm.layerNorm(toFloats(gradOutput, 'gradOutput'), toFloats(input, 'input'),
        toShape(shape, 'shape', ANY_RANK), optionalFloats(weight, 'weight'), optionalFloats(bias, 'bias'), toNumber(eps, 'eps')));
    },
  });
}

export const loadLayers = moduleLoader(
  createLayersCore, new URL('./layers_core.wasm', import.meta.url), makeApi);
