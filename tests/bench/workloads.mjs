// The workloads the benchmark times, shared by every implementation. Ids join the JS rows with
// the native benchmark's (native/pool_bench.cpp keeps the same list). Shapes are NCHW.
//   op: 'avg' (average pooling forward), 'avgBackward' (its gradient), 'max' (forward).
//   returnIndices (max only): also return PyTorch's indices. The rows without indices ask every
//   library for the values alone (ours: PyTorch's return_indices=False); the -idx rows time
//   ours with indices against TF.js's tf.maxPoolWithArgmax (ORT Web's MaxPool is timed for
//   values only).

// target: what the issue asks of ours. speedup: at least this many times faster than the
// faster of TF.js and ORT Web; maxSeconds: per call through the API; heapShareOfMemcpy: the
// kernel's bandwidth inside the WASM heap as a share of memcpy's.
export const WORKLOADS = [
  { id: 'A', title: 'avg 1x1x4x4 k2 s2 (the lesson)', op: 'avg', shape: [1, 1, 4, 4], kernel: 2, stride: 2, padding: 0, countIncludePad: true,
    target: { maxSeconds: 1e-6 } },
  { id: 'B', title: 'avg 1x64x224x224 k2 s2', op: 'avg', shape: [1, 64, 224, 224], kernel: 2, stride: 2, padding: 0, countIncludePad: true,
    target: { speedup: 1.5, heapShareOfMemcpy: 0.5 } },
  { id: 'B-back', title: 'avg backward of B', op: 'avgBackward', shape: [1, 64, 224, 224], kernel: 2, stride: 2, padding: 0, countIncludePad: true,
    target: { speedup: 10 } },
  { id: 'C-pad', title: 'avg 1x64x112x112 k3 s1 p1, pad counted', op: 'avg', shape: [1, 64, 112, 112], kernel: 3, stride: 1, padding: 1, countIncludePad: true,
    target: { speedup: 1.5 } },
  { id: 'C-nopad', title: 'avg 1x64x112x112 k3 s1 p1, pad not counted', op: 'avg', shape: [1, 64, 112, 112], kernel: 3, stride: 1, padding: 1, countIncludePad: false,
    target: { speedup: 1.5 } },
  { id: 'D', title: 'avg 8x256x56x56 k2 s2', op: 'avg', shape: [8, 256, 56, 56], kernel: 2, stride: 2, padding: 0, countIncludePad: true,
    target: { speedup: 1.5 } },
  { id: 'B-max', title: 'max 1x64x224x224 k2 s2', op: 'max', returnIndices: false, shape: [1, 64, 224, 224], kernel: 2, stride: 2, padding: 0, countIncludePad: true,
    target: { speedup: 1.5 } },
  { id: 'C-max', title: 'max 1x64x112x112 k3 s1 p1', op: 'max', returnIndices: false, shape: [1, 64, 112, 112], kernel: 3, stride: 1, padding: 1, countIncludePad: true,
    target: { speedup: 1.5 } },
  { id: 'B-max-idx', title: 'B-max, with indices (tfjs: maxPoolWithArgmax)', op: 'max', returnIndices: true, shape: [1, 64, 224, 224], kernel: 2, stride: 2, padding: 0, countIncludePad: true,
    target: { speedup: 1.5 } },
  { id: 'C-max-idx', title: 'C-max, with indices (tfjs: maxPoolWithArgmax)', op: 'max', returnIndices: true, shape: [1, 64, 112, 112], kernel: 3, stride: 1, padding: 1, countIncludePad: true,
    target: { speedup: 1.5 } },
  // Two settings every ResNet runs (issue "Speed a learner feels on a phone, and the pooling
  // settings peers still win").
  { id: 'E-max', title: 'max 1x64x112x112 k3 s2 p1 (ResNet stem)', op: 'max', returnIndices: false, shape: [1, 64, 112, 112], kernel: 3, stride: 2, padding: 1, countIncludePad: true,
    target: { speedup: 1.5 } },
  { id: 'F', title: 'avg 1x512x7x7 k7 (global, ResNet head)', op: 'avg', shape: [1, 512, 7, 7], kernel: 7, stride: 7, padding: 0, countIncludePad: true,
    target: { speedup: 1.5 } },
];

/** The options of our JS API for a workload. */
export function poolOptions(workload) {
  const { kernel, stride, padding, countIncludePad, op } = workload;
  const options = { kernelSize: kernel, stride, padding };
  if (op === 'max') options.returnIndices = workload.returnIndices;
  else options.countIncludePad = countIncludePad;
  return options;
}

export const count = (shape) => shape.reduce((a, b) => a * b, 1);

/**
 * Bytes our kernel reads and writes for a workload: input plus output, and max pooling's
 * int32 indices when asked for (as run_kernel.h's bytes_moved counts them).
 */
export function bytesMoved(workload, outputShape) {
  const [reads, writes] = workload.op === 'avgBackward'
    ? [count(outputShape), count(workload.shape)]
    : [count(workload.shape), count(outputShape)];
  const indices = workload.op === 'max' && workload.returnIndices ? count(outputShape) : 0;
  return 4 * (reads + writes + indices);
}

/** Uniform values in [0, 1) from a fixed seed, so sums are large and comparable. */
export function randomValues(length, seed = 1) {
  const values = new Float32Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    values[i] = (state >>> 0) / 4294967296;
  }
  return values;
}

/** NCHW -> NHWC, for TensorFlow.js. */
export function toNHWC(values, [n, c, h, w]) {
  const out = new Float32Array(values.length);
  for (let b = 0; b < n; b++) {
    for (let ch = 0; ch < c; ch++) {
      const from = (b * c + ch) * h * w;
      for (let i = 0; i < h * w; i++) out[(b * h * w + i) * c + ch] = values[from + i];
    }
  }
  return out;
}

/** Sum in double: the checksum. Layout-independent, so NHWC and NCHW results compare. */
export function sum(values) {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i];
  return total;
}
