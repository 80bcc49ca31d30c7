#!/usr/bin/env bash
# Usage: reprosearch.sh REVERSI
# Runs the bench twice; the node counts must be equal (a search is a function of its input).
set -euo pipefail
first=$("$1" bench --quiet | tail -n 1)
second=$("$1" bench --quiet | tail -n 1)
if [ "$first" != "$second" ]; then
  echo "bench not reproducible: '$first' then '$second'"
  exit 1
fi
echo "bench reproducible: $first"
