#!/usr/bin/env bash
# Builds the whole project with its tests under AddressSanitizer and UndefinedBehaviorSanitizer
# (gcc, REVERSI_SANITIZE) into build-asan/ and runs the test suite there. Any sanitizer
# report fails its test: UBSan halts on the first error, ASan also checks for leaks.
# Usage: scripts/sanitize.sh [CTEST ARGS...]
#   default: every test but the slow ones and the browser test (-LE "slow|e2e");
#   e.g. scripts/sanitize.sh -L core   or   scripts/sanitize.sh -LE slow   (browser included)
# REVERSI_SANITIZERS overrides the list (default address,undefined). docs/FUZZING.md.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=${REVERSI_SANITIZERS:-address,undefined}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
mkdir -p build-asan
echo '*' > build-asan/.gitignore
# -O2 with debug information and assertions: fast enough for the perft and engine tests.
cmake -S . -B build-asan "${launcher[@]}" -DCMAKE_CXX_COMPILER=g++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g" \
  -DREVERSI_SANITIZE="$sanitizers" >/dev/null
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
if [ $# -eq 0 ]; then set -- -LE "slow|e2e"; fi
cd build-asan
ctest --output-on-failure -j"$(nproc)" "$@"
