// Our core through its public JS API, as a page calls it: each call copies the input into the
// WASM heap and the result out into a new typed array.
import { pathToFileURL } from 'node:url';

import { poolOptions } from './workloads.mjs';

const KERNEL_OPS = { avg: 'avgPool2d', avgBackward: 'avgPool2dBackward', max: 'maxPool2d' };

export async function loadOurs(entryPath) {
  const { loadCore } = await import(pathToFileURL(entryPath).href);
  const core = await loadCore();
  return {
    name: 'ours',
    core,
    kernelName: (workload) => core.kernelName(KERNEL_OPS[workload.op], workload.shape, poolOptions(workload)),
    prepare(workload, data) {
      const options = poolOptions(workload);
      const { shape } = workload;
      switch (workload.op) {
        case 'avg':
          return { run: () => core.avgPool2d(data.input, shape, options).data };
        case 'avgBackward':
          return { run: () => core.avgPool2dBackward(data.input, shape, options) };
        case 'max':
          // The values are what is summed; with returnIndices the indices come too.
          return { run: () => core.maxPool2d(data.input, shape, options).data };
        default:
          throw new Error(`unknown op ${workload.op}`);
      }
    },
  };
}
