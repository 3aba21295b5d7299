// The rl family's JS API: checks the types of arguments, passes them to the WASM module, and
// turns its rejections into RlError. Works unchanged in Node 20 and in browsers. Types:
// index.d.ts.
//
// Written for its place in build/wasm/rl/: the glue and the .wasm beside it, the shared JS
// (core/common/js) in build/wasm/common/.
import { argumentChecks, camelCase, toJsNames } from '../common/args.js';
import { refusingExtraArguments } from '../common/api.js';
import { CoreError } from '../common/core-error.js';
import { moduleLoader } from '../common/load-module.js';
import createRlCore from './rl_core.mjs';

export { CoreError };

/** A bad argument to PPO's objective or its training: `parameter` and the message name it and
 * its value. */
export class RlError extends CoreError {
  constructor(parameter, message) {
    super(parameter, message);
    this.name = 'RlError';
  }
}

const {
  toFloats, toInt32s, toShape, toNumber, toInteger, readOptions,
} = argumentChecks(RlError);

const PPO_DEFAULTS = { clip: 0.2 };
const TRAIN_DEFAULTS = { clip: 0.2, lr: 0.1, epochs: 1 };

function ppoOptions(options, name) {
  const { clip } = readOptions(options, name, Object.keys(PPO_DEFAULTS), PPO_DEFAULTS);
  return { clip: toNumber(clip, 'clip') };
}

function trainOptions(options) {
  const read = readOptions(options, 'ppoTrain', Object.keys(TRAIN_DEFAULTS), TRAIN_DEFAULTS);
  const clip = toNumber(read.clip, 'clip');
  const lr = toNumber(read.lr, 'lr');
  return { clip, lr, epochs: toInteger(read.epochs, 'epochs') };
}

// A batch's arrays and shape, each read once, in the arguments' order.
const batch = (logits, logitsShape, actions, oldLogProbs, advantages) => [
  toFloats(logits, 'logits'), toShape(logitsShape, 'logitsShape', '[N, A]'), toInt32s(actions, 'actions'),
  toFloats(oldLogProbs, 'oldLogProbs'), toFloats(advantages, 'advantages'),
];

function makeApi(wasm) {
  const answer = (result) => {
    if ('error' in result) throw new RlError(camelCase(result.parameter), toJsNames(result.error));
    return result;
  };

  function ppo(logits, logitsShape, actions, oldLogProbs, advantages, options) {
    const inputs = batch(logits, logitsShape, actions, oldLogProbs, advantages);
    return answer(wasm.ppo(...inputs, ppoOptions(options, 'ppo')));
  }

  // An undefined gradLoss is 1, as loss.backward()'s gradient.
  function ppoBackward(gradLoss, logits, logitsShape, actions, oldLogProbs, advantages, options) {
    const g = gradLoss === undefined ? 1 : toNumber(gradLoss, 'gradLoss');
    const inputs = batch(logits, logitsShape, actions, oldLogProbs, advantages);
    return answer(wasm.ppoBackward(g, ...inputs, ppoOptions(options, 'ppoBackward')));
  }

  function ppoTrain(logits, logitsShape, actions, oldLogProbs, advantages, options) {
    const inputs = batch(logits, logitsShape, actions, oldLogProbs, advantages);
    return answer(wasm.ppoTrain(...inputs, trainOptions(options)));
  }

  return refusingExtraArguments(RlError, { ppo, ppoBackward, ppoTrain });
}

export const loadRl = moduleLoader(createRlCore, new URL('./rl_core.wasm', import.meta.url), makeApi);
