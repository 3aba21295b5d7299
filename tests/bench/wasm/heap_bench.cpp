// A bench-only WASM module: the core's kernels on buffers that already live in the WASM heap,
// and a memcpy to compare them with. JS allocates and fills the buffers once and times the
// calls with performance.now(); nothing is copied in or out per call, which is what separates
// "inside the heap" from the public API's numbers. Built by ../setup.mjs.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>

#include "../run_kernel.h"

namespace {
pool::PoolPlan current_plan;
bench::Op current_op = bench::Op::kAvgForward;
}  // namespace

extern "C" {

// Chooses the workload the calls below run (op as bench::Op). Returns 0, or -1 for a
// setting the core rejects.
EMSCRIPTEN_KEEPALIVE int heap_bench_plan(int op, int n, int c, int h, int w, int kernel,
                                         int stride, int padding, int count_include_pad) {
  const auto plan = bench::plan_for(static_cast<bench::Op>(op), {n, c, h, w}, kernel, stride,
                                    padding, count_include_pad != 0);
  if (!plan.ok()) return -1;
  current_plan = *plan.value;
  current_op = static_cast<bench::Op>(op);
  return 0;
}

EMSCRIPTEN_KEEPALIVE int heap_bench_input_length() {
  return static_cast<int>(bench::input_length(current_op, current_plan));
}
EMSCRIPTEN_KEEPALIVE int heap_bench_output_length() {
  return static_cast<int>(bench::output_length(current_op, current_plan));
}
EMSCRIPTEN_KEEPALIVE const char* heap_bench_kernel_name() {
  return bench::kernel_name(current_op, current_plan);
}

// Runs the planned kernel `iterations` times; indices may be null unless it is max pooling.
EMSCRIPTEN_KEEPALIVE void heap_bench_run(float* out, int32_t* indices, const float* in,
                                         int iterations) {
  for (int i = 0; i < iterations; ++i) bench::run_kernel(current_op, out, indices, in, current_plan);
}

// The ceiling for a kernel that reads its input once and writes its output once.
EMSCRIPTEN_KEEPALIVE void heap_bench_memcpy(void* dst, const void* src, int bytes,
                                            int iterations) {
  for (int i = 0; i < iterations; ++i) std::memcpy(dst, src, static_cast<size_t>(bytes));
}

// Sum in double, for the checksum.
EMSCRIPTEN_KEEPALIVE double heap_bench_sum(const float* values, int n) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i) sum += values[i];
  return sum;
}

}  // extern "C"
