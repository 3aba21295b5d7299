// TensorFlow.js with its WASM backend (XNNPACK), one thread. TF.js is NHWC: the bench hands it
// the input transposed once, outside the timed loop. Each call creates the input tensor (a
// copy into its heap), runs the op and reads the result back (a copy out), like ours.
import * as tf from '@tensorflow/tfjs-core';
import { setThreadsCount } from '@tensorflow/tfjs-backend-wasm';

export async function loadTfjs() {
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);  // the single-threaded SIMD binary
  setThreadsCount(1);
  await tf.setBackend('wasm');
  await tf.ready();
  return { name: 'tfjs-wasm', version: tf.version_core, prepare };
}

const toNHWCShape = ([n, c, h, w]) => [n, h, w, c];

function prepare(workload, data) {
  const { op, kernel, stride, padding, countIncludePad } = workload;
  if (workload.returnIndices) return prepareWithArgmax(workload, data);
  if (op !== 'max' && padding > 0 && countIncludePad) {
    return { unavailable: 'tf.avgPool never counts padding in the divisor (count_include_pad=False only)' };
  }
  const pad = padding === 0 ? 'valid' : padding;
  if (op === 'avgBackward') {
    // tf.grad(avgPool) runs the AvgPoolGrad kernel; calling it directly leaves the forward
    // pass out of the time. Only the input's shape matters to it, so it is made once.
    const input = tf.zeros(toNHWCShape(workload.shape));
    const gradShape = toNHWCShape(data.outputShape);
    return {
      run() {
        const dy = tf.tensor4d(data.inputNHWC, gradShape);
        const dx = tf.engine().runKernel('AvgPoolGrad', { dy, input }, { filterSize: kernel, strides: stride, pad });
        const values = dx.dataSync();
        dy.dispose();
        dx.dispose();
        return values;
      },
      dispose: () => input.dispose(),
    };
  }
  const pool = op === 'max' ? tf.maxPool : tf.avgPool;
  const shape = toNHWCShape(workload.shape);
  return {
    run() {
      const x = tf.tensor4d(data.inputNHWC, shape);
      const y = pool(x, kernel, stride, pad);
      const values = y.dataSync();
      x.dispose();
      y.dispose();
      return values;
    },
  };
}

// Max pooling with indices: tf.maxPoolWithArgmax, which TF.js's WASM backend runs as its own
// kernel (MaxPoolWithArgmax, registered for 'wasm' since 3.x; a plain C++ loop, not XNNPACK).
// Its indices are NHWC-flat, (y * W + x) * C + c, where PyTorch's are y * W + x per plane: the
// same information, a different numbering, so the checksum is the values'. Both outputs are
// read back, as ours returns both.
function prepareWithArgmax(workload, data) {
  const { kernel, stride, padding } = workload;
  const shape = toNHWCShape(workload.shape);
  const pad = padding === 0 ? 'valid' : padding;
  return {
    run() {
      const x = tf.tensor4d(data.inputNHWC, shape);
      const { result, indexes } = tf.maxPoolWithArgmax(x, kernel, stride, pad);
      const values = result.dataSync();
      indexes.dataSync();
      x.dispose();
      result.dispose();
      indexes.dispose();
      return values;
    },
  };
}
