#!/usr/bin/env bash
# Builds the libFuzzer targets (build/fuzz: clang-14, AddressSanitizer and
# UndefinedBehaviorSanitizer; rebuilt only when a source changed) and runs each for
# FUZZ_SECONDS (default 60), as many at once as there are CPUs, from its seed corpus,
# tests/fuzz/corpus/<target>/. What a run finds goes to build/fuzz/corpus/<target>/ (kept
# between runs; the committed seeds are never written) and a crashing input to
# build/fuzz/artifacts/. Any finding fails the script.
#   npm run fuzz                      60 s per target
#   FUZZ_SECONDS=600 npm run fuzz     longer
#   npm run test:fuzz                 a few seconds each, as npm test runs it
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-60}
cxx=${FUZZ_CXX:-clang++-14}

if [ ! -f build/fuzz/CMakeCache.txt ]; then
  # Ninja, as .ci/setup builds, where it is installed: `npm run fuzz` alone may run where the
  # set-up has not installed it, and Make builds the same targets.
  generator=()
  if command -v ninja >/dev/null; then generator=(-G Ninja); fi
  cmake "${generator[@]}" -S . -B build/fuzz -DCORE_FUZZ=ON -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build build/fuzz -j"$(nproc)" >/dev/null

mkdir -p build/fuzz/artifacts

# One fuzzer, its output in build/fuzz/<name>.log; its exit status is the fuzzer's.
fuzz() {
  local fuzzer=$1 name
  name=$(basename "$fuzzer")
  mkdir -p "build/fuzz/corpus/$name"
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/artifacts/$name-" \
    "build/fuzz/corpus/$name" "tests/fuzz/corpus/$name" 2>"build/fuzz/$name.log"
}

# As many fuzzers at once as there are CPUs (each is one process on one CPU), then each one's
# result in order.
fuzzers=(build/fuzz/fuzzers/*_fuzzer)
pids=()
for fuzzer in "${fuzzers[@]}"; do
  while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n || true; done
  fuzz "$fuzzer" &
  pids+=($!)
done
status=0
for i in "${!fuzzers[@]}"; do
  name=$(basename "${fuzzers[$i]}")
  printf '== %s: %s s\n' "$name" "$seconds"
  if ! wait "${pids[$i]}"; then
    tail -n 40 "build/fuzz/$name.log" >&2
    status=1
  else
    grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "build/fuzz/$name.log" | tail -n 2
  fi
done
exit $status
