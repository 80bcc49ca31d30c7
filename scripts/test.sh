#!/usr/bin/env bash
# Installs everything, builds, and runs every test (unit, perft, engine, server, browser).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
# With the PostgreSQL store: the storage tests run against both back ends (the CTest
# storage_postgres starts a throwaway server, scripts/pg-temp.sh; docs/STORAGE.md).
REVERSI_CMAKE_OPTIONS="-DREVERSI_WITH_POSTGRES=ON" scripts/build.sh
if [ -f tests/e2e/package.json ]; then
  (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
fi
# The fuzz harnesses' clang build (docs/FUZZING.md) runs beside the tests at the lowest
# priority: it takes only the processor time the tests leave idle (the browser and network tests
# wait more than they compute).
fuzz_log=build/fuzz-build.log
nice -n 19 scripts/fuzz.sh --build-only 5 >"$fuzz_log" 2>&1 &
fuzz_build=$!
cd build
# A test that fails is run once more: the browser and server tests share two cores with
# Chromium, so a timing hiccup must not sink the run, while a real failure fails twice.
# Every part runs even after one fails, so a run reports all its failures. A test that sets no
# TIMEOUT of its own (the GoogleTest cases among them, each a few seconds) is stopped after
# 300 s: a test that hangs fails, and is tried once more, instead of holding the run forever.
status=0
ctest --output-on-failure -j"$(nproc)" -LE 'slow|e2e' --repeat until-pass:2 --timeout 300 || status=1
# The browser tests after the others, two modules at a time: beside CPU-bound unit tests a
# browser test takes twice as long (tests/e2e/e2e_tests.cmake).
ctest --output-on-failure -j2 -L e2e --repeat until-pass:2 --timeout 600 || status=1
cd ..
if ! wait "$fuzz_build"; then
  cat "$fuzz_log"
  status=1
fi
tail -n 1 "$fuzz_log"
scripts/fuzz.sh 5 || status=1  # the libFuzzer harnesses, 5 s each (docs/FUZZING.md)
exit $status
