// Types of the learning family's JS API (package export "./learning").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/learning/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { IntegerArray, Values } from '../common/values.js';

export { CoreError };

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** [rows, columns]: integers from 1 to 1024, in an array or an integer typed array. */
export type Shape = readonly number[] | IntegerArray;

/** A bad argument: `parameter` (camelCase) and the message name it and its value. */
export declare class LearningError extends CoreError {
  constructor(parameter: string, message: string);
  readonly name: 'LearningError';
}

/** The hidden layer's activation. */
export type Activation = 'tanh' | 'relu' | 'sigmoid';

/** A 2 -> H -> 1 network, H from 1 to 16: w1 [H, 2] row by row, b1 [H], w2 [1, H], b2 [1]. */
export interface XorParams<T = Values> {
  w1: T;
  b1: T;
  w2: T;
  b2: T;
}

export interface XorTrainOptions {
  /** Default 'tanh'. */
  activation?: Activation;
  /** SGD's learning rate. Default 0.5; a finite number, at least 0. */
  lr?: number;
  /** SGD's momentum. Default 0; a finite number, at least 0. */
  momentum?: number;
}

export interface XorForwardOptions {
  /** Default 'tanh'. */
  activation?: Activation;
}

/** SGD's state between trainings, to pass to the next call with the params it came with:
 * torch's opt.state[p]['momentum_buffer'] of w1, b1, w2 and b2, shaped as they are. */
export interface XorSgdState<T = Values> {
  /** null until a step with momentum makes them; a step without momentum leaves them as they
   * were. */
  momentumBuffer: XorParams<T> | null;
}

export interface XorTraining {
  /** steps + 1 values: the loss before each step, then after the last. */
  losses: Float32Array;
  /** The parameters after the last step. */
  params: XorParams<Float32Array>;
  /** The final hidden features of the four points, [4, H] row by row. */
  hidden: Float32Array;
  /** sigmoid of the final logits of (0,0), (0,1), (1,0), (1,1). */
  probabilities: Float32Array;
  /** SGD's state after the last step: the training continues from `params` and this. */
  state: XorSgdState<Float32Array>;
}

export interface XorOutputs {
  /** [P, H] row by row. */
  hidden: Float32Array;
  /** [P]. */
  probabilities: Float32Array;
}

export interface LinearGradients {
  gradInput: Float32Array;
  gradWeight: Float32Array;
  /** null when options.bias is false. */
  gradBias: Float32Array | null;
}

/** LAMB's options (core/learning/README.md defines the step). */
export interface LambOptions {
  /** Default 0.001; at least 0. */
  lr?: number;
  /** Default [0.9, 0.999]; each at least 0 and less than 1. */
  betas?: readonly [number, number];
  /** Default 1e-6; at least 0. */
  eps?: number;
  /** Default 0; at least 0. */
  weightDecay?: number;
}

/** What lambStep returned, to pass to the next step of the same tensor. */
export interface LambState<T = Values> {
  /** Steps taken: a whole number from 0 to 2^53 (counting on from 2^53 stays there). */
  step: number;
  expAvg: T;
  expAvgSq: T;
}

export interface LambStepped {
  param: Float32Array;
  state: LambState<Float32Array>;
  /** ||param|| / ||update|| when both are above 0, else 1 (a float32 value). */
  trustRatio: number;
  /** The direction before lr and the trust ratio: m^ / (sqrt(v^) + eps) + weightDecay * param. */
  update: Float32Array;
}

export interface LearningApi {
  /** y = x W^T + b: input [N, in], weight [out, in], bias [out] or null; a Float32Array [N, out]. */
  linear(input: Values, inputShape: Shape, weight: Values, weightShape: Shape,
    bias?: Values | null): Float32Array;
  /** autograd's gradients of linear for gradOutput [N, out]. */
  linearBackward(gradOutput: Values, input: Values, inputShape: Shape, weight: Values,
    weightShape: Shape, options?: { bias?: boolean }): LinearGradients;
  /** A start for xorTrain: `hidden` units (1 to 16) drawn as nn.Linear draws them (uniform
   * within ±1/sqrt(fan_in)) from the course's SplitMix64 seeded with `seed` (0 to 2^32 - 1). */
  xorInit(hidden: number, seed: number): XorParams<Float32Array>;
  /** steps (0 to 5000) of full-batch SGD on the four XOR points, from SGD's state as an earlier
   * call returned it (null or undefined: a fresh optimiser). */
  xorTrain(params: XorParams, options: XorTrainOptions | undefined, steps: number,
    state?: XorSgdState | null): XorTraining;
  /** The network at points [P, 2] (P from 1 to 160000). */
  xorForward(params: XorParams, points: Values, options?: XorForwardOptions): XorOutputs;
  /** One LAMB step of one tensor; state null or undefined for a fresh one. */
  lambStep(param: Values, grad: Values, state?: LambState | null,
    options?: LambOptions): LambStepped;
}

/** Loads the WASM module once (later calls share it) and resolves to the API. */
export declare function loadLearning(): Promise<LearningApi>;
