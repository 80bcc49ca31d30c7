#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Nodes upgraded one at a time on PostgreSQL (docs/STORAGE.md "Upgrading nodes one at a
# time"): this build's nodes run beside a database that a newer release has migrated.
#  1. Node A (this build) migrates a new database and plays a computer move.
#  2. The next release's migration, as it would run from its first upgraded node: the version
#     goes up by one, a table is added, and `tables` and `moves` gain defaulted columns;
#     schema_compat keeps this build's OldestCompatibleSchema (it only added things).
#  3. Node A, still running, goes on: a new game's rows are written beside the new columns.
#     Node B, this build started now (an old node restarted mid-upgrade), serves the database
#     without touching it, reads A's games and makes its own.
#  4. A release that removed something raises schema_compat to its version: node C (this build)
#     refuses to start, names both versions, and leaves the database as it was.
# Runs under scripts/pg-temp.sh (REVERSI_TEST_PG: its URI). About 5 s.
# Usage: scripts/pg-temp.sh run -- pg_rolling_upgrade.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source "$(dirname "$0")/start_server.sh"
service_test_begin reversi-pgupgrade
fail() { echo "pg-upgrade: FAIL: $*"; exit 1; }
uri=${REVERSI_TEST_PG:?run under scripts/pg-temp.sh}
db="upgrade_$$"
psql -q "$uri" -c "CREATE DATABASE $db"
dburi=$(sed "s|^postgresql:///[^?]*|postgresql:///$db|" <<<"$uri")
sql() { psql -qtAX -v ON_ERROR_STOP=1 "$dburi" -c "$1"; }

serve() {
    start_server "$1" "$build/reversi" serve --db "$dburi" --port 0 --engine-threads 1 \
        --computer-pause-ms 0 || fail "node $(basename "$1" .log) did not start"
}
# new_game PORT: a table whose computer (Black) moves at once; prints its id once the move
# is stored.
new_game() {
    local made table moves
    made=$(curl -fsS -X POST "http://127.0.0.1:$1/api/tables" -H 'Content-Type: application/json' \
        -d '{"setup": {}, "seats": [{"type": "computer", "level": 1}, {"type": "human"}], "seat": 1}') ||
        fail "port $1 made no table"
    table=$(jq -r .table <<<"$made")
    for _ in $(seq 100); do
        moves=$(curl -fsSL "http://127.0.0.1:$1/api/games/$table" | jq -r '.moves | length')
        [[ $moves -ge 1 ]] && { echo "$table"; return 0; }
        sleep 0.1
    done
    fail "table $table on port $1: the computer did not move"
}

# 1.
serve "$work/a.log"
port_a=$port
version=$(sql "SELECT MAX(version) FROM schema_version")
oldest=$(sql "SELECT MAX(oldest) FROM schema_compat")
[[ $oldest -le $version ]] || fail "schema_compat $oldest above the version $version"
first=$(new_game "$port_a")

# 2.
next=$((version + 1))
sql "BEGIN;
     CREATE TABLE next_release_notes (id BIGSERIAL PRIMARY KEY, note TEXT NOT NULL);
     ALTER TABLE tables ADD COLUMN next_release_flag INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE moves ADD COLUMN next_release_ms BIGINT DEFAULT NULL;
     UPDATE schema_version SET version = $next;
     COMMIT;"

# 3.
second=$(new_game "$port_a")
serve "$work/b.log"
port_b=$port
[[ $(sql "SELECT MAX(version) FROM schema_version") == "$next" ]] ||
    fail "node B changed the newer database's version"
got=$(curl -fsSL "http://127.0.0.1:$port_b/api/games/$first" | jq -r '.moves | length')
[[ $got -ge 1 ]] || fail "node B does not read node A's game $first"
third=$(new_game "$port_b")
rows=$(sql "SELECT COUNT(*) FROM tables WHERE id IN ('$first', '$second', '$third')")
[[ $rows == 3 ]] || fail "$rows of the 3 games are stored"
[[ $(sql "SELECT COUNT(*) FROM moves WHERE next_release_ms IS NOT NULL") == 0 ]] ||
    fail "the old nodes wrote the newer column"

# 4.
sql "UPDATE schema_compat SET oldest = $next"
status=0
timeout 20 "$build/reversi" serve --db "$dburi" --port 0 --engine-threads 1 \
    >"$work/c.log" 2>&1 || status=$?
[[ $status -ne 0 && $status -ne 124 ]] || fail "node C started on an incompatible database (status $status)"
grep -q "schema version $next, newer than this server's $version" "$work/c.log" ||
    fail "node C's refusal does not say why: $(cat "$work/c.log")"
[[ $(sql "SELECT MAX(version) FROM schema_version") == "$next" ]] || fail "node C touched the version"
[[ $(sql "SELECT to_regclass('next_release_notes') IS NOT NULL") == t ]] ||
    fail "node C touched the newer tables"
curl -fsS "http://127.0.0.1:$port_a/api/health" >/dev/null || fail "node A stopped"
echo "pg-upgrade: PASS (version $version nodes beside version $next; refused once it needs $next)"
