#!/usr/bin/env bash
# The load figures of several nodes on one PostgreSQL (docs/MULTINODE.md "Load figures"):
# starts a throwaway PostgreSQL server (scripts/pg-temp.sh), NODES `reversi serve` processes on
# it, and one `reversi-stress loadtest` that spreads GAMES games over all of them (--connect
# each node): every table is made on a random node and joined through a random one, each player
# connects to a random node, and 307s and WebSocket `moved` errors are followed to the
# table's owner (the figures end with how many). With `compare` as 4th argument it first runs
# the same load against one node on SQLite and one node on PostgreSQL, in the same session.
# Usage: scripts/multinode-load.sh [NODES] [GAMES] [SECONDS] [compare]   (defaults 2 1000 20)
# REVERSI: the server binary (default build/reversi, built with -DREVERSI_WITH_POSTGRES=ON);
# REVERSI_STRESS: the load client (default the reversi-stress beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
nodes="${1:-2}" games="${2:-1000}" seconds="${3:-20}" compare="${4:-}"
bin="${REVERSI:-build/reversi}"
stress="${REVERSI_STRESS:-$(dirname "$bin")/reversi-stress}"
work="$(mktemp -d /tmp/reversi-multinode.XXXXXX)"
# A directory of its own: as root the server runs as `postgres`, who cannot enter $work.
pgdir="$(mktemp -d /tmp/reversi-pg.XXXXXX)"
# The one-node PostgreSQL run has a server of its own: its unfinished tables would otherwise be
# taken over by the nodes of the next run.
pgdir1="$(mktemp -d /tmp/reversi-pg1.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/pg-temp.sh stop "$pgdir" >/dev/null 2>&1 || true
  scripts/pg-temp.sh stop "$pgdir1" >/dev/null 2>&1 || true
  rm -rf "$pgdir1"
  rm -rf "$work"
}
trap cleanup EXIT
uri="$(scripts/pg-temp.sh start "$pgdir")"

status=0
if [ "$compare" = compare ]; then
  echo "=== one node, SQLite"
  "$stress" loadtest --server-binary "$bin" --games "$games" --seconds "$seconds" || status=1
  echo "=== one node, PostgreSQL"
  uri1="$(scripts/pg-temp.sh start "$pgdir1")"
  "$stress" loadtest --server-binary "$bin" --games "$games" --seconds "$seconds" \
    "--serve-arg=--db=$uri1" || status=1
  scripts/pg-temp.sh stop "$pgdir1" >/dev/null
fi

connect=()
for i in $(seq 1 "$nodes"); do
  "$bin" serve --db "$uri" --port 0 --computer-pause-ms 0 >"$work/node$i.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do
    grep -q "listening on" "$work/node$i.log" && break
    sleep 0.1
  done
  port="$(sed -n 's/.*listening on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/node$i.log")"
  [ -n "$port" ] || { echo "node $i did not start:"; cat "$work/node$i.log"; exit 1; }
  connect+=("--connect" "http://127.0.0.1:$port")
done
echo "=== $nodes nodes, one PostgreSQL (${connect[*]})"
"$stress" loadtest "${connect[@]}" --games "$games" --seconds "$seconds" || status=1
exit "$status"
