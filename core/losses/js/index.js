// The loss family's JS API: checks the types of arguments, passes the options to the WASM
// module, and turns its rejections into LossError. Works unchanged in Node 20 and in browsers.
// Types: index.d.ts.
//
// Written for its place in build/wasm/losses/: the glue and the .wasm beside it, the shared JS
// (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, show, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createLossesCore from './losses_core.mjs';

export { CoreError };

/** A bad argument to a loss: `parameter` and the message name it and its value. */
export class LossError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'LossError';
  }
}

const {
  toFloats, toInt32s, toNumber, toShape, readOptions: readCallOptions,
} = argumentChecks(LossError);

// The options each loss takes, and their defaults (PyTorch's); its backward takes the same.
const OPTIONS = {
  mseLoss: ['reduction'],
  huberLoss: ['reduction', 'delta'],
  crossEntropy: ['reduction', 'labelSmoothing'],
};
const lossOf = (name) => name.replace(/Backward$/, '');
const DEFAULTS = { reduction: 'mean', delta: 1, labelSmoothing: 0 };
const REDUCTIONS = ['mean', 'sum', 'none'];

// The options of one call to `name` (args.js readOptions: own properties, each read once,
// defaults filled in), their types checked.
function readOptions(name, options) {
  const read = readCallOptions(options, name, OPTIONS[lossOf(name)], DEFAULTS);
  if (!REDUCTIONS.includes(read.reduction)) {
    throw new LossError('reduction', `reduction must be 'mean', 'sum' or 'none', got ${show(read.reduction)}`);
  }
  // Ranges are the C++ core's to check.
  for (const key of ['delta', 'labelSmoothing']) toNumber(read[key], key);
  return read;
}

// The core speaks PyTorch's names; the JS API speaks camelCase, and cross-entropy's input is
// its logits.
function lossError({ error, parameter }, inputName) {
  const name = parameter === 'input' ? inputName : camelCase(parameter);
  return new LossError(name, toJsNames(error).replace(/\binput\b/g, inputName));
}

// A reduced loss's gradient is one number, passed to the core as the number it is (the core
// checks it is finite, and finite as a float32, before it rounds); with 'none' one value per
// term.
function toGradOutput(gradOutput, reduction) {
  if (reduction === 'none') return toFloats(gradOutput, 'gradOutput');
  if (typeof gradOutput !== 'number') {
    throw new LossError('gradOutput', `gradOutput must be a number, as a '${reduction}' loss is, got ${show(gradOutput)}`);
  }
  return gradOutput;
}

function makeApi(wasm) {
  // `name` is the function called, which a refusal of its options names.
  function settings(name, options) {
    const { reduction, delta, labelSmoothing } = readOptions(name, options);
    return { reduction, core: { reduction: wasm.Reduction[reduction], delta, labelSmoothing } };
  }
  const answer = (result, inputName) => {
    if (result instanceof Float32Array) return result;
    throw lossError(result, inputName);
  };
  // A loss is a number unless reduction is 'none'.
  const loss = (result, reduction) => {
    const values = answer(result, 'input');
    return reduction === 'none' ? values : values[0];
  };

  const pointwise = (name) => (input, target, options) => {
    const { reduction, core } = settings(name, options);
    const x = toFloats(input, 'input');
    return loss(wasm[name](x, toFloats(target, 'target'), core), reduction);
  };
  const pointwiseBackward = (name) => (gradOutput, input, target, options) => {
    const { reduction, core } = settings(`${name}Backward`, options);
    const g = toGradOutput(gradOutput, reduction);
    const x = toFloats(input, 'input');
    return answer(wasm[`${name}Backward`](g, x, toFloats(target, 'target'), core), 'input');
  };

  function crossEntropy(logits, shape, target, options) {
    const { reduction, core } = settings('crossEntropy', options);
    const x = toFloats(logits, 'logits');
    const dims = toShape(shape, 'shape', '[N, C] or [C]');
    const result = wasm.crossEntropy(x, dims, toInt32s(target, 'target'), core);
    if (result instanceof Float32Array) return reduction === 'none' ? result : result[0];
    throw lossError(result, 'logits');
  }
  function crossEntropyBackward(gradOutput, logits, shape, target, options) {
    const { reduction, core } = settings('crossEntropyBackward', options);
    const g = toGradOutput(gradOutput, reduction);
    const x = toFloats(logits, 'logits');
    const dims = toShape(shape, 'shape', '[N, C] or [C]');
    return answer(wasm.crossEntropyBackward(g, x, dims, toInt32s(target, 'target'), core), 'logits');
  }

  return refusingExtraArguments(LossError, {
    mseLoss: pointwise('mseLoss'),
    mseLossBackward: pointwiseBackward('mseLoss'),
    huberLoss: pointwise('huberLoss'),
    huberLossBackward: pointwiseBackward('huberLoss'),
    crossEntropy,
    crossEntropyBackward,
  });
}

export const loadLosses = moduleLoader(
  createLossesCore, new URL('./losses_core.wasm', import.meta.url), makeApi);
