// The arrays of numbers every family's JS API takes, for the families' hand-written .d.ts files.

/** Values in: a Float32Array (used as it is), another typed array or a plain array of numbers
 * (copied to float32), flattened in row-major order. Never modified. */
export type Values = Float32Array | Float64Array | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array
  | Uint16Array | Int32Array | Uint32Array | readonly number[];

/** Integers in, for shapes: an integer typed array, or a plain array of integers beside it in
 * each family's Shape. Copied once, never modified. */
export type IntegerArray = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array;
