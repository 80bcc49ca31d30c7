#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian package as an operator gets it: built with cpack from BUILD_DIR (whose `reversi`
# is built), unpacked into a throwaway root, and its binary started from there with the
# package's own configuration file (pointed at a temporary data folder). Passes when the page
# is served, a computer move is played, the configuration is read and the command line wins
# over it, and a copy of the root without one weights file refuses to start, naming the
# file under its own prefix (the weights come from the install, not from the source tree).
# Usage: package_install.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d /tmp/reversi-package.XXXXXX)
server_pid=
cleanup() {
    if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "package: FAIL: $*"; [[ -f $work/server.log ]] && sed 's/^/  server: /' "$work/server.log"; exit 1; }

# 1. The package, and what it holds.
cpack --config "$build/CPackConfig.cmake" -B "$work/pkg" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/pkg/reversi_*.deb)
info=$(dpkg-deb --info "$deb")
grep -q "Depends:.*libsqlite3" <<<"$info" || fail "no library dependencies: $info"
# The allocator the build linked (CMakeLists.txt) must come with the package too.
if ldd "$build/reversi" | grep -q libtcmalloc_minimal; then
    grep -q "Depends:.*libtcmalloc-minimal4" <<<"$info" || fail "tcmalloc is not a dependency: $info"
fi
dpkg-deb -x "$deb" "$work/root"
root=$work/root
for f in usr/bin/reversi usr/share/reversi/web/index.html usr/share/reversi/weights/8x8.weights \
         usr/share/reversi/mpc/8x8.mpc etc/reversi/reversi.conf lib/systemd/system/reversi.service; do
    [[ -f $root/$f ]] || fail "missing /$f"
done
[[ -d $root/var/lib/reversi ]] || fail "missing /var/lib/reversi"
for line in "User=reversi" "ProtectSystem=strict" "ReadWritePaths=/var/lib/reversi" \
            "NoNewPrivileges=yes" "PrivateTmp=yes" "ProtectHome=yes" \
            "ExecStart=/usr/bin/reversi serve --config /etc/reversi/reversi.conf"; do
    grep -qx "$line" "$root/lib/systemd/system/reversi.service" || fail "unit lacks $line"
done
if grep -aq "$(dirname "$build")/web" "$root/usr/bin/reversi"; then fail "source path compiled in"; fi
version=$("$root/usr/bin/reversi" --version)
[[ $version =~ ^reversi\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "--version: $version"

# 2. The package's configuration, with the data in a temporary folder and a host that cannot
#    be bound, which the command line overrides.
mkdir -p "$work/data"
sed -e "s|^db = .*|db = \"$work/data/reversi.db\"|" -e 's|^host = .*|host = "192.0.2.1"|' \
    -e 's|^port = .*|port = 0|' "$root/etc/reversi/reversi.conf" >"$work/reversi.conf"
cd "$work"
# Created here: the redirection below happens in the child, maybe after the loop's first read.
: >"$work/server.log"
env -u REVERSI_WEIGHTS_DIR -u REVERSI_MPC_DIR "$root/usr/bin/reversi" serve \
    --config "$work/reversi.conf" --host 127.0.0.1 --engine-threads 1 --computer-pause-ms 0 \
    >"$work/server.log" 2>&1 &
server_pid=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/server.log")
    [[ -n $port ]] && break
    kill -0 "$server_pid" 2>/dev/null || fail "server exited"
    sleep 0.1
done
[[ -n $port ]] || fail "server did not start"
base=http://127.0.0.1:$port
[[ -f $work/data/reversi.db ]] || fail "the configuration's db was not used"

# 3. The page, its script, and a computer move (the computer is Black and moves first).
page=$(curl -fsS "$base/")
grep -q '<html' <<<"$page" || fail "no page at /"
# The client as the build bundled it (scripts/bundle/): one content-hashed script, sent with
# brotli and kept a year; the page itself revalidated by its entity tag (304).
script=$(sed -n 's|.*<script type="module" src="\([^"]*\)".*|\1|p' <<<"$page")
[[ $script =~ ^assets/app-[A-Z0-9]{8}\.js$ ]] || fail "the page names no bundled script: '$script'"
headers=$(curl -fsS -o /dev/null -D - -H 'Accept-Encoding: gzip, br' "$base/$script" | tr -d '\r')
grep -qix 'content-encoding: br' <<<"$headers" || fail "the script is not sent compressed: $headers"
grep -qix 'cache-control: public, max-age=31536000, immutable' <<<"$headers" ||
    fail "the script is not cacheable: $headers"
etag=$(curl -fsS -o /dev/null -D - "$base/" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')
[[ $(curl -sS -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "$base/") == 304 ]] ||
    fail "the page is not revalidated by its tag ($etag)"
created=$(curl -fsS -X POST "$base/api/tables" -H 'Content-Type: application/json' \
    -d '{"setup": {}, "seats": [{"type": "computer", "level": 3}, {"type": "human"}], "seat": 1, "name": "Operator"}')
table=$(jq -r .table <<<"$created")
[[ $table =~ ^[A-Za-z0-9]+$ ]] || fail "no table: $created"
ply=0
for _ in $(seq 100); do
    ply=$(curl -fsS "$base/api/tables/$table" | jq .ply)
    [[ $ply -ge 1 ]] && break
    sleep 0.1
done
[[ $ply -ge 1 ]] || fail "the computer did not move"
kill "$server_pid"; wait "$server_pid" || true; server_pid=

# 4. Without one weights file under its prefix the installed binary refuses to start.
cp -a "$root" "$work/broken"
rm "$work/broken/usr/share/reversi/weights/8x8.weights"
if env -u REVERSI_WEIGHTS_DIR "$work/broken/usr/bin/reversi" serve --config "$work/reversi.conf" \
        --host 127.0.0.1 >"$work/broken.log" 2>&1; then
    fail "started without its weights"
fi
grep -q "$work/broken/usr/share/reversi/weights/8x8.weights" "$work/broken.log" ||
    fail "the error does not name the missing file: $(cat "$work/broken.log")"
echo "package: PASS ($(basename "$deb"), computer moved at $base)"
