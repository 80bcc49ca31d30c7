#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, AddressSanitizer + UndefinedBehaviorSanitizer) into
# build-fuzz/ and runs each for SECONDS over its seed corpus and saved regressions; exits
# non-zero on any finding. docs/FUZZING.md describes the harnesses and their properties.
# Usage: scripts/fuzz.sh [--build-only] [SECONDS]
#        (default 30; scripts/fuzz.sh 3600 is the long run). scripts/test.sh builds with
#        --build-only beside the other tests, then runs `scripts/fuzz.sh 5`, which finds the
#        harnesses built.
# Two harnesses run at a time (FUZZ_JOBS overrides). Each run starts from the seed corpora and
# saved regressions; FUZZ_KEEP_CORPUS=1 goes on from what earlier runs found instead.
# Findings: build-fuzz/fuzz/runs/NAME/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
step=all
if [ "${1:-}" = --build-only ]; then step=build; shift; fi
seconds=${1:-30}
jobs=${FUZZ_JOBS:-2}
start=$(date +%s)
# clang with libFuzzer and the sanitizer runtimes (Debian: clang libfuzzer-14-dev libclang-rt-14-dev).
probe='extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }'
if ! command -v clang++ >/dev/null ||
   ! echo "$probe" | clang++ -x c++ -fsanitize=fuzzer,address,undefined - -o /dev/null 2>/dev/null; then
  echo "fuzz.sh needs clang with libFuzzer: apt-get install clang libfuzzer-14-dev libclang-rt-14-dev" >&2
  exit 1
fi
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
mkdir -p build-fuzz
echo '*' > build-fuzz/.gitignore
# Only the libraries the harnesses link and the harnesses themselves are built (no tests, no
# CLI); -O1 with assertions on, as fuzzing wants, and line tables only: a finding's stack
# names file and line, and the build is quicker than with full debug information.
cmake -S . -B build-fuzz "${launcher[@]}" -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
  -DREVERSI_FUZZ=ON -DREVERSI_BUILD_TESTS=OFF -DREVERSI_FUZZ_SECONDS="$seconds" >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzzers
built=$(date +%s)
if [ "$step" = build ]; then
  echo "fuzz harnesses built in $((built - start)) s"
  exit 0
fi
status=0
ctest --test-dir build-fuzz/fuzz -L fuzz -j"$jobs" --output-on-failure || status=$?
echo
echo "Executions per harness ($seconds s each):"
for log in build-fuzz/fuzz/runs/*/log; do
  name=$(basename "$(dirname "$log")")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  found=$(find "build-fuzz/fuzz/runs/$name/artifacts" -type f | wc -l)
  printf '  %-14s %10s executions, %s finding(s) saved\n' "$name" "${execs:-?}" "$found"
done
end=$(date +%s)
echo "build $((built - start)) s, fuzzing $((end - built)) s, total $((end - start)) s"
if [ $status -ne 0 ]; then
  echo "fuzz: FINDINGS (see above; inputs in build-fuzz/fuzz/runs/*/artifacts)" >&2
fi
exit $status
