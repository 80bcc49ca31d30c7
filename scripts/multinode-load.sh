#!/usr/bin/env bash
# The load figures of several nodes on one PostgreSQL (docs/MULTINODE.md): starts a throwaway
# PostgreSQL server (scripts/pg-temp.sh), NODES `reversi serve` processes on it, and one
# `reversi loadtest` per node at the same time, each playing GAMES/NODES games against its
# node; prints each load test's figures (add the moves/s; the latencies are per node).
# Usage: scripts/multinode-load.sh [NODES] [GAMES] [SECONDS]   (defaults 2 1000 30)
# REVERSI: the binary (default build/reversi, built with -DREVERSI_WITH_POSTGRES=ON).
set -euo pipefail
cd "$(dirname "$0")/.."
nodes="${1:-2}" games="${2:-1000}" seconds="${3:-30}"
bin="${REVERSI:-build/reversi}"
work="$(mktemp -d /tmp/reversi-multinode.XXXXXX)"
# A directory of its own: as root the server runs as `postgres`, who cannot enter $work.
pgdir="$(mktemp -d /tmp/reversi-pg.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/pg-temp.sh stop "$pgdir" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
uri="$(scripts/pg-temp.sh start "$pgdir")"
ports=()
for i in $(seq 1 "$nodes"); do
  "$bin" serve --db "$uri" --port 0 --computer-pause-ms 0 >"$work/node$i.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do
    grep -q "listening on" "$work/node$i.log" && break
    sleep 0.1
  done
  ports+=("$(sed -n 's/.*listening on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/node$i.log")")
done
echo "nodes on ports ${ports[*]}, database $uri"
loads=()
for i in $(seq 1 "$nodes"); do
  "$bin" loadtest --port "${ports[$((i - 1))]}" --games $((games / nodes)) --seconds "$seconds" \
    >"$work/load$i.txt" 2>&1 &
  loads+=($!)
done
status=0
for p in "${loads[@]}"; do wait "$p" || status=1; done
for i in $(seq 1 "$nodes"); do
  echo "--- node $i"
  cat "$work/load$i.txt"
done
exit "$status"
