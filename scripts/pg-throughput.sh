#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What one PostgreSQL primary absorbs (docs/MULTINODE.md "What 100,000 games would need"):
# a throwaway PostgreSQL server with fsync on (scripts/pg-temp.sh, REVERSI_PG_DURABLE=1), one
# `reversi serve` on it (synchronous_commit on, as always), and `reversi-stress loadtest` with
# no think time, so that moves come as fast as they are acknowledged. For each number of games
# it prints the load test's figures and, from the node's /metrics, the transactions, the writes
# per transaction (the storage queue's group commit), the statements a second on the node's one
# storage connection (its writes plus BEGIN and COMMIT) and the mean commit time.
# With --delay-ms D the node reaches PostgreSQL over TCP through `reversi-stress delay-proxy`,
# which holds each direction D ms: the round trip of a primary on another machine (0.25-0.5).
# Usage: scripts/pg-throughput.sh [--delay-ms D] [SECONDS] [GAMES...]   (defaults: 15 50 200 1000)
# REVERSI: the server binary (default build/reversi, built with -DREVERSI_WITH_POSTGRES=ON);
# REVERSI_STRESS: the load client (default the reversi-stress beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
delay=""
if [ "${1:-}" = --delay-ms ]; then
  delay="$2"
  shift 2
fi
seconds="${1:-15}"
shift || true
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(50 200 1000)
bin="${REVERSI:-build/reversi}"
stress="${REVERSI_STRESS:-$(dirname "$bin")/reversi-stress}"
work="$(mktemp -d /tmp/reversi-pgtp.XXXXXX)"
pgdir="$(mktemp -d /tmp/reversi-pg.XXXXXX)"
node=""
proxy=""
cleanup() {
  [ -n "$node" ] && kill "$node" 2>/dev/null || true
  [ -n "$proxy" ] && kill "$proxy" 2>/dev/null || true
  wait 2>/dev/null || true
  scripts/pg-temp.sh stop "$pgdir" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# One counter or histogram sum/count of the node's /metrics page.
metric() {
  curl -s "http://127.0.0.1:$mport/metrics" | awk -v name="$1" '$1 == name { print $2 }'
}

for games in "${counts[@]}"; do
  # A fresh database each time: the unfinished tables of the last run stay out of the figures.
  scripts/pg-temp.sh stop "$pgdir" >/dev/null 2>&1 || true
  mkdir -p "$pgdir"
  uri="$(REVERSI_PG_DURABLE=1 scripts/pg-temp.sh start "$pgdir")"
  if [ -n "$delay" ]; then
    [ -n "$proxy" ] && kill "$proxy" 2>/dev/null && wait "$proxy" 2>/dev/null || true
    "$stress" delay-proxy --to "$pgdir/socket/.s.PGSQL.5432" --delay-ms "$delay" >"$work/proxy.log" 2>&1 &
    proxy=$!
    for _ in $(seq 1 100); do grep -q "delay-proxy on" "$work/proxy.log" && break; sleep 0.05; done
    pport="$(sed -n 's/.*on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/proxy.log")"
    [ -n "$pport" ] || { echo "the delay proxy did not start:"; cat "$work/proxy.log"; exit 1; }
    uri="postgresql://reversi@127.0.0.1:$pport/postgres"
    echo "round trip to PostgreSQL through the proxy: $(scripts/pg-temp.sh rtt "$uri") ms (direct: $(scripts/pg-temp.sh rtt "$(cat "$pgdir/uri")") ms)"
  fi
  "$bin" serve --db "$uri" --port 0 --metrics-port 0 --computer-pause-ms 0 \
    --max-connections-per-address 100000 --tables-per-minute 1000000 >"$work/node.log" 2>&1 &
  node=$!
  for _ in $(seq 1 300); do
    grep -q "listening on" "$work/node.log" && grep -q "metrics on" "$work/node.log" && break
    sleep 0.1
  done
  port="$(sed -n 's/.*listening on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/node.log")"
  mport="$(sed -n 's/.*metrics on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/node.log")"
  [ -n "$port" ] && [ -n "$mport" ] || { echo "the node did not start:"; cat "$work/node.log"; exit 1; }
  tx0="$(metric reversi_commit_seconds_count)"
  w0="$(metric reversi_storage_writes_total)"
  s0="$(metric reversi_commit_seconds_sum)"
  echo "=== $games games, no think time, $seconds s, PostgreSQL fsync on, synchronous_commit on${delay:+, ${delay} ms each way}"
  "$stress" loadtest --port "$port" --games "$games" --seconds "$seconds" --think-ms 0 \
    --ramp 1 | grep -E "moves/s|latency|errors" || true
  tx1="$(metric reversi_commit_seconds_count)"
  w1="$(metric reversi_storage_writes_total)"
  s1="$(metric reversi_commit_seconds_sum)"
  awk -v tx="$((tx1 - tx0))" -v w="$((w1 - w0))" -v s0="$s0" -v s1="$s1" -v t="$seconds" \
    'BEGIN { printf "transactions %d (%.0f/s), writes %d, writes per transaction %.1f, statements %.0f/s on the connection, mean commit %.2f ms\n",
             tx, tx / t, w, (tx ? w / tx : 0), (w + 2 * tx) / t, (tx ? 1000 * (s1 - s0) / tx : 0) }'
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  kill "$node"
  wait "$node" 2>/dev/null || true
  node=""
done
