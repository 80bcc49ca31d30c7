#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes tests/data/release-VERSION.sql: the database of this build after a little play (a
# registered player, a computer game, a few played-out games from reversi-stress loadtest),
# as SQL text (`sqlite3 .dump`). Run it with each release's build, commit its output and keep
# the old ones: release_fixture_test.cpp opens every such file with the current store, so a
# new version must migrate each earlier release's database (CHANGELOG.md).
# Usage: tests/data/make_release_fixture.sh BUILD_DIR [VERSION]
set -euo pipefail
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
# The release whose database this is (default: this build's version).
version=${2:-$("$build/reversi" --version | cut -d' ' -f2)}
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
"$build/reversi" serve --db "$work/r.db" --port 0 --engine-threads 1 --computer-pause-ms 0 \
    >"$work/log" 2>&1 &
server=$!
for _ in $(seq 100); do
    port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/log")
    [[ -n $port ]] && break
    sleep 0.1
done
base=http://127.0.0.1:$port
curl -fsS -c "$work/jar" -b "$work/jar" -X POST "$base/api/register" \
    -H 'Content-Type: application/json' -d '{"name": "Fixture", "password": "fixture-password"}' >/dev/null
curl -fsS -c "$work/jar" -b "$work/jar" -X POST "$base/api/tables" -H 'Content-Type: application/json' \
    -d '{"setup": {}, "seats": [{"type": "computer", "level": 1}, {"type": "human"}], "seat": 1}' >/dev/null
"$build/reversi-stress" loadtest --port "$port" --games 3 --seconds 2 --ramp 0 --think-ms 20 >/dev/null
sleep 0.5
kill "$server"
wait "$server" || true
sqlite3 "$work/r.db" .dump >"$here/release-$version.sql"
echo "wrote $here/release-$version.sql ($(wc -c <"$here/release-$version.sql") bytes)"
