#!/usr/bin/env bash
# The main job: install what is missing, build, and serve the game at http://localhost:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh reversi
mkdir -p data
exec build/reversi serve --port "${PORT:-8080}" --db data/reversi.db "$@"
