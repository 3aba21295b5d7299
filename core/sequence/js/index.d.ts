// Types of the sequence family's JS API (package export "./sequence").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/sequence/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { IntegerArray, Values } from '../common/values.js';

export { CoreError };

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** [rows, columns]: [T, I] (T from 1 to 512, I from 1 to 256), or attention's [Lq, d], [Lk, d],
 * [Lk, dv] (each from 1 to 512); in an array or an integer typed array. */
export type Shape = readonly number[] | IntegerArray;

/** A bad argument: `parameter` (camelCase) and the message name it and its value. */
export declare class SequenceError extends CoreError {
  constructor(parameter: string, message: string);
  readonly name: 'SequenceError';
}

/** torch.nn.RNN's nonlinearity. */
export type Nonlinearity = 'tanh' | 'relu';

/** A one-layer RNN's or LSTM's parameters, row by row, as torch.nn.RNN and torch.nn.LSTM name
 * them: wIh [G, I], wHh [G, H], bIh and bHh [G], with G = H for the RNN and 4H for the LSTM
 * (its gates i, f, g, o, H rows each). Biases null (or left out) for bias=False: both or neither. */
export interface RecurrentParams<T = Values> {
  wIh: T;
  wHh: T;
  bIh?: T | null;
  bHh?: T | null;
}

export interface RnnOptions {
  /** Default 'tanh'. */
  nonlinearity?: Nonlinearity;
}

export interface RnnOutputs {
  /** h_t for each step, [T, H] row by row. */
  output: Float32Array;
  /** The last step's h, [H]. */
  hN: Float32Array;
}

export interface ParamGradients {
  wIh: Float32Array;
  wHh: Float32Array;
  /** null without biases. */
  bIh: Float32Array | null;
  bHh: Float32Array | null;
}

export interface RnnGradients {
  gradInput: Float32Array;
  /** The gradient of h0 (of the zeros when h0 was null). */
  gradH0: Float32Array;
  gradParams: ParamGradients;
  /** [T, H]: the whole dL/dh_t reaching each step, from its output and from the steps after it. */
  gradHidden: Float32Array;
}

/** An LSTM's starting state, [H] each. */
export interface LstmState<T = Values> {
  h0: T;
  c0: T;
}

/** Each gate after its function, [T, H] row by row. */
export interface LstmGates {
  /** i = sigmoid. */
  input: Float32Array;
  /** f = sigmoid. */
  forget: Float32Array;
  /** g = tanh, the candidate cell. */
  cell: Float32Array;
  /** o = sigmoid. */
  output: Float32Array;
}

export interface LstmOutputs {
  /** h_t for each step, [T, H]. */
  output: Float32Array;
  hN: Float32Array;
  cN: Float32Array;
  /** c_t for each step, [T, H]. */
  cells: Float32Array;
  gates: LstmGates;
}

export interface LstmGradients {
  gradInput: Float32Array;
  gradH0: Float32Array;
  gradC0: Float32Array;
  gradParams: ParamGradients;
  /** [T, H]: the whole dL/dh_t reaching each step. */
  gradHidden: Float32Array;
  /** [T, H]: the whole dL/dc_t reaching each step. */
  gradCells: Float32Array;
}

export interface AttentionOptions {
  /** Mask key j from query i where j > i (torch.triu(-inf, diagonal=1) on [Lq, Lk]). Default false. */
  causal?: boolean;
}

export interface AttentionOutputs {
  /** weights v, [Lq, dv]. */
  output: Float32Array;
  /** softmax over keys, [Lq, Lk]. */
  weights: Float32Array;
  /** (q / sqrt(d)) k^T before the softmax, [Lq, Lk]; -Infinity where masked. */
  scores: Float32Array;
}

export interface AttentionGradients {
  gradQuery: Float32Array;
  gradKey: Float32Array;
  gradValue: Float32Array;
}

export interface SequenceApi {
  /** torch.nn.RNN on an unbatched input [T, I]; h0 [H], or null for zeros. */
  rnn(input: Values, inputShape: Shape, params: RecurrentParams, h0?: Values | null,
    options?: RnnOptions): RnnOutputs;
  /** Autograd's gradients of rnn for gradOutput [T, H] and gradHN [H] (null: hN unused). */
  rnnBackward(gradOutput: Values, gradHN: Values | null, input: Values, inputShape: Shape,
    params: RecurrentParams, h0?: Values | null, options?: RnnOptions): RnnGradients;
  /** torch.nn.LSTM on an unbatched input [T, I]; state { h0, c0 }, or null for zeros. */
  lstm(input: Values, inputShape: Shape, params: RecurrentParams,
    state?: LstmState | null): LstmOutputs;
  /** Autograd's gradients of lstm for gradOutput [T, H], gradHN and gradCN [H] (null: unused). */
  lstmBackward(gradOutput: Values, gradHN: Values | null, gradCN: Values | null, input: Values,
    inputShape: Shape, params: RecurrentParams, state?: LstmState | null): LstmGradients;
  /** Scaled dot-product attention of query [Lq, d] over key [Lk, d] and value [Lk, dv]. */
  attention(query: Values, queryShape: Shape, key: Values, keyShape: Shape, value: Values,
    valueShape: Shape, options?: AttentionOptions): AttentionOutputs;
  /** Autograd's gradients of attention for gradOutput [Lq, dv]. */
  attentionBackward(gradOutput: Values, query: Values, queryShape: Shape, key: Values,
    keyShape: Shape, value: Values, valueShape: Shape, options?: AttentionOptions): AttentionGradients;
}

/** Loads the WASM module once (later calls share it) and resolves to the API. */
export declare function loadSequence(): Promise<SequenceApi>;
