// The activation family's JS API: checks the types of arguments, passes the options to the
// WASM module, and turns its rejections into ActivationError. Works unchanged in Node 20 and in
// browsers. Types: index.d.ts.
//
// Written for its place in build/wasm/activations/: the glue and the .wasm beside it, the
// shared JS (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, show, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createActivationsCore from './activations_core.mjs';

export { CoreError };

/** A bad argument to an activation: `parameter` and the message name it and its value. */
export class ActivationError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'ActivationError';
  }
}

const {
  toFloats, toNumber, readOptions: readCallOptions,
} = argumentChecks(ActivationError);

// The options each activation takes, and their defaults (PyTorch's); its backward takes the
// same.
const OPTIONS = {
  relu: [],
  sigmoid: [],
  tanh: [],
  gelu: ['approximate'],
  swish: ['beta'],
  elu: ['alpha'],
};
const DEFAULTS = { approximate: 'none', alpha: 1, beta: 1 };
const APPROXIMATIONS = ['none', 'tanh'];

// The options of one call to `name` (args.js readOptions: own properties, each read once,
// defaults filled in), their types checked.
function readOptions(name, options) {
  const read = readCallOptions(options, name, OPTIONS[name.replace(/Backward$/, '')], DEFAULTS);
  if (!APPROXIMATIONS.includes(read.approximate)) {
    throw new ActivationError('approximate', `approximate must be 'none' or 'tanh', got ${show(read.approximate)}`);
  }
  // Finiteness is the C++ core's to check.
  for (const key of ['alpha', 'beta']) toNumber(read[key], key);
  return read;
}

// The core speaks PyTorch's names; the JS API speaks camelCase.
const activationError = ({ error, parameter }) => new ActivationError(camelCase(parameter), toJsNames(error));

function makeApi(wasm) {
  // `name` is the function called, which a refusal of its options names.
  function coreOptions(name, options) {
    const { approximate, alpha, beta } = readOptions(name, options);
    return { approximate: wasm.GeluApproximate[approximate], alpha, beta };
  }
  const answer = (result) => {
    if (result instanceof Float32Array) return result;
    throw activationError(result);
  };
  const forward = (name) => (input, options) => {
    const settings = coreOptions(name, options);
    return answer(wasm.forward(wasm.Activation[name], toFloats(input, 'input'), settings));
  };
  const backward = (name) => (gradOutput, input, options) => {
    const settings = coreOptions(`${name}Backward`, options);
    const gradients = toFloats(gradOutput, 'gradOutput');
    return answer(wasm.backward(wasm.Activation[name], gradients, toFloats(input, 'input'), settings));
  };

  const api = {};
  for (const name of Object.keys(OPTIONS)) {
    api[name] = forward(name);
    api[`${name}Backward`] = backward(name);
  }
  return refusingExtraArguments(ActivationError, api);
}

export const loadActivations = moduleLoader(
  createActivationsCore, new URL('./activations_core.wasm', import.meta.url), makeApi);
