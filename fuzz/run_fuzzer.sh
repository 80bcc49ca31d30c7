#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs one libFuzzer harness for a bounded time (the CTest of fuzz/CMakeLists.txt).
# Usage: run_fuzzer.sh BINARY NAME SECONDS FUZZ_SOURCE_DIR RUNS_DIR [DICT]
# The harness starts from its seed corpus (fuzz/corpus/NAME) and its saved regressions
# (fuzz/regressions/NAME); new inputs go to RUNS_DIR/NAME/corpus,
# which is emptied first unless FUZZ_KEEP_CORPUS=1 (then a run goes on from what earlier runs
# found, and starts slower as that grows). A finding is saved in RUNS_DIR/NAME/artifacts and
# fails the test. The last line printed is "fuzz NAME: N executions in S s".
set -u
bin=$1 name=$2 seconds=$3 src=$4 runs=$5 dict=${6:--}
[ "$dict" = - ] && dict=
work="$runs/$name"
if [ "${FUZZ_KEEP_CORPUS:-0}" != 1 ]; then rm -rf "$work/corpus"; fi
mkdir -p "$work/corpus" "$work/artifacts" "$work/earlier-artifacts"
# Findings of an earlier run are kept, but apart: this run reports only its own.
find "$work/artifacts" -type f -exec mv -t "$work/earlier-artifacts" {} +
dirs=("$work/corpus" "$src/corpus/$name")
if [ -d "$src/regressions/$name" ]; then
  dirs+=("$src/regressions/$name")
fi
args=(-max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1
      -artifact_prefix="$work/artifacts/")
if [ -n "$dict" ]; then args+=(-dict="$dict"); fi
# The hub logs refused internals to stderr; keep the log, print a summary.
"$bin" "${args[@]}" "${dirs[@]}" >"$work/log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
if [ $rc -ne 0 ]; then
  echo "---- last lines of $work/log"
  tail -n 80 "$work/log"
  echo "---- findings in $work/artifacts:"
  ls -l "$work/artifacts"
fi
echo "fuzz $name: ${execs:-?} executions in $seconds s, exit $rc"
exit $rc
