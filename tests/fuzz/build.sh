#!/usr/bin/env bash
# Builds the libFuzzer targets into build/fuzz/fuzzers/ (clang-14, AddressSanitizer and
# UndefinedBehaviorSanitizer; only what a changed source needs). tests/fuzz/run.sh runs it before
# it fuzzes; npm test runs it on its own beside the other tests (.ci/test).
#   FUZZ_CXX=clang++-15 bash tests/fuzz/build.sh    another clang
set -euo pipefail
cd "$(dirname "$0")/../.."
cxx=${FUZZ_CXX:-clang++-14}

if [ ! -f build/fuzz/CMakeCache.txt ]; then
  # Ninja, as .ci/setup builds, where it is installed: `npm run fuzz` alone may run where the
  # set-up has not installed it, and Make builds the same targets.
  generator=()
  if command -v ninja >/dev/null; then generator=(-G Ninja); fi
  cmake "${generator[@]}" -S . -B build/fuzz -DCORE_FUZZ=ON -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build build/fuzz -j"$(nproc)" >/dev/null
