// The sequence family's JS API: checks the types of arguments, passes them to the WASM module,
// and turns its rejections into SequenceError. Works unchanged in Node 20 and in browsers.
// Types: index.d.ts.
//
// Written for its place in build/wasm/sequence/: the glue and the .wasm beside it, the shared JS
// (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, show, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createSequenceCore from './sequence_core.mjs';

export { CoreError };

/** A bad argument to an RNN, an LSTM or attention: `parameter` and the message name it and its
 * value. */
export class SequenceError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'SequenceError';
  }
}

const {
  toFloats, toFlag, toShape, readOptions, readRecord,
} = argumentChecks(SequenceError);

const NONLINEARITIES = ['tanh', 'relu'];
const PARAM_KEYS = ['wIh', 'wHh', 'bIh', 'bHh'];
const BIAS_KEYS = ['bIh', 'bHh'];
const STATE_KEYS = ['h0', 'c0'];

// The core's snake_case names are camelCase in the API, but for the gradients of PyTorch's h_n
// and c_n, whose N stays a capital.
const OWN_NAMES = { grad_hn: 'gradHN', grad_cn: 'gradCN' };
const jsName = (word) => (Object.hasOwn(OWN_NAMES, word) ? OWN_NAMES[word] : camelCase(word));

const fail = (parameter, message) => { throw new SequenceError(parameter, message); };

// Values that may be null or undefined (read as null).
const toFloatsOrNull = (values, name) => (values === null || values === undefined ? null : toFloats(values, name));

// A layer's { wIh, wHh, bIh, bHh }: biases null or left out for none.
const readParams = (params) => readRecord(params, 'params', PARAM_KEYS,
  (values, path) => toFloats(values, path, 'params'), BIAS_KEYS);

// An LSTM's { h0, c0 }, or null / undefined for zeros.
const readState = (state) => (state === null || state === undefined ? null
  : readRecord(state, 'state', STATE_KEYS, (values, path) => toFloats(values, path, 'state')));

function rnnOptions(options, name) {
  const { nonlinearity } = readOptions(options, name, ['nonlinearity'], { nonlinearity: 'tanh' });
  if (!NONLINEARITIES.includes(nonlinearity)) {
    fail('nonlinearity', `nonlinearity must be 'tanh' or 'relu', got ${show(nonlinearity)}`);
  }
  return nonlinearity;
}

function attentionOptions(options, name) {
  const read = readOptions(options, name, ['causal'], { causal: false });
  return { causal: toFlag(read.causal, 'causal', false) };
}

function makeApi(wasm) {
  const answer = (result) => {
    if ('error' in result) throw new SequenceError(jsName(result.parameter), toJsNames(result.error, jsName));
    return result;
  };
  const withCode = (nonlinearity) => ({ nonlinearity: wasm.Nonlinearity[nonlinearity] });

  function rnn(input, inputShape, params, h0, options) {
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', '[T, I]');
    const p = readParams(params);
    const h = toFloatsOrNull(h0, 'h0');
    const nonlinearity = rnnOptions(options, 'rnn');
    return answer(wasm.rnn(x, shape, p, h, withCode(nonlinearity)));
  }

  function rnnBackward(gradOutput, gradHN, input, inputShape, params, h0, options) {
    const g = toFloats(gradOutput, 'gradOutput');
    const gh = toFloatsOrNull(gradHN, 'gradHN');
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', '[T, I]');
    const p = readParams(params);
    const h = toFloatsOrNull(h0, 'h0');
    const nonlinearity = rnnOptions(options, 'rnnBackward');
    return answer(wasm.rnnBackward(g, gh, x, shape, p, h, withCode(nonlinearity)));
  }

  function lstm(input, inputShape, params, state) {
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', '[T, I]');
    const p = readParams(params);
    const s = readState(state);
    return answer(wasm.lstm(x, shape, p, s));
  }

  function lstmBackward(gradOutput, gradHN, gradCN, input, inputShape, params, state) {
    const g = toFloats(gradOutput, 'gradOutput');
    const gh = toFloatsOrNull(gradHN, 'gradHN');
    const gc = toFloatsOrNull(gradCN, 'gradCN');
    const x = toFloats(input, 'input');
    const shape = toShape(inputShape, 'inputShape', '[T, I]');
    const p = readParams(params);
    const s = readState(state);
    return answer(wasm.lstmBackward(g, gh, gc, x, shape, p, s));
  }

  // Query, key and value with their shapes, each read once, in the arguments' order.
  const attentionInputs = (query, queryShape, key, keyShape, value, valueShape) => [
    toFloats(query, 'query'), toShape(queryShape, 'queryShape', '[Lq, d]'),
    toFloats(key, 'key'), toShape(keyShape, 'keyShape', '[Lk, d]'),
    toFloats(value, 'value'), toShape(valueShape, 'valueShape', '[Lk, dv]'),
  ];

  function attention(query, queryShape, key, keyShape, value, valueShape, options) {
    const inputs = attentionInputs(query, queryShape, key, keyShape, value, valueShape);
    return answer(wasm.attention(...inputs, attentionOptions(options, 'attention')));
  }

  function attentionBackward(gradOutput, query, queryShape, key, keyShape, value, valueShape, options) {
    const g = toFloats(gradOutput, 'gradOutput');
    const inputs = attentionInputs(query, queryShape, key, keyShape, value, valueShape);
    return answer(wasm.attentionBackward(g, ...inputs, attentionOptions(options, 'attentionBackward')));
  }

  return refusingExtraArguments(SequenceError, { rnn, rnnBackward, lstm, lstmBackward, attention, attentionBackward });
}

export const loadSequence = moduleLoader(
  createSequenceCore, new URL('./sequence_core.wasm', import.meta.url), makeApi);
