// Types of the activation family's JS API (package export "./activations").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/activations/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { Values } from '../common/values.js';

// Values: the input arrays every family takes (../common/values.d.ts). Any shape: every activation is elementwise.
export type { Values };

/** The options of an activation that has none: an object may be given, and any key in it is
 * refused (`relu has no option alpha`). */
export type NoOptions = Record<string, never>;

export interface GeluOptions {
  /** 'none' (default): x * Phi(x) with erf; 'tanh': PyTorch's tanh approximation. */
  approximate?: 'none' | 'tanh';
}

export interface SwishOptions {
  /** x * sigmoid(beta * x); default 1 (PyTorch's SiLU). Finite. */
  beta?: number;
}

export interface EluOptions {
  /** The negative side's scale: alpha * (exp(x) - 1) for x <= 0; default 1. Finite. */
  alpha?: number;
}

/**
 * The base class of every family's argument errors (core/common/js/core-error.js): catch it to
 * handle a bad argument to any family.
 */
export { CoreError };

/** Every bad argument to an activation: the message names the parameter and its value. */
export class ActivationError extends CoreError {
  constructor(parameter: string, message: string);
  name: 'ActivationError';
  /** The camelCase name of the offending parameter, e.g. "alpha", "gradOutput". */
  parameter: string;
}

/** Every result is a fresh Float32Array as long as the input; backward returns the gradient
 * with respect to the input. */
export interface Activations {
  relu(input: Values, options?: NoOptions): Float32Array;
  reluBackward(gradOutput: Values, input: Values, options?: NoOptions): Float32Array;
  sigmoid(input: Values, options?: NoOptions): Float32Array;
  sigmoidBackward(gradOutput: Values, input: Values, options?: NoOptions): Float32Array;
  tanh(input: Values, options?: NoOptions): Float32Array;
  tanhBackward(gradOutput: Values, input: Values, options?: NoOptions): Float32Array;
  gelu(input: Values, options?: GeluOptions): Float32Array;
  geluBackward(gradOutput: Values, input: Values, options?: GeluOptions): Float32Array;
  swish(input: Values, options?: SwishOptions): Float32Array;
  swishBackward(gradOutput: Values, input: Values, options?: SwishOptions): Float32Array;
  elu(input: Values, options?: EluOptions): Float32Array;
  eluBackward(gradOutput: Values, input: Values, options?: EluOptions): Float32Array;
}

/** Loads the WASM module once (later calls share it). In Node it reads the .wasm from disk. */
export function loadActivations(): Promise<Activations>;
