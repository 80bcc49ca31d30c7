#!/usr/bin/env bash
# Usage: perft_check.sh REVERSI EXPECTED DEPTH [perft flags...]
# Runs `reversi perft` and checks the integer at the end of its last line.
set -euo pipefail
bin=$1 expected=$2
shift 2
out=$("$bin" perft "$@" 2>/dev/null)
got=$(printf '%s\n' "$out" | tail -n 1 | grep -oE '[0-9]+$' || true)
if [ "$got" != "$expected" ]; then
  echo "perft $*: expected $expected, got '${got}'"
  exit 1
fi
echo "perft $*: $got ok"
