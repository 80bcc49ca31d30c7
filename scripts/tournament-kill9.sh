#!/usr/bin/env bash
# Usage: scripts/tournament-kill9.sh [BUILD_DIR] [PLAYERS]
#        scripts/tournament-kill9.sh --postgres [BUILD_DIR] [PLAYERS] [SECONDS] [KILL_AFTER]
# A tournament through a kill -9 of its server (issue 31): `reversi-stress loadtest --arena`
# plays an arena of PLAYERS (default 20) against a server on a temporary SQLite store; once
# 100 games are stored the server is SIGKILLed and started again on the same store. Prints the
# games the tournament counts against the tables stored: every finished table must be counted
# and every playing table known to it as pending (none lost).
# --postgres: the same through the death of its node (docs/MULTINODE.md "Tournaments across
# nodes"): nodes A and B on one throwaway PostgreSQL (scripts/pg-temp.sh; leases of 2 s), A
# leads the tournaments; the players are on B, so their games are made on A and reached
# through B. An arena of SECONDS (default 20, at least 3) is SIGKILLed with A once KILL_AFTER
# (default 20) of its games are over; B must lead and serve it within the lease time, play the
# arena to its end (the players reopen their dropped tables through B), and count every game
# of it. Prints the takeover times and the games before and after. It starts its own
# throwaway PostgreSQL unless $REVERSI_TEST_PG names an empty database to use. KEEP=DIR keeps
# the run's logs, documents and unfinished tables in DIR.
if [ "${1:-}" = --postgres ]; then
  shift
  if [ -z "${REVERSI_TEST_PG:-}" ]; then
    exec "$(dirname "$0")/pg-temp.sh" run -- "$0" --postgres "$@"
  fi
  set -euo pipefail
  build=$(cd "${1:-build}" && pwd)
  players=${2:-20}
  seconds=${3:-20}
  kill_after=${4:-20}
  dir=$(mktemp -d)
  trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$dir"' EXIT
  cd "$dir"
  sql() { psql "$REVERSI_TEST_PG" -XAtq -c "$1"; }
  now() { date +%s.%N; }
  port_of() { grep -o 'listening on http://127.0.0.1:[0-9]*' "$1" | cut -d: -f3 || true; }
  node() {  # node LOG: starts a node, sets $pid and $port
    "$build/reversi" serve --db "$REVERSI_TEST_PG" --port 0 --lease-ttl 2 --engine-threads 1 \
      --computer-pause-ms 0 --puzzles "" >"$1" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do
      port=$(port_of "$1")
      [ -n "$port" ] && return
      sleep 0.1
    done
    echo "the node did not start" >&2
    cat "$1" >&2
    exit 1
  }
  node a.log
  a_pid=$pid
  a_port=$port
  # A leads before B exists.
  for _ in $(seq 1 50); do grep -q 'this node leads' a.log && break; sleep 0.1; done
  node b.log
  b_pid=$pid
  b_port=$port
  "$build/reversi-stress" loadtest --connect "http://127.0.0.1:$b_port" --lobby-players "$players" \
    --arena --seconds "$seconds" --lobby-moves 6 --rejoin-seconds 30 >stress.log 2>&1 &
  load=$!
  finished() { sql "SELECT count(*) FROM tables WHERE status = 'finished'" 2>/dev/null || echo 0; }
  for _ in $(seq 1 600); do
    [ "$(finished)" -ge "$kill_after" ] && break
    sleep 0.05
  done
  id=$(sql "SELECT id FROM tournaments LIMIT 1")
  sql "SELECT doc FROM tournaments WHERE id = '$id'" >before.json
  killed=$(now)
  kill -9 "$a_pid"
  wait "$a_pid" 2>/dev/null || true
  killed_ms=$(sql "SELECT (extract(epoch FROM now()) * 1000)::bigint")
  echo "killed node A: $(finished) finished and $(sql "SELECT count(*) FROM tables WHERE status <> 'finished'") playing tables stored"
  # B serves the tournament once it leads (before: a 307 to A, or 503).
  served=""
  for _ in $(seq 1 400); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$b_port/api/tournaments/$id" || true)
    if [ "$code" = 200 ]; then served=$(now); break; fi
    sleep 0.05
  done
  [ -n "$served" ] || { echo "node B never served the tournament" >&2; cat b.log >&2; exit 1; }
  status=0
  wait "$load" || status=$?
  cat stress.log
  first_pairing=$(sql "SELECT min(created) FROM tables WHERE created > $killed_ms")
  curl -s "http://127.0.0.1:$b_port/api/tournaments/$id" >view.json
  sql "SELECT doc FROM tournaments WHERE id = '$id'" >after.json
  sql "SELECT id, status FROM tables" >tables.txt
  if [ -n "${KEEP:-}" ]; then
    sql "SELECT t.id, t.status, t.fence, l.owner, l.fence, l.expires, (SELECT count(*) FROM moves m WHERE m.table_id = t.id), (SELECT max(fence) FROM moves m WHERE m.table_id = t.id) FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id WHERE t.status <> 'finished'" >stuck.txt
    sql "SELECT name, address FROM nodes" >>stuck.txt
    cp -r "$dir" "$KEEP"
  fi
  kill "$b_pid"
  wait "$b_pid" 2>/dev/null || true
  python3 - "$killed" "$served" "$killed_ms" "${first_pairing:-0}" "$status" <<'PY'
