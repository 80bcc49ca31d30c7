#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The load figures of several nodes on one PostgreSQL (docs/MULTINODE.md "Load figures"): starts
# a throwaway PostgreSQL server (scripts/pg-temp.sh), NODES `reversi serve` processes on it,
# and spreads GAMES games over them with as many `reversi-stress loadtest` processes as the
# open-file limit needs (PER_CLIENT games each, two sockets a game, so 6,000 keep one under
# 20,000 files), each with --connect to every node: every table is made on a random node and
# joined through a random one, each player connects to a random node, and 307s and `moved`
# errors are followed to the table's owner, as the web client does. It prints each load
# process's figures, their sum (acknowledged moves a second, errors) and each node's own view
# from its /metrics (`reversi-stress node-metrics`: moves, move p50/p99/p99.9 without the
# client's delays, loop lag, commit p99, RSS).
#
# Options (before the positional ones, which stay as before):
#   --per-client C   games per load process (default 6000)
#   --ramp S         seconds over which each process starts its games (default 5; 20+ for 10,000)
#   --delay-ms D     the nodes reach PostgreSQL through `reversi-stress delay-proxy`, D ms each
#                    way (a primary on another machine); default: its Unix socket
#   --durable        PostgreSQL with fsync on (REVERSI_PG_DURABLE=1) instead of the tests' off
#   --compare        first the same per-node load on SQLite: one node alone with GAMES/NODES
#                    games, then NODES independent SQLite nodes with GAMES/NODES each
#   --kill-after K   then a node killed under load: `reversi-stress failover` on NODES fresh
#                    nodes of the same PostgreSQL with min(GAMES, PER_CLIENT) games started over
#                    the ramp; node 0 is SIGKILLed K s in (K past the ramp, so that every table
#                    has moves): its tables taken over, acknowledged moves lost (must be 0), time
#                    to serve again, and the survivors' own figures during the takeover (from
#                    just before the kill to the lease ttl + 3 s later) and over the 10 s
#                    before it
#   --lease-ttl T    the nodes' --lease-ttl for --kill-after (default 10)
#   --kill-only      only the kill of --kill-after: no load run before it (nor --compare)
# Usage: scripts/multinode-load.sh [options] [NODES] [GAMES] [SECONDS] [compare]
#        (defaults 2 1000 20; `compare` as 4th argument is --compare)
# Full size (docs/MULTINODE.md "Ten thousand games on two nodes"), about 6 minutes:
#   timeout 900 scripts/multinode-load.sh --durable --delay-ms 0.3 --ramp 20 --compare \
#     --kill-after 20 2 10000 60
# REVERSI: the server binary (default build/reversi, built with -DREVERSI_WITH_POSTGRES=ON);
# REVERSI_STRESS: the load client (default the reversi-stress beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
per_client=6000 ramp=5 delay="" compare="" kill_after="" ttl=10 kill_only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --per-client) per_client="$2"; shift 2 ;;
    --ramp) ramp="$2"; shift 2 ;;
    --delay-ms) delay="$2"; shift 2 ;;
    --durable) export REVERSI_PG_DURABLE=1; shift ;;
    --compare) compare=compare; shift ;;
    --kill-after) kill_after="$2"; shift 2 ;;
    --lease-ttl) ttl="$2"; shift 2 ;;
    --kill-only) kill_only=1; compare=""; shift ;;
    --*) echo "multinode-load: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
nodes="${1:-2}" games="${2:-1000}" seconds="${3:-20}"
[ "${4:-}" = compare ] && [ -z "$kill_only" ] && compare=compare
[ -z "$kill_only" ] || [ -n "$kill_after" ] ||
  { echo "multinode-load: --kill-only needs --kill-after" >&2; exit 2; }
if [ -n "$kill_after" ]; then
  awk -v k="$kill_after" -v r="$ramp" 'BEGIN { exit !(k > r) }' ||
    { echo "multinode-load: --kill-after must be past the ramp ($ramp s)" >&2; exit 2; }
fi
bin="${REVERSI:-build/reversi}"
stress="${REVERSI_STRESS:-$(dirname "$bin")/reversi-stress}"
work="$(mktemp -d /tmp/reversi-multinode.XXXXXX)"
# A directory of its own: as root the server runs as `postgres`, who cannot enter $work.
pgdir="$(mktemp -d /tmp/reversi-pg.XXXXXX)"
pids=()  # every process this script started and may still have to stop
seed_base=0  # the load processes' seeds, different in every setup
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/pg-temp.sh stop "$pgdir" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
# The nodes inherit the limit: 5,000 games are 10,000 sockets in each (the load clients and
# the failover client raise their own).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "multinode-load: $nodes nodes, $games games, $seconds s, $per_client games a load process," \
  "open files $(ulimit -n); load average $(cut -d' ' -f1-3 /proc/loadavg)"

