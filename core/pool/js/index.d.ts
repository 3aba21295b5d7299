// Types of the pooling core's JS API (package export "./core").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/pool/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { IntegerArray, Values } from '../common/values.js';

/** A size given once for both sides, or as [height, width]. */
export type Size2 = number | readonly [number, number];

/**
 * Adaptive pooling's output size: once for both sides, or [height, width], where a null side
 * keeps the input's size (PyTorch's None).
 */
export type OutputSize = number | readonly [number | null, number | null];

/** Input shape: [C, H, W] or [N, C, H, W], in an array or an integer typed array (Int32Array,
 * ...). Outputs keep the rank. N may be 0, as in PyTorch (adaptive pooling: the first size of
 * either rank, and C too in adaptive average pooling's forward pass): the result is then empty, in the shape the settings give. */
export type Shape = readonly number[] | IntegerArray;

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** Options of average and max pooling, named as PyTorch names them, in camelCase. */
export interface PoolOptions {
  kernelSize: Size2;
  /** Missing or null means kernelSize. */
  stride?: Size2 | null;
  /** Default 0; at most half the kernel. */
  padding?: Size2;
  /** Max pooling only; default 1. */
  dilation?: Size2;
  /** Default false. */
  ceilMode?: boolean;
  /** Average pooling only; default true. */
  countIncludePad?: boolean;
  /** Average pooling only; a non-zero integer, or null/undefined for none. */
  divisorOverride?: number | null;
  /**
   * Max pooling only (PyTorch's return_indices); default true. false returns the values
   * alone, computed faster; the backward pass needs the indices.
   */
  returnIndices?: boolean;
}

/** Average pooling's options: returnIndices is max pooling's alone (passing it throws). */
export type AvgPoolOptions = Omit<PoolOptions, 'returnIndices'>;

export interface PoolResult {
  data: Float32Array;
  shape: number[];
}

export interface MaxPoolResult extends PoolResult {
  /** The flat index (row * W + col) of each output's maximum inside its H x W plane. */
  indices: Int32Array;
}

/**
 * The base class of every family's argument errors (core/common/js/core-error.js): catch it to
 * handle a bad argument to any family.
 */
export { CoreError };

/** Every bad argument to the pooling core: the message names the parameter and its value. */
export class PoolError extends CoreError {
  constructor(parameter: string, message: string);
  name: 'PoolError';
  /**
   * The camelCase name of the offending parameter, e.g. "padding"; "arguments" for a call with
   * more arguments than its function takes.
   */
  parameter: string;
}

export interface PoolCore {
  avgPool2d(input: Values, shape: Shape, options: AvgPoolOptions): PoolResult;
  avgPool2dBackward(gradOutput: Values, inputShape: Shape, options: AvgPoolOptions): Float32Array;
  maxPool2d(input: Values, shape: Shape, options: PoolOptions & { returnIndices: false }): PoolResult;
  maxPool2d(input: Values, shape: Shape, options: PoolOptions & { returnIndices?: true }): MaxPoolResult;
  /** returnIndices known only at run time: indices are there when it is true. */
  maxPool2d(input: Values, shape: Shape, options: PoolOptions): PoolResult & { indices?: Int32Array };
  maxPool2dBackward(
    gradOutput: Values,
    indices: Int32Array | readonly number[],
    inputShape: Shape,
    options: PoolOptions,
  ): Float32Array;
  adaptiveAvgPool2d(input: Values, shape: Shape, outputSize: OutputSize): PoolResult;
  adaptiveAvgPool2dBackward(gradOutput: Values, inputShape: Shape, outputSize: OutputSize): Float32Array;
  adaptiveMaxPool2d(input: Values, shape: Shape, outputSize: OutputSize): MaxPoolResult;
  adaptiveMaxPool2dBackward(
    gradOutput: Values,
    indices: Int32Array | readonly number[],
    inputShape: Shape,
    outputSize: OutputSize,
  ): Float32Array;
  /** The output shape average/max pooling would give, or a PoolError. */
  pool2dOutputShape(shape: Shape, options: PoolOptions): number[];
  /**
   * The name of the C++ function that runs for this operation and setting, e.g.
   * "avg_pool2d_forward_k2s2". Pages use it to show the source of the kernel that ran.
   */
  kernelName(
    op: 'avgPool2d' | 'avgPool2dBackward' | 'maxPool2d' | 'maxPool2dBackward',
    shape: Shape,
    options: PoolOptions,
  ): string;
  /**
   * For leak checks: the WASM memory's size, the bytes malloc holds, and the JS values the
   * bindings keep alive. None of them grows with repeated calls.
   */
  memoryStats(): { heapBytes: number; mallocBytes: number; emvalHandles: number };
}

/** Loads the WASM module once (later calls share it). In Node it reads the .wasm from disk. */
export function loadCore(): Promise<PoolCore>;
