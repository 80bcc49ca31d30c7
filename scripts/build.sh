#!/usr/bin/env bash
# Configures and builds the project (Release) into build/: build/reversi, and beside it
# build/reversi-stress (the server's load, chaos and failover tests).
# Usage: scripts/build.sh [TARGET...]   (default: everything, tests included)
# REVERSI_CMAKE_OPTIONS: more cmake options, e.g. -DREVERSI_WITH_POSTGRES=ON (scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086  # several options, split on spaces
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release ${REVERSI_CMAKE_OPTIONS:-} >/dev/null
if [ $# -gt 0 ]; then
  for target in "$@"; do cmake --build build -j"$(nproc)" --target "$target"; done
else
  cmake --build build -j"$(nproc)"
fi