# start_node NAME DB [SERVE_ARGS...]: starts a node, sets $node_port, $node_mport, $node_pid.
start_node() {
  local name="$1" db="$2"
  shift 2
  "$bin" serve --db "$db" --port 0 --metrics-port 0 --computer-pause-ms 0 \
    --max-connections-per-address 100000 --tables-per-minute 1000000 "$@" \
    >"$work/$name.log" 2>&1 &
  node_pid=$!
  pids+=("$node_pid")
  for _ in $(seq 1 600); do
    grep -q "listening on" "$work/$name.log" && grep -q "metrics on" "$work/$name.log" && break
    sleep 0.1
  done
  node_port="$(sed -n 's/.*listening on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/$name.log")"
  node_mport="$(sed -n 's/.*metrics on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/$name.log")"
  [ -n "$node_port" ] && [ -n "$node_mport" ] || { echo "$name did not start:"; cat "$work/$name.log"; exit 1; }
}

# load LABEL GAMES CONNECT_ARGS...: GAMES games over as many load processes as PER_CLIENT
# allows, all at once; prints each one's figures and the sum. Fails on any error.
load() {
  local label="$1" total="$2"
  shift 2
  local procs=$(((total + per_client - 1) / per_client)) i share lpids=()
  seed_base=$((seed_base + 100))
  for i in $(seq 1 "$procs"); do
    share=$((total / procs + (i <= total % procs ? 1 : 0)))
    # A seed each: processes with the same one would move in step (bursts no site sees).
    "$stress" loadtest "$@" --games "$share" --seconds "$seconds" --ramp "$ramp" \
      --seed "$((seed_base + i))" >"$work/$label.load$i" 2>&1 &
    lpids+=($!)
  done
  local status=0
  for p in "${lpids[@]}"; do wait "$p" || status=1; done
  for i in $(seq 1 "$procs"); do
    echo "--- load process $i of $procs"
    grep -E "^concurrent games|^games started|^moves |^latency ms|^client loop lag|^errors|^  |^nodes |^cpu s" \
      "$work/$label.load$i" || true
  done
  cat "$work/$label".load* | awk -v procs="$procs" '
    /^concurrent games/ { games += $3 }
    /^moves / { moves += $2; rate += $3 }
    /^errors / { errors += $2 }
    END { printf "sum of %d load processes: games %d, acknowledged moves %d, %.0f moves/s, errors %d\n",
                 procs, games, moves, rate, errors }'
  return "$status"
}

status=0
if [ "$compare" = compare ]; then
  per_node=$((games / nodes))
  echo "=== 1 x $per_node games, one node on SQLite"
  start_node sqlite1 "$work/one.db"
  load sqlite1 "$per_node" --connect "http://127.0.0.1:$node_port" || status=1
  "$stress" node-metrics --port "$node_mport" --pid "$node_pid" --label "node 1 (SQLite)" ||
    status=1
  kill "$node_pid"; wait "$node_pid" 2>/dev/null || true
  echo "=== $nodes x $per_node games, $nodes independent nodes on SQLite (each its own load)"
  lpids=() mports=() npids=()
  for i in $(seq 1 "$nodes"); do
    start_node "sqlite-n$i" "$work/n$i.db"
    mports+=("$node_mport") npids+=("$node_pid")
    seed_base=$((seed_base + 1000))  # load() runs in a subshell here: its own seeds
    load "sqlite-n$i" "$per_node" --connect "http://127.0.0.1:$node_port" >"$work/sqlite-n$i.sum" 2>&1 &
    lpids+=($!)
  done
  for p in "${lpids[@]}"; do wait "$p" || status=1; done
  for i in $(seq 1 "$nodes"); do
    echo "--- node $i's load"
    cat "$work/sqlite-n$i.sum"
    "$stress" node-metrics --port "${mports[$((i - 1))]}" --pid "${npids[$((i - 1))]}" \
      --label "node $i (SQLite)" || status=1
  done
  for p in "${npids[@]}"; do kill "$p"; wait "$p" 2>/dev/null || true; done
fi

uri="$(scripts/pg-temp.sh start "$pgdir")"
pg_socket="$pgdir/socket/.s.PGSQL.5432"
if [ -n "$delay" ]; then
  "$stress" delay-proxy --to "$pg_socket" --delay-ms "$delay" >"$work/proxy.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do grep -q "delay-proxy on" "$work/proxy.log" && break; sleep 0.05; done
  pport="$(sed -n 's/.*on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/proxy.log")"
  [ -n "$pport" ] || { echo "the delay proxy did not start:"; cat "$work/proxy.log"; exit 1; }
  uri="postgresql://reversi@127.0.0.1:$pport/postgres"
  echo "round trip to PostgreSQL through the proxy: $(scripts/pg-temp.sh rtt "$uri") ms (direct: $(scripts/pg-temp.sh rtt "$(cat "$pgdir/uri")") ms)"
