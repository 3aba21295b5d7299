// Types of the transformer family's JS API (package export "./transformer").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/transformer/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { IntegerArray, Values } from '../common/values.js';

export { CoreError };

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** [L, d]: L positions (1 to 64) of d features (1 to 128), in an array or an integer typed
 * array. */
export type Shape = readonly number[] | IntegerArray;

/** A bad argument: `parameter` (camelCase) and the message name it and its value. */
export declare class TransformerError extends CoreError {
  constructor(parameter: string, message: string);
  readonly name: 'TransformerError';
}

export interface PositionalEncoding {
  /** [length, dModel] row by row: column 2i the sine and column 2i + 1 the cosine of
   * position * frequencies[i]. */
  table: Float32Array;
  /** [ceil(dModel / 2)]: each pair's angular frequency, radians per position,
   * exp(2i * -ln(10000) / dModel). */
  frequencies: Float32Array;
}

/** TransformerEncoderLayer's parameters, row by row, named as its state_dict names them (in
 * camelCase): inProjWeight [3d, d], inProjBias [3d], outProjWeight [d, d], outProjBias [d],
 * linear1Weight [ff, d], linear1Bias [ff], linear2Weight [d, ff], linear2Bias [d], and
 * norm1Weight, norm1Bias, norm2Weight, norm2Bias [d]. ff (1 to 512) is linear1Weight's length
 * over d. */
export interface EncoderParams<T = Values> {
  inProjWeight: T;
  inProjBias: T;
  outProjWeight: T;
  outProjBias: T;
  linear1Weight: T;
  linear1Bias: T;
  linear2Weight: T;
  linear2Bias: T;
  norm1Weight: T;
  norm1Bias: T;
  norm2Weight: T;
  norm2Bias: T;
}

export type Activation = 'relu' | 'gelu';

export interface EncoderOptions {
  /** Heads, from 1 to 8, dividing d. Default 1. */
  nhead?: number;
  /** The feed-forward layer's activation. Default 'relu'. */
  activation?: Activation;
  /** Layer norm before each block (true) or after each residual sum (false, the default). */
  normFirst?: boolean;
  /** Layer norm's eps, positive. Default 1e-5. */
  layerNormEps?: number;
}

export interface EncoderOutputs {
  /** [L, d]: the layer's output. */
  output: Float32Array;
  /** [nhead, L, L]: each head's attention weights (softmax over keys), not averaged. */
  attentionWeights: Float32Array;
  /** [L, d]: the self-attention block's output (after out_proj). */
  attentionOutput: Float32Array;
  /** [L, d]: input + attentionOutput. */
  residual1: Float32Array;
  /** [L, d]: norm1's output: of residual1 (post-norm) or of the input (normFirst). */
  norm1: Float32Array;
  /** [L, d]: norm2's output: of residual2, the output (post-norm), or of residual1 (normFirst). */
  norm2: Float32Array;
  /** [L, ff]: the feed-forward layer's hidden units after the activation. */
  hidden: Float32Array;
  /** [L, d]: the feed-forward block's output (linear2). */
  feedForward: Float32Array;
  /** [L, d]: norm1 + feedForward (post-norm) or residual1 + feedForward (normFirst: the output). */
  residual2: Float32Array;
}

export interface EncoderGradients {
  /** [L, d]. */
  gradInput: Float32Array;
  /** Each parameter's gradient, in its shape. */
  gradParams: EncoderParams<Float32Array>;
}

export interface ParameterCount {
  /** self_attn: in_proj (3d^2 + 3d) and out_proj (d^2 + d). */
  attention: number;
  /** linear1 (ff d + ff) and linear2 (d ff + d). */
  feedForward: number;
  /** norm1 and norm2, weight and bias: 4d. */
  norms: number;
  total: number;
}

export interface TransformerApi {
  /** The sinusoidal table of PyTorch's tutorial, length and dModel each from 1 to 512. */
  positionalEncoding(length: number, dModel: number): PositionalEncoding;
  /** torch.nn.TransformerEncoderLayer (dropout 0, eval mode) on an unbatched input [L, d]. */
  encoderLayer(input: Values, inputShape: Shape, params: EncoderParams,
    options?: EncoderOptions): EncoderOutputs;
  /** Autograd's gradients of encoderLayer's output for gradOutput [L, d]. */
  encoderLayerBackward(gradOutput: Values, input: Values, inputShape: Shape, params: EncoderParams,
    options?: EncoderOptions): EncoderGradients;
  /** How many parameters TransformerEncoderLayer(dModel, nhead, dimFeedforward) has. */
  parameterCount(dModel: number, nhead: number, dimFeedforward: number): ParameterCount;
  /** A seeded start for encoderLayer: dModel (1 to 128) features, nhead (1 to 8, dividing dModel)
   * heads, dimFeedforward (1 to 512) hidden units, every tensor drawn within the bounds PyTorch's
   * own initialisation uses (xavier_uniform_ for inProjWeight, nn.Linear's 1/sqrt(fan_in) for the
   * out-projection's weight and both linear layers, 0 for the attention's biases, 1 and 0 for the
   * norms) from the course's SplitMix64 seeded with `seed` (0 to 2^32 - 1). */
  encoderInit(dModel: number, nhead: number, dimFeedforward: number, seed: number): EncoderParams<Float32Array>;
}

/** Loads the WASM module once (later calls share it) and resolves to the API. */
export declare function loadTransformer(): Promise<TransformerApi>;
