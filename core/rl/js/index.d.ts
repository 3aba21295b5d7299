// Types of the rl family's JS API (package export "./rl").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/rl/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { IntegerArray, Values } from '../common/values.js';

export { CoreError };

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** Actions in: an Int32Array (used as it is) or an array of integers, each from 0 to A - 1. */
export type Actions = Int32Array | readonly number[];

/** [N, A]: N samples (1 to 256) of A actions' logits (2 to 16), in an array or an integer typed
 * array. */
export type Shape = readonly number[] | IntegerArray;

/** A bad argument: `parameter` (camelCase) and the message name it and its value. */
export declare class RlError extends CoreError {
  constructor(parameter: string, message: string);
  readonly name: 'RlError';
}

export interface PpoOptions {
  /** PPO's ε: the ratio is clamped to [1 - clip, 1 + clip]. More than 0, less than 1; default 0.2. */
  clip?: number;
}

export interface TrainOptions extends PpoOptions {
  /** SGD's learning rate, from 0 to 100; default 0.1. */
  lr?: number;
  /** Gradient steps, from 1 to 200 (and N * A * epochs at most 32768); default 1. */
  epochs?: number;
}

export interface PpoOutputs {
  /** -objective.mean(). */
  loss: number;
  /** log_softmax(logits)[action] of each sample, [N]. */
  logProbs: Float32Array;
  /** exp(logProbs - oldLogProbs), [N]. */
  ratio: Float32Array;
  /** ratio * advantage, [N]. */
  surrogate: Float32Array;
  /** clamp(ratio, 1 - clip, 1 + clip) * advantage, [N]. */
  clippedSurrogate: Float32Array;
  /** min(surrogate, clippedSurrogate), [N]. */
  objective: Float32Array;
  /** log_softmax(logits, dim=1): every action's log-prob, [N, A] row by row; logProbs is each
   * row's entry at its action. */
  logSoftmax: Float32Array;
}

export interface PpoGradients {
  /** dloss/dlogits, [N, A] row by row. */
  gradLogits: Float32Array;
  /** dloss/dratio, [N]: 0 where the ratio has left the range in its advantage's favoured direction. */
  gradRatio: Float32Array;
}

/** A training's histories: row e is the state after e steps (row 0 the start, the last row
 * after the last step). */
export interface PpoTraining {
  /** [epochs + 1, N, A]. */
  logits: Float32Array;
  /** [epochs + 1, N]. */
  logProbs: Float32Array;
  /** [epochs + 1, N]. */
  ratio: Float32Array;
  /** [epochs + 1]. */
  loss: Float32Array;
  /** [epochs, N]: the gradient of the ratio that step e took. */
  gradRatio: Float32Array;
}

export interface RlApi {
  /** PPO's clipped objective on logits [N, A] for the actions taken [N], their old log-probs
   * and advantages [N]. */
  ppo(logits: Values, logitsShape: Shape, actions: Actions, oldLogProbs: Values,
    advantages: Values, options?: PpoOptions): PpoOutputs;
  /** Autograd's gradients of ppo's loss for loss.backward(gradLoss); undefined gradLoss is 1. */
  ppoBackward(gradLoss: number | undefined, logits: Values, logitsShape: Shape, actions: Actions,
    oldLogProbs: Values, advantages: Values, options?: PpoOptions): PpoGradients;
  /** epochs steps of torch.optim.SGD(lr) on the logits, the old log-probs held fixed. */
  ppoTrain(logits: Values, logitsShape: Shape, actions: Actions, oldLogProbs: Values,
    advantages: Values, options?: TrainOptions): PpoTraining;
}

/** Loads the WASM module once (later calls share it) and resolves to the API. */
export declare function loadRl(): Promise<RlApi>;
