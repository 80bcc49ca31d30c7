#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The PostgreSQL backup of docs/OPERATIONS.md, as written there: pg_dump of a database a node
# is serving, pg_restore into a new database, a node started on it holds the game as
# acknowledged before the dump. Runs under scripts/pg-temp.sh (REVERSI_TEST_PG: its URI).
# Usage: scripts/pg-temp.sh run -- pg_backup_restore.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source "$(dirname "$0")/start_server.sh"
service_test_begin reversi-pgbackup
fail() { echo "pg-backup: FAIL: $*"; exit 1; }
uri=${REVERSI_TEST_PG:?run under scripts/pg-temp.sh}
db_uri() { sed "s|^postgresql:///[^?]*|postgresql:///$1|" <<<"$uri"; }
suffix=$$
psql -q "$uri" -c "CREATE DATABASE live_$suffix" -c "CREATE DATABASE restored_$suffix"
live=$(db_uri "live_$suffix")
restored=$(db_uri "restored_$suffix")

# serve URI LOG: a node on URI on a free port ($port); short leases, so that a node on the
# restored database takes the dumped node's tables over at once.
serve() {
    start_server "$2" "$build/reversi" serve --db "$1" --port 0 --engine-threads 1 \
        --computer-pause-ms 0 --lease-ttl 1 || fail "the node on $1 did not start"
}

serve "$live" "$work/live.log"
made=$(curl -fsS -X POST "http://127.0.0.1:$port/api/tables" -H 'Content-Type: application/json' \
    -d '{"setup": {}, "seats": [{"type": "computer", "level": 1}, {"type": "human"}], "seat": 1}')
table=$(jq -r .table <<<"$made")
moves=
for _ in $(seq 100); do
    moves=$(curl -fsS "http://127.0.0.1:$port/api/games/$table" | jq -r '.moves | join(",")')
    [[ -n $moves ]] && break
    sleep 0.1
done
[[ -n $moves ]] || fail "the computer did not move"
pg_dump --format=custom --file="$work/reversi.dump" "$live" || fail "pg_dump"
kill "${pids[0]}"
wait "${pids[0]}" || true
pg_restore --no-owner --dbname="$restored" "$work/reversi.dump" || fail "pg_restore"
serve "$restored" "$work/restored.log"
got=
for _ in $(seq 50); do
    got=$(curl -fsS "http://127.0.0.1:$port/api/games/$table" | jq -r '.moves | join(",")' || true)
    [[ -n $got ]] && break
    sleep 0.2
done
[[ $got == "$moves" ]] || fail "restored game $table: $got, dumped with $moves"
echo "pg-backup: PASS (game $table with $moves restored from pg_dump)"
