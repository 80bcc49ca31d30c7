#!/usr/bin/env bash
# Usage: scripts/tournament-kill9.sh [BUILD_DIR] [PLAYERS]
# A tournament through a kill -9 of its server (issue 31): `reversi-stress loadtest --arena`
# plays an arena of PLAYERS (default 20) against a server on a temporary SQLite store; once
# 100 games are stored the server is SIGKILLed and started again on the same store. Prints the
# games the tournament counts against the tables stored: every finished table must be counted
# and every playing table known to it as pending (none lost).
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
