// Our kernels inside the WASM heap (build/bench-wasm, from wasm/heap_bench.cpp): buffers are
// allocated and filled once, so a call is the kernel alone. Also WASM's memcpy bandwidth.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// bench::Op in run_kernel.h; max pooling with its indices or without.
const opCode = (workload) => (workload.op === 'max' ? (workload.returnIndices ? 2 : 3) : { avg: 0, avgBackward: 1 }[workload.op]);
export const COPY_BYTES = 64 * 1024 * 1024;

export async function loadHeapBench(dir) {
  const { default: createHeapBench } = await import(pathToFileURL(join(dir, 'heap_bench.mjs')).href);
  const wasm = await createHeapBench({ wasmBinary: readFileSync(join(dir, 'heap_bench.wasm')) });

  function allocate(bytes) {
    const pointer = wasm._malloc(bytes);
    if (!pointer) throw new Error(`the bench module could not allocate ${bytes} bytes`);
    return pointer;
  }

  return {
    name: 'ours in heap',
    // The module keeps one planned workload at a time: prepare, time and dispose a case
    // before preparing the next.
    prepare(workload, data) {
      const [n, c, h, w] = workload.shape;
      const status = wasm._heap_bench_plan(opCode(workload), n, c, h, w, workload.kernel,
        workload.stride, workload.padding, workload.countIncludePad ? 1 : 0);
      if (status !== 0) return { unavailable: 'the core rejects this setting' };
      const inputLength = wasm._heap_bench_input_length();
      const outputLength = wasm._heap_bench_output_length();
      const input = allocate(4 * inputLength);
      const output = allocate(4 * outputLength);
      const indices = workload.op === 'max' && workload.returnIndices ? allocate(4 * outputLength) : 0;
      wasm.HEAPF32.set(data.input, input / 4);  // HEAPF32 read after malloc: growth replaces it
      return {
        kernel: wasm.UTF8ToString(wasm._heap_bench_kernel_name()),
        run: () => wasm._heap_bench_run(output, indices, input, 1),
        checksum: () => wasm._heap_bench_sum(output, outputLength),
        dispose: () => [input, output, indices].filter(Boolean).forEach((p) => wasm._free(p)),
      };
    },
    /** A case copying `bytes` from one heap buffer to another per call. */
    prepareMemcpy(bytes = COPY_BYTES) {
      const source = allocate(bytes);
      const target = allocate(bytes);
      wasm.HEAPU8.fill(1, source, source + bytes);
      return {
        run: () => wasm._heap_bench_memcpy(target, source, bytes, 1),
        dispose: () => [source, target].forEach((p) => wasm._free(p)),
      };
    },
  };
}
