// The learning family's JS API: checks the types of arguments, passes them to the WASM module,
// and turns its rejections into LearningError. Works unchanged in Node 20 and in browsers.
// Types: index.d.ts.
//
// Written for its place in build/wasm/learning/: the glue and the .wasm beside it, the shared JS
// (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, show, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createLearningCore from './learning_core.mjs';

export { CoreError };

/** A bad argument to a layer, the XOR network or LAMB: `parameter` and the message name it and
 * its value. */
export class LearningError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'LearningError';
  }
}

const {
  toBetas, toFloats, toFlag, toInteger, toShape, toNumber, toSeed, readOptions, readRecord,
} = argumentChecks(LearningError);

// Each call's options with their defaults (PyTorch's, and the course's for the XOR network).
const XOR_DEFAULTS = { activation: 'tanh', lr: 0.5, momentum: 0 };
const LAMB_DEFAULTS = { lr: 0.001, betas: [0.9, 0.999], eps: 1e-6, weightDecay: 0 };
const ACTIVATIONS = ['tanh', 'relu', 'sigmoid'];
const XOR_KEYS = ['w1', 'b1', 'w2', 'b2'];
const LAMB_STATE_KEYS = ['step', 'expAvg', 'expAvgSq'];
const SGD_STATE_KEYS = ['momentumBuffer'];

// What linear's input and weight shapes stand for, as a refusal names them.
const MATRIX = '[rows, columns]';

const fail = (parameter, message) => { throw new LearningError(parameter, message); };

function xorOptions(options, name, known) {
  const read = readOptions(options, name, known, XOR_DEFAULTS);
  if (!ACTIVATIONS.includes(read.activation)) {
    fail('activation', `activation must be 'tanh', 'relu' or 'sigmoid', got ${show(read.activation)}`);
  }
  return { activation: read.activation, lr: toNumber(read.lr, 'lr'), momentum: toNumber(read.momentum, 'momentum') };
}

function lambOptions(options) {
  const read = readOptions(options, 'lambStep', Object.keys(LAMB_DEFAULTS), LAMB_DEFAULTS);
  const betas = toBetas(read.betas);
  return {
    lr: toNumber(read.lr, 'lr'), beta1: betas[0], beta2: betas[1],
    eps: toNumber(read.eps, 'eps'), weightDecay: toNumber(read.weightDecay, 'weightDecay'),
  };
}

function makeApi(wasm) {
  const answer = (result) => {
    // The core's names are PyTorch's (weight_decay, state['momentum_buffer']['w1']), the API's
    // camelCase properties (weightDecay, state.momentumBuffer.w1).
    if ('error' in result) throw new LearningError(camelCase(result.parameter), toJsNames(result.error));
    return result;
  };
  // Arrays inside a record are reported against the record's parameter.
  const floatsOf = (parameter) => (values, path) => toFloats(values, path, parameter);
  const readParams = (params) => readRecord(params, 'params', XOR_KEYS, floatsOf('params'));
  // SGD's state as xorTrain returned it: null or undefined (a fresh optimiser), or
  // { momentumBuffer } with null (no buffer yet) or the four tensors' buffers.
  const readSgdState = (state) => (state === null || state === undefined ? null
    : readRecord(state, 'state', SGD_STATE_KEYS, (buffer, path) => (buffer === null ? null
      : readRecord(buffer, path, XOR_KEYS, floatsOf('state'), [], 'state'))));
  const withCode = (options) => ({ ...options, activation: wasm.Activation[options.activation] });

  function linear(input, inputShape, weight, weightShape, bias) {
    const x = toFloats(input, 'input');
    const xShape = toShape(inputShape, 'inputShape', MATRIX);
    const w = toFloats(weight, 'weight');
    const wShape = toShape(weightShape, 'weightShape', MATRIX);
    const b = bias === null || bias === undefined ? null : toFloats(bias, 'bias');
    return answer(wasm.linear(x, xShape, w, wShape, b));
  }

  function linearBackward(gradOutput, input, inputShape, weight, weightShape, options) {
    const g = toFloats(gradOutput, 'gradOutput');
    const x = toFloats(input, 'input');
    const xShape = toShape(inputShape, 'inputShape', MATRIX);
    const w = toFloats(weight, 'weight');
    const wShape = toShape(weightShape, 'weightShape', MATRIX);
    const read = readOptions(options, 'linearBackward', ['bias'], { bias: true });
    return answer(wasm.linearBackward(g, x, xShape, w, wShape, toFlag(read.bias, 'bias', true)));
  }

  function xorInit(hidden, seed) {
    return answer(wasm.xorInit(toInteger(hidden, 'hidden', { takes: 'a whole number from 1 to 16' }), toSeed(seed)));
  }

  function xorTrain(params, options, steps, state) {
    const p = readParams(params);
    const o = xorOptions(options, 'xorTrain', Object.keys(XOR_DEFAULTS));
    const n = toInteger(steps, 'steps', { takes: 'a whole number from 0 to 5000' });
    return answer(wasm.xorTrain(p, withCode(o), n, readSgdState(state)));
  }

  function xorForward(params, points, options) {
    const p = readParams(params);
    const xy = toFloats(points, 'points');
    const o = xorOptions(options, 'xorForward', ['activation']);
    return answer(wasm.xorForward(p, xy, withCode(o)));
  }

  function lambStep(param, grad, state, options) {
    const o = lambOptions(options);
    const p = toFloats(param, 'param');
    const g = toFloats(grad, 'grad');
    const s = state === null || state === undefined ? null
      : readRecord(state, 'state', LAMB_STATE_KEYS, (value, path) => (path === 'state.step'
        ? toNumber(value, path, 'state') : floatsOf('state')(value, path)));
    return answer(wasm.lambStep(p, g, s, o));
  }

  return refusingExtraArguments(LearningError, { linear, linearBackward, xorInit, xorTrain, xorForward, lambStep });
}

export const loadLearning = moduleLoader(
  createLearningCore, new URL('./learning_core.wasm', import.meta.url), makeApi);
