// Types of the optimiser family's JS API (package export "./optim").
// Written by hand: Emscripten 3.1.6 cannot emit declarations. Like index.js, written for its
// place in build/wasm/optim/, beside build/wasm/common/.
import { CoreError } from '../common/core-error.js';
import type { Values } from '../common/values.js';

// Values: the input arrays every family takes (../common/values.d.ts).
export type { Values };

/** torch.optim.SGD's options. */
export interface SgdOptions {
  /** The learning rate: required (PyTorch has no default); at least 0. */
  lr: number;
  /** Default 0 (no momentum buffer); at least 0. */
  momentum?: number;
  /** The share of each gradient the momentum buffer leaves out: buf = momentum * buf +
   * (1 - dampening) * g. Default 0; any number, as in PyTorch. */
  dampening?: number;
  /** L2 penalty: weightDecay * params is added to the gradient. Default 0; at least 0. */
  weightDecay?: number;
  /** Step along g + momentum * buf instead of buf. Needs momentum > 0 and dampening 0. */
  nesterov?: boolean;
  /** Climb instead of descending. Default false. */
  maximize?: boolean;
}

/** torch.optim.RMSprop's options. */
export interface RmspropOptions {
  /** Default 0.01; at least 0. */
  lr?: number;
  /** Smoothing of the squared-gradient average. Default 0.99; at least 0. */
  alpha?: number;
  /** Added to the root in the denominator. Default 1e-8; at least 0. */
  eps?: number;
  /** Default 0; at least 0. */
  weightDecay?: number;
  /** Default 0; at least 0. Above 0 the state has a momentumBuffer. */
  momentum?: number;
  /** Divide by an estimate of the variance instead of the mean square; the state then has a
   * gradAvg. Default false. */
  centered?: boolean;
  /** Default false. */
  maximize?: boolean;
}

/** torch.optim.Adam's options. */
export interface AdamOptions {
  /** Default 0.001; at least 0. */
  lr?: number;
  /** [beta1, beta2], the smoothing of the gradient's and the squared gradient's averages. Default
   * [0.9, 0.999]; each at least 0 and less than 1. */
  betas?: readonly [number, number];
  /** Default 1e-8; at least 0. */
  eps?: number;
  /** Default 0; at least 0. */
  weightDecay?: number;
  /** Divide by the largest squared-gradient average so far; the state then has a maxExpAvgSq.
   * Default false. */
  amsgrad?: boolean;
  /** Default false. */
  maximize?: boolean;
}

/** PyTorch's state['momentum_buffer']: null until a step with momentum. */
export interface SgdState {
  momentumBuffer: Float32Array | null;
}

/** PyTorch's RMSprop state; a buffer the first step's options did not need is null. */
export interface RmspropState {
  /** Steps taken. */
  step: number;
  squareAvg: Float32Array;
  momentumBuffer: Float32Array | null;
  gradAvg: Float32Array | null;
}

/** PyTorch's Adam state; maxExpAvgSq is null unless the first step had amsgrad. */
export interface AdamState {
  /** Steps taken, counted in float32 as PyTorch counts them (it stops at 2^24). */
  step: number;
  expAvg: Float32Array;
  expAvgSq: Float32Array;
  maxExpAvgSq: Float32Array | null;
}

/** The keys of a state's buffers that a step's options may not have made (null in S): neither
 * the step count nor a buffer every state has. */
type MaybeBuffers<S> = { [K in keyof S]: S[K] extends number ? never : S[K] extends Float32Array ? never : K }[keyof S];

/** A state passed back in: one a step returned (its arrays may be any Values; a buffer that may
 * be null may also be left out), or null / undefined for a fresh optimiser. */
export type StateIn<S> = ({ [K in Exclude<keyof S, MaybeBuffers<S>>]: S[K] extends number ? number : Values }
  & { [K in MaybeBuffers<S>]?: Values | null }) | null | undefined;

/** What a step returns: fresh arrays. */
export interface Stepped<S> {
  params: Float32Array;
  state: S;
}

export type SurfaceName = 'bowl' | 'ravine' | 'rosenbrock';
export type OptimizerName = 'sgd' | 'rmsprop' | 'adam';

export interface OptionsOf {
  sgd: SgdOptions;
  rmsprop: RmspropOptions;
  adam: AdamOptions;
}
export interface StateOf {
  sgd: SgdState;
  rmsprop: RmspropState;
  adam: AdamState;
}

/** A surface at one point. */
export interface SurfacePoint {
  value: number;
  /** [df/dx, df/dy]. */
  gradient: Float32Array;
}

/** A descent of `steps` steps. */
export interface Descent<S> {
  /** steps + 1 points, x0, y0, x1, y1, ...: the start, then the point after each step. */
  points: Float32Array;
  /** The surface's value at each point (steps + 1). */
  values: Float32Array;
  /** The gradient each step used, 2 values per step. */
  gradients: Float32Array;
  /** The optimiser's state after the last step. */
  state: S;
}

/**
 * The base class of every family's argument errors (core/common/js/core-error.js): catch it to
 * handle a bad argument to any family.
 */
export { CoreError };

/** Every bad argument to this family: the message names the parameter and its value. */
export class OptimError extends CoreError {
  constructor(parameter: string, message: string);
  name: 'OptimError';
  /** The camelCase name of the offending parameter, e.g. "lr", "weightDecay", "betas", "grads",
   * "state", "steps". */
  parameter: string;
}

/** A grid over the plane, for surfaceGrid. */
export interface SurfaceGrid {
  x: readonly [number, number];
  y: readonly [number, number];
  columns: number;
  rows: number;
}

/** Each step is one optimizer.step() of PyTorch 1.13 (foreach=False) on one flat parameter
 * tensor whose gradient is `grads` (as long as params). */
export interface Optim {
  /** torch.optim.SGD. */
  sgdStep(params: Values, grads: Values, state: StateIn<SgdState>, options: SgdOptions): Stepped<SgdState>;
  /** torch.optim.RMSprop. */
  rmspropStep(params: Values, grads: Values, state?: StateIn<RmspropState>, options?: RmspropOptions): Stepped<RmspropState>;
  /** torch.optim.Adam. */
  adamStep(params: Values, grads: Values, state?: StateIn<AdamState>, options?: AdamOptions): Stepped<AdamState>;
  /** The surface's value and gradient at point [x, y], in float32. */
  surface(name: SurfaceName, point: Values): SurfacePoint;
  /** The surface's value at every corner of a grid of `columns` x `rows` cells (each 1 to 400)
   * over x: [x0, x1] by y: [y0, y1] (finite, x0 < x1, y0 < y1): (columns + 1) * (rows + 1)
   * values, row by row from y0; corner (i, j) is (x0 + i (x1 - x0) / columns, y0 + j (y1 - y0) /
   * rows), rounded to float32, and its value is the one surface() gives there. */
  surfaceGrid(name: SurfaceName, grid: SurfaceGrid): Float32Array;
  /** From start [x, y] with a fresh optimiser, `steps` times (an integer, 0 to 1000): the
   * gradient at the current point, then one step. */
  descend<O extends OptimizerName>(name: SurfaceName, start: Values, optimizer: O, options: OptionsOf[O],
    steps: number): Descent<StateOf[O]>;
}

/** Loads the WASM module once (later calls share it). In Node it reads the .wasm from disk. */
export function loadOptim(): Promise<Optim>;