import json, sys
killed, served = float(sys.argv[1]), float(sys.argv[2])
killed_ms, first_pairing, load_status = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
before, after = json.load(open('before.json')), json.load(open('after.json'))
view = json.load(open('view.json'))
tables = dict(line.split('|') for line in open('tables.txt').read().split())
done_before = {g['table'] for g in before['games'] if g['done']}
pending_before = {g['table'] for g in before['games'] if not g['done'] and g['table']}
done = {g['table'] for g in after['games'] if g['done']}
pending = {g['table'] for g in after['games'] if not g['done']}
finished = {t for t, s in tables.items() if s == 'finished'}
counted = sum(r['games'] for r in view['standings']) // 2
print(f"node B served the tournament {served - killed:.2f} s after the kill; its first new "
      f"pairing {(first_pairing - killed_ms) / 1000 if first_pairing else float('nan'):.2f} s after")
print(f"at the kill: {len(done_before)} games done, {len(pending_before)} playing; at the end: "
      f"{view['status']}, {len(done)} games done ({counted} in the standings), {len(pending)} pending")
lost = done_before - done
# A game whose table A had not made yet when it died is dropped, its players paired again.
never_made = (pending_before - done) - set(tables)
dropped = (pending_before - done) & set(tables)
unknown = finished - done
print(f"games done before and lost: {len(lost)}; playing at the kill and not counted: "
      f"{len(dropped)} (tables never made, dropped: {len(never_made)}); finished tables the "
      f"tournament does not count: {len(unknown)}")
# B paired new games after the takeover (the arena outlasts it).
continued = len(done - done_before - pending_before)
print(f"games paired after the kill and done: {continued}")
ok = (view['status'] == 'finished' and not lost and not dropped and not unknown and not pending
      and counted == len(done) and continued > 0 and load_status == 0)
print("tournament-kill9 --postgres: " + ("PASS" if ok else "FAIL"))
sys.exit(0 if ok else 1)
PY
  exit $?
fi
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
players=${2:-20}
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$dir"' EXIT
cd "$dir"
port_of() { grep -o '127.0.0.1:[0-9]*' "$1" | cut -d: -f2; }
serve() {
  "$build/reversi" serve --port 0 --db k.db --engine-threads 1 --computer-pause-ms 0 >"$1" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do [ -n "$(port_of "$1")" ] && return; sleep 0.1; done
  echo "the server did not start" >&2
  exit 1
}
count() { sqlite3 k.db "SELECT count(*) FROM tables WHERE status='$1'" 2>/dev/null || echo 0; }

serve serve1.log
"$build/reversi-stress" loadtest --port "$(port_of serve1.log)" --lobby-players "$players" --arena \
  --seconds 60 --lobby-moves 6 >stress.log 2>&1 &
load=$!
for _ in $(seq 1 240); do
  [ "$(count finished)" -ge 100 ] && break
  sleep 0.5
done
kill -9 "$server"
wait "$server" 2>/dev/null || true
echo "killed: $(count finished) finished and $(count playing) playing tables stored"
kill "$load" 2>/dev/null || true
wait "$load" 2>/dev/null || true

serve serve2.log
port=$(port_of serve2.log)
python3 - "$port" <<'PY'
import json, sys, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}/api/tournaments"
tid = json.load(urllib.request.urlopen(base))["tournaments"][0]["id"]
open("view.json", "w").write(urllib.request.urlopen(f"{base}/{tid}").read().decode())
PY
kill "$server"
wait "$server" 2>/dev/null || true
python3 - <<'PY'
import json, sqlite3, sys
view = json.load(open('view.json'))
db = sqlite3.connect('k.db')
finished = {r[0] for r in db.execute("SELECT id FROM tables WHERE status='finished'")}
playing = {r[0] for r in db.execute("SELECT id FROM tables WHERE status='playing'")}
games = json.loads(db.execute("SELECT doc FROM tournaments").fetchone()[0])['games']
done = {g['table'] for g in games if g['done']}
pending = {g['table'] for g in games if not g['done']}
counted = sum(r['games'] for r in view['standings']) // 2
print(f"after the restart: {view['status']}, {len(done)} games done ({counted} in the standings), "
      f"{len(pending)} pending")
print(f"finished tables {len(finished)}: counted {len(finished & done)}, lost {len(finished - done)}")
print(f"playing tables {len(playing)}: pending {len(playing & pending)}, "
      f"unknown {len(playing - pending)}")
sys.exit(0 if finished <= done and playing <= pending and counted == len(done) else 1)
PY
