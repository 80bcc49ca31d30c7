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
cd build
# A test that fails is run once more: the browser and server tests share two cores with
# Chromium, so a timing hiccup must not sink the run, while a real failure fails twice.
ctest --output-on-failure -j"$(nproc)" -LE slow --repeat until-pass:2
cd .. && scripts/fuzz.sh 20  # the libFuzzer harnesses, 20 s each (docs/FUZZING.md)
