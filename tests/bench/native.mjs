// Runs the Google Benchmark program (native/pool_bench.cpp) and reads its medians.
import { execFileSync } from 'node:child_process';

const SECONDS_PER_UNIT = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1 };

/**
 * Map from benchmark name (workload id, '<id>-memcpy', 'memcpy') to { seconds,
 * bytesPerSecond, kernel }. ids: the workloads to run (the 64 MB memcpy always runs).
 */
export function runNativeBench(binary, { rounds, minRoundSeconds, ids }) {
  const json = execFileSync(binary, [
    `--benchmark_filter=^(${[...ids, 'memcpy'].join('|')})(-memcpy)?/`,
    '--benchmark_format=json',
    `--benchmark_repetitions=${rounds}`,
    `--benchmark_min_time=${minRoundSeconds}`,
    '--benchmark_report_aggregates_only=true',
  ], { stdio: ['ignore', 'pipe', process.stderr], maxBuffer: 16 << 20 }).toString();
  const results = new Map();
  // Medians; with a single repetition Google Benchmark reports the run alone.
  for (const entry of JSON.parse(json).benchmarks) {
    const isMedian = entry.aggregate_name === 'median';
    if (!isMedian && (entry.run_type !== 'iteration' || rounds > 1)) continue;
    results.set(entry.run_name.split('/')[0], {
      seconds: entry.real_time * SECONDS_PER_UNIT[entry.time_unit],
      bytesPerSecond: entry.bytes_per_second,
      kernel: entry.label ?? '',
    });
  }
  return results;
}
