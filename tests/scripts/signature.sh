#!/usr/bin/env bash
# Usage: signature.sh [N] [REVERSI]
# Runs `reversi bench` and checks that its last line, "Nodes searched: N", matches N. Without
# N, prints the signature. N defaults to the latest "Bench:" value in tests/bench_signature.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
expected=${1:-}
bin=${2:-$here/../../build/reversi}
if [ -z "$expected" ]; then
  expected=$(grep -oE '^Bench: [0-9]+' "$here/../bench_signature.txt" | tail -n 1 | grep -oE '[0-9]+' || true)
fi
got=$("$bin" bench --quiet 2>/dev/null | tail -n 1 | grep -oE '[0-9]+$' || true)
if [ -z "$got" ]; then
  echo "signature: bench printed no node count"
  exit 1
fi
if [ -n "$expected" ] && [ "$got" != "$expected" ]; then
  echo "signature mismatch: expected $expected, got $got"
  exit 1
fi
echo "signature $got ok"
