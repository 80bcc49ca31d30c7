#!/usr/bin/env bash
# Installs everything, builds, and runs every test (unit, perft, engine, server, browser).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
scripts/build.sh
if [ -f tests/e2e/package.json ]; then
  (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
fi
cd build
ctest --output-on-failure -j"$(nproc)" -LE slow
