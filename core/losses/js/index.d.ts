// Types of the loss family's JS API (package export "./losses").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/losses/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { IntegerArray, Values } from '../common/values.js';

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** Class indices in: an Int32Array (used as it is) or an array of whole numbers (int32). */
export type ClassIndices = Int32Array | readonly number[];

/** 'mean' (default): the loss averaged over its terms (NaN for none); 'sum': added up;
 * 'none': one value per term. */
export type Reduction = 'mean' | 'sum' | 'none';

export interface ReductionOptions {
  reduction?: Reduction;
}

export interface HuberOptions extends ReductionOptions {
  /** Where the quadratic side ends: 0.5 d^2 for |d| < delta, else delta (|d| - 0.5 delta).
   * Default 1; positive and finite. */
  delta?: number;
}

export interface CrossEntropyOptions extends ReductionOptions {
  /** eps in [0, 1]: the target becomes (1 - eps) * onehot + eps / C. Default 0. */
  labelSmoothing?: number;
}

/** What a loss returns: a number when reduced ('mean', 'sum'), a fresh Float32Array with
 * 'none'. */
export type Loss<R> = R extends 'none' ? Float32Array : number;
/** A backward's gradOutput: a number for a reduced loss, one value per term with 'none'. */
export type GradOutput<R> = R extends 'none' ? Values : number;

/**
 * The base class of every family's argument errors (core/common/js/core-error.js): catch it to
 * handle a bad argument to any family.
 */
export { CoreError };

/** Every bad argument to a loss: the message names the parameter and its value. */
export class LossError extends CoreError {
  constructor(parameter: string, message: string);
  name: 'LossError';
  /** The camelCase name of the offending parameter, e.g. "target", "delta", "gradOutput". */
  parameter: string;
}

/** Every backward returns a fresh Float32Array as long as its input (or logits). */
export interface Losses {
  /** Mean squared error: (x - y)^2 per element; input and target as long as each other. */
  mseLoss<R extends Reduction = 'mean'>(input: Values, target: Values, options?: { reduction?: R }): Loss<R>;
  /** 2 (x - y) * gradOutput, divided by n for 'mean'. */
  mseLossBackward<R extends Reduction = 'mean'>(gradOutput: GradOutput<R>, input: Values, target: Values,
    options?: { reduction?: R }): Float32Array;
  /** PyTorch's HuberLoss. */
  huberLoss<R extends Reduction = 'mean'>(input: Values, target: Values,
    options?: HuberOptions & { reduction?: R }): Loss<R>;
  /** (x - y) clamped to [-delta, delta], times gradOutput, divided by n for 'mean'. */
  huberLossBackward<R extends Reduction = 'mean'>(gradOutput: GradOutput<R>, input: Values, target: Values,
    options?: HuberOptions & { reduction?: R }): Float32Array;
  /** Cross-entropy of logits of shape [N, C] (or [C]: one sample, one class index) against
   * class indices in [0, C), one per row; 'none' gives one value per row. */
  crossEntropy<R extends Reduction = 'mean'>(logits: Values, shape: readonly number[] | IntegerArray, target: ClassIndices,
    options?: CrossEntropyOptions & { reduction?: R }): Loss<R>;
  /** The gradient with respect to the logits: softmax - ((1 - eps) onehot + eps / C) per row,
   * times the row's gradOutput, divided by N for 'mean'. */
  crossEntropyBackward<R extends Reduction = 'mean'>(gradOutput: GradOutput<R>, logits: Values,
    shape: readonly number[] | IntegerArray, target: ClassIndices,
    options?: CrossEntropyOptions & { reduction?: R }): Float32Array;
}

/** Loads the WASM module once (later calls share it). In Node it reads the .wasm from disk. */
export function loadLosses(): Promise<Losses>;
