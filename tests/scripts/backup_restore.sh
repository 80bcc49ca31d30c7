#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `reversi backup` under load and `reversi restore` (docs/OPERATIONS.md "Backups"): a server
# plays games for reversi-stress loadtest; the moves of every game as acknowledged just
# before the backup begins are read; the backup is restored into a new database and a new
# server on it must hold each of those games with at least those moves. Also: restore refuses
# a database a server is running on, and a damaged backup.
# Usage: backup_restore.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
reversi=$build/reversi
source "$(dirname "$0")/start_server.sh"
service_test_begin reversi-backup
fail() { echo "backup: FAIL: $*"; exit 1; }

# serve DB LOG: a server on DB on a free port ($port).
serve() {
    start_server "$2" "$reversi" serve --db "$1" --port 0 --engine-threads 1 \
        --tables-per-minute 100000 || fail "the server on $1 did not start"
}

serve "$work/live.db" "$work/live.log"
live=$port
"$build/reversi-stress" loadtest --port "$live" --games 32 --seconds 4 --ramp 0.5 --think-ms 30 \
    >"$work/load.log" 2>&1 &
load=$!
pids+=($load)
sleep 2

# A server is running on live.db: restore refuses it and changes nothing.
if "$reversi" restore --in "$work/live.db" --db "$work/live.db" >"$work/refused.log" 2>&1; then
    fail "restore overwrote a running server's database"
fi
grep -q "a server is running on" "$work/refused.log" || fail "refusal: $(cat "$work/refused.log")"

# Every running game's acknowledged moves just before the backup begins.
curl -fsS "http://127.0.0.1:$live/api/tables" | jq -r '.tables[].id' >"$work/ids"
[[ $(wc -l <"$work/ids") -ge 20 ]] || fail "only $(wc -l <"$work/ids") games under load"
while read -r id; do
    echo "$id $(curl -fsS "http://127.0.0.1:$live/api/games/$id" | jq -r '.moves | join(",")')"
done <"$work/ids" >"$work/before"
"$reversi" backup --db "$work/live.db" --out "$work/backup.db" >"$work/backup.log" 2>&1 ||
    fail "backup: $(cat "$work/backup.log")"
sed -n 1p "$work/backup.log"
wait "$load" || fail "the load test failed: $(tail -5 "$work/load.log")"

# A damaged backup is refused.
cp "$work/backup.db" "$work/damaged.db"
printf 'garbage!' | dd of="$work/damaged.db" bs=1 seek=100 conv=notrunc status=none
if "$reversi" restore --in "$work/damaged.db" --db "$work/other.db" >"$work/damaged.log" 2>&1; then
    fail "a damaged backup was restored"
fi

"$reversi" restore --in "$work/backup.db" --db "$work/restored.db" >"$work/restore.log" 2>&1 ||
    fail "restore: $(cat "$work/restore.log")"
serve "$work/restored.db" "$work/restored.log"
moves=0
while read -r id before; do
    after=$(curl -fsS "http://127.0.0.1:$port/api/games/$id" | jq -r '.moves | join(",")') ||
        fail "game $id is missing from the restored database"
    [[ -z $before || "$after," == "$before,"* ]] || fail "game $id: before the backup $before, restored $after"
    # grep -c exits 1 when it counts 0 (a table made just before the list had no move yet),
    # which would end the script here, silently, under set -e.
    moves=$((moves + $(tr ',' '\n' <<<"$before" | grep -c . || true)))
done <"$work/before"
[[ $moves -gt 0 ]] || fail "no moves were played before the backup"
echo "backup: PASS ($(wc -l <"$work/before") games, $moves moves acknowledged before the backup, all restored)"
