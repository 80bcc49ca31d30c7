#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Profiles the server and the load generator under `reversi-stress loadtest` with perf, and
# draws their flame graphs (scripts/flamegraph.py).
#
#   scripts/profile-hub.sh [GAMES] [SECONDS] [OUT]     (defaults: 5000 30 perf)
#
# Writes OUT/load.txt (the load test's figures), OUT/server.{folded,svg,top.txt} and
# OUT/client.{folded,svg,top.txt}. perf samples the middle third of the run (after the ramp).
# Needs perf (Debian: linux-perf) and the right to profile the processes (root, or
# kernel.perf_event_paranoid <= 1). BUILD (default build) names the build folder.
set -euo pipefail
games=${1:-5000}
seconds=${2:-30}
out=${3:-perf}
build=${BUILD:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
command -v perf >/dev/null || { echo "profile-hub.sh: perf is missing (apt-get install linux-perf)" >&2; exit 1; }
mkdir -p "$out"
db=$(mktemp -u /tmp/reversi_profile_XXXXXX.db)
port=$((20000 + RANDOM % 20000))
"$build/reversi" serve --port "$port" --db "$db" --engine-threads 1 --computer-pause-ms 0 \
    >"$out/serve.log" 2>&1 &
server=$!
cleanup() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    rm -f "$db" "$db-wal" "$db-shm"
}
trap cleanup EXIT
for _ in $(seq 50); do grep -q listening "$out/serve.log" && break; sleep 0.1; done
"$build/reversi-stress" loadtest --games "$games" --seconds "$seconds" --port "$port" \
    >"$out/load.txt" 2>&1 &
client=$!
start=$(awk -v s="$seconds" 'BEGIN { print int(s / 3) }')
span=$(awk -v s="$seconds" 'BEGIN { d = int(s / 3); print (d < 3 ? 3 : d) }')
sleep "$start"
perf record -q -F 499 --call-graph dwarf,16384 -p "$server" -o "$out/server.data" -- sleep "$span" &
perf record -q -F 499 --call-graph dwarf,16384 -p "$client" -o "$out/client.data" -- sleep "$span" &
wait %2 %3 2>/dev/null || true
wait "$client" || true
for who in server client; do
    perf script -i "$out/$who.data" 2>/dev/null |
        python3 "$here/scripts/flamegraph.py" --folded "$out/$who.folded" --svg "$out/$who.svg" \
            --title "$who, $games games" --top 40 >"$out/$who.top.txt"
done
cat "$out/load.txt"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "flame graphs: $out/server.svg $out/client.svg"
