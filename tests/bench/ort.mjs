// ONNX Runtime Web, WASM execution provider, one thread. Each workload is a one-node ONNX model
// built in code (onnx-model.mjs). A run copies the input into ORT's heap and the output out.
import * as ort from 'onnxruntime-web';

import { poolModel } from './onnx-model.mjs';

export async function loadOrt() {
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  return { name: 'ort-web', version: ort.env.versions?.web, prepare };
}

async function prepare(workload, data) {
  if (workload.op === 'avgBackward') {
    return { unavailable: 'ONNX Runtime Web runs inference graphs: no pooling gradient' };
  }
  if (workload.returnIndices) {
    return { unavailable: 'its MaxPool is timed for values only (the row without indices)' };
  }
  const model = poolModel({
    opType: workload.op === 'max' ? 'MaxPool' : 'AveragePool',
    inputShape: workload.shape,
    outputShape: data.outputShape,
    kernel: workload.kernel,
    stride: workload.stride,
    padding: workload.padding,
    countIncludePad: workload.countIncludePad,
  });
  const session = await ort.InferenceSession.create(model, {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'all',
  });
  return {
    // MaxPool is asked for its values only (no Indices output): its fastest path.
    async run() {
      const x = new ort.Tensor('float32', data.input, workload.shape);
      const { y } = await session.run({ x });
      return y.data;
    },
    dispose: () => session.release(),
  };
}