fi
fsync=off
[ "${REVERSI_PG_DURABLE:-0}" = 1 ] && fsync=on
where="PostgreSQL (fsync $fsync${delay:+, ${delay} ms each way through delay-proxy})"
if [ -z "$kill_only" ]; then
  connect=() mports=() npids=()
  for i in $(seq 1 "$nodes"); do
    start_node "pg-n$i" "$uri"
    connect+=("--connect" "http://127.0.0.1:$node_port")
    mports+=("$node_mport") npids+=("$node_pid")
  done
  echo "=== $games games over $nodes nodes on one $where"
  load pg "$games" "${connect[@]}" || status=1
  for i in $(seq 1 "$nodes"); do
    "$stress" node-metrics --port "${mports[$((i - 1))]}" --pid "${npids[$((i - 1))]}" \
      --label "node $i (PostgreSQL)" || status=1
  done
  for p in "${npids[@]}"; do kill "$p"; wait "$p" 2>/dev/null || true; done
fi

if [ -n "$kill_after" ]; then
  kgames=$((games < per_client ? games : per_client))
  # Time for every game to end after the kill: one survivor carries them all (6,000 games,
  # about 60 plies of 0.5 s think and the node's latency each), and on a shared machine 60 s
  # after the lease left 3,548 games unfinished. The run ends once every game is over.
  kseconds=$(awk -v s="$seconds" -v k="$kill_after" -v t="$ttl" 'BEGIN { m = k + t + 120; print (s > m ? s : m) }')
  echo "=== node 0 of $nodes killed (SIGKILL) after $kill_after s under $kgames games, lease ttl $ttl s, $where"
  REVERSI_TEST_PG="$uri" "$stress" failover --server-binary "$bin" --nodes "$nodes" \
    --games "$kgames" --lease-ttl "$ttl" --kill-after "$kill_after" --seconds "$kseconds" \
    --think-ms 500 --ramp "$ramp" --serve-arg=--metrics-port=0 --dir "$work/failover" --keep \
    >"$work/failover.out" 2>&1 &
  fpid=$!
  pids+=("$fpid")
  # The nodes are started once it names its files; a failover that never got there (its
  # nodes did not start) is reported with its output, not left to a missing node log.
  for _ in $(seq 1 3000); do
    grep -q "files in" "$work/failover.out" && break
    kill -0 "$fpid" 2>/dev/null || break
    sleep 0.1
  done
  if ! grep -q "files in" "$work/failover.out"; then
    echo "multinode-load: the failover run did not start its nodes:" >&2
    cat "$work/failover.out" >&2
    exit 1
  fi
  # The survivors' own figures over the 10 s before the kill too (when the run is that long),
  # so that what the takeover adds to their tail is seen beside what they had before.
  early=$(awk -v k="$kill_after" 'BEGIN { print (k > 11 ? 1 : 0) }')
  survivors=()
  for i in $(seq 1 $((nodes - 1))); do
    mp="$(sed -n 's/.*metrics on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$work/failover/node$i.out")"
    survivors+=("$mp")
  done
  if [ "$early" = 1 ]; then
    sleep "$(awk -v k="$kill_after" 'BEGIN { print k - 10.5 }')"
    for i in $(seq 1 $((nodes - 1))); do
      "$stress" node-metrics --port "${survivors[$((i - 1))]}" --save "$work/early$i" \
        --label "node $i early" >/dev/null || true
    done
    sleep 10
  else
    sleep "$(awk -v k="$kill_after" 'BEGIN { print (k > 0.5 ? k - 0.5 : 0) }')"
  fi
  for i in $(seq 1 $((nodes - 1))); do
    mp="${survivors[$((i - 1))]}"
    if [ "$early" = 1 ]; then
      "$stress" node-metrics --port "$mp" --since "$work/early$i" --save "$work/before$i" \
        --label "node $i before the kill (kill - 10.5 s to kill - 0.5 s)" || true
    else
      "$stress" node-metrics --port "$mp" --save "$work/before$i" --label "node $i before" >/dev/null || true
    fi
  done
  sleep "$(awk -v t="$ttl" 'BEGIN { print t + 3.5 }')"
  for i in $(seq 1 $((nodes - 1))); do
    "$stress" node-metrics --port "${survivors[$((i - 1))]}" --since "$work/before$i" \
      --label "node $i during the takeover (kill - 0.5 s to kill + ttl + 3 s)" || status=1
  done
  wait "$fpid" || status=1
  grep -vE "^failover: [0-9]+ nodes" "$work/failover.out" | grep -v "files kept in" || true
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
