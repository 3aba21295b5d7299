// The native benchmark: each workload of ../workloads.mjs (same ids, same settings) through
// plan_pool2d and the kernel the core chooses, on preallocated buffers. Two memcpy
// baselines: 64 MB ("memcpy", beyond the caches) and, per workload, a copy moving as many
// bytes as the kernel does ("<id>-memcpy", the same cache level). Bytes per second count
// bytes read plus bytes written, as the WASM numbers do. ../bench.mjs runs this with JSON
// output and puts the medians in its report.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "run_kernel.h"

namespace {

struct Workload {
  const char* id;
  bench::Op op;
  int n, c, h, w;
  int kernel, stride, padding;
  bool count_include_pad;
};

// Keep in step with ../workloads.mjs; ids join the two tables.
constexpr Workload kWorkloads[] = {
    {"A", bench::Op::kAvgForward, 1, 1, 4, 4, 2, 2, 0, true},
    {"B", bench::Op::kAvgForward, 1, 64, 224, 224, 2, 2, 0, true},
    {"B-back", bench::Op::kAvgBackward, 1, 64, 224, 224, 2, 2, 0, true},
    {"C-pad", bench::Op::kAvgForward, 1, 64, 112, 112, 3, 1, 1, true},
    {"C-nopad", bench::Op::kAvgForward, 1, 64, 112, 112, 3, 1, 1, false},
    {"D", bench::Op::kAvgForward, 8, 256, 56, 56, 2, 2, 0, true},
    {"B-max", bench::Op::kMaxValues, 1, 64, 224, 224, 2, 2, 0, true},
    {"C-max", bench::Op::kMaxValues, 1, 64, 112, 112, 3, 1, 1, true},
    {"B-max-idx", bench::Op::kMaxForward, 1, 64, 224, 224, 2, 2, 0, true},
    {"C-max-idx", bench::Op::kMaxForward, 1, 64, 112, 112, 3, 1, 1, true},
    {"E-max", bench::Op::kMaxValues, 1, 64, 112, 112, 3, 2, 1, true},
    {"F", bench::Op::kAvgForward, 1, 512, 7, 7, 7, 7, 0, true},
};

constexpr int64_t kLargeCopyBytes = int64_t{64} << 20;

std::vector<float> random_values(int64_t n) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
  std::vector<float> values(static_cast<size_t>(n));
  for (float& v : values) v = uniform(rng);
  return values;
}

void time_workload(benchmark::State& state, const Workload& w) {
  const auto plan = bench::plan_for(w.op, {w.n, w.c, w.h, w.w}, w.kernel, w.stride, w.padding,
                                    w.count_include_pad);
  if (!plan.ok()) {
    state.SkipWithError(plan.error->message.c_str());
    return;
  }
  const pool::PoolPlan& p = *plan.value;
  const std::vector<float> in = random_values(bench::input_length(w.op, p));
  std::vector<float> out(static_cast<size_t>(bench::output_length(w.op, p)));
  std::vector<int32_t> indices(w.op == bench::Op::kMaxForward ? out.size() : 0);
  for (auto _ : state) {
    bench::run_kernel(w.op, out.data(), indices.data(), in.data(), p);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * bench::bytes_moved(w.op, p));
  state.SetLabel(bench::kernel_name(w.op, p));
}

void time_memcpy(benchmark::State& state, int64_t bytes) {
  std::vector<char> src(static_cast<size_t>(bytes), 1);
  std::vector<char> dst(static_cast<size_t>(bytes));
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), dst.size());
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * bytes);
}

// Half the bytes the workload moves: the copy then reads and writes as many as the kernel.
int64_t same_bytes_copy(const Workload& w) {
  const auto plan = bench::plan_for(w.op, {w.n, w.c, w.h, w.w}, w.kernel, w.stride, w.padding,
                                    w.count_include_pad);
  return plan.ok() ? bench::bytes_moved(w.op, *plan.value) / 2 : 4;
}

}  // namespace

int main(int argc, char** argv) {
  for (const Workload& w : kWorkloads) {
    benchmark::RegisterBenchmark(w.id, time_workload, w)->UseRealTime();
    benchmark::RegisterBenchmark((std::string(w.id) + "-memcpy").c_str(), time_memcpy,
                                 same_bytes_copy(w))
        ->UseRealTime();
  }
  benchmark::RegisterBenchmark("memcpy", time_memcpy, kLargeCopyBytes)->UseRealTime();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
