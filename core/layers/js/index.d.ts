// Types of the layer family's JS API (package export "./layers").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/layers/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { IntegerArray, Values } from '../common/values.js';

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** Sizes of a tensor, outermost first, e.g. [2, 3]; each an int32, in an array or an integer
 * typed array (Int32Array, ...). */
export type Shape = readonly number[] | IntegerArray;

/** Whole numbers: an Int32Array (used as it is) or an array of int32 integers. */
export type Indices = Int32Array | readonly number[];

/** A dropout mask: a Uint8Array, or an array, of 0 (dropped) and 1 (kept). */
export type Mask = Uint8Array | Int32Array | readonly number[];

export interface SoftmaxOptions {
  /** The dimension normalised; negative counts from the end. Default -1. */
  dim?: number;
  /** softmax(input / temperature): near 0 approaches argmax, large approaches uniform.
   * Positive and finite as float32; default 1. */
  temperature?: number;
}

export interface EmbeddingOptions {
  /** A row in [-numEmbeddings, numEmbeddings) (negative counts from the end) whose gradient
   * stays zero; null (default) for none. The forward ignores it, as F.embedding does. */
  paddingIdx?: number | null;
}

export interface DropoutOptions {
  /** The probability of dropping, in [0, 1]; default 0.5. Kept values are scaled by
   * 1 / (1 - p); p = 1 gives zeros. */
  p?: number;
}

export interface DropoutMaskOptions extends DropoutOptions {
  /** An integer in [0, 4294967295] (uint32); default 0. Same seed, same mask, everywhere. */
  seed?: number;
}

export interface BatchNorm2dOptions {
  /** Per channel (C values each). Defaults: weight ones, bias zeros, runningMean zeros,
   * runningVar ones. */
  weight?: Values | null;
  bias?: Values | null;
  runningMean?: Values | null;
  runningVar?: Values | null;
  /** true (default): normalise by the batch's statistics and update the running ones; false:
   * normalise by the running statistics, returned unchanged. */
  training?: boolean;
  /** In [0, 1]; default 0.1: running = (1 - momentum) * running + momentum * batch. */
  momentum?: number;
  /** Positive; default 1e-5. */
  eps?: number;
}

export interface BatchNorm2dBackwardOptions {
  weight?: Values | null;
  eps?: number;
}

export interface LayerNormOptions {
  /** Per element of the last dimension; defaults ones and zeros. */
  weight?: Values | null;
  bias?: Values | null;
  /** Positive; default 1e-5. */
  eps?: number;
}

export interface BatchNorm2dResult {
  output: Float32Array;
  /** The running statistics after this call (C values each). */
  runningMean: Float32Array;
  runningVar: Float32Array;
}

export interface NormGradients {
  gradInput: Float32Array;
  gradWeight: Float32Array;
  gradBias: Float32Array;
}

/**
 * The base class of every family's argument errors (core/common/js/core-error.js): catch it to
 * handle a bad argument to any family.
 */
export { CoreError };

/** Every bad argument to a layer: the message names the parameter and its value. */
export class LayerError extends CoreError {
  constructor(parameter: string, message: string);
  name: 'LayerError';
  /** The camelCase name of the offending parameter, e.g. "dim", "paddingIdx", "gradOutput". */
  parameter: string;
}

/** Every result is fresh; a backward's gradOutput has the forward output's size. */
export interface Layers {
  softmax(input: Values, shape: Shape, options?: SoftmaxOptions): Float32Array;
  softmaxBackward(gradOutput: Values, input: Values, shape: Shape, options?: SoftmaxOptions): Float32Array;
  logSoftmax(input: Values, shape: Shape, options?: SoftmaxOptions): Float32Array;
  logSoftmaxBackward(gradOutput: Values, input: Values, shape: Shape, options?: SoftmaxOptions): Float32Array;
  /** weightShape is [numEmbeddings, embeddingDim]; the result has indices.length * embeddingDim
   * values. */
  embedding(indices: Indices, weight: Values, weightShape: Shape, options?: EmbeddingOptions): Float32Array;
  /** The weight-sized gradient: rows used twice get the sum, the padding row none. */
  embeddingBackward(gradOutput: Values, indices: Indices, weightShape: Shape, options?: EmbeddingOptions): Float32Array;
  dropout(input: Values, mask: Mask, options?: DropoutOptions): Float32Array;
  dropoutBackward(gradOutput: Values, mask: Mask, options?: DropoutOptions): Float32Array;
  /** SplitMix64 seeded with `seed`: element i is 1 when its draw in [0, 1) is >= p. */
  dropoutMask(length: number, options?: DropoutMaskOptions): Uint8Array;
  /** shape is [N, C, H, W]. */
  batchNorm2d(input: Values, shape: Shape, options?: BatchNorm2dOptions): BatchNorm2dResult;
  /** Training mode's gradients (the batch statistics recomputed from input). */
  batchNorm2dBackward(gradOutput: Values, input: Values, shape: Shape, options?: BatchNorm2dBackwardOptions): NormGradients;
  /** Normalises over the last dimension. */
  layerNorm(input: Values, shape: Shape, options?: LayerNormOptions): Float32Array;
  layerNormBackward(gradOutput: Values, input: Values, shape: Shape, options?: LayerNormOptions): NormGradients;
}

/** Loads the WASM module once (later calls share it). In Node it reads the .wasm from disk. */
export function loadLayers(): Promise<Layers>;
