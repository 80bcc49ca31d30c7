#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests, in a temporary directory, reachable only through
# a Unix socket in that directory (no TCP listener, so no port can clash with anything).
# Usage:
#   scripts/pg-temp.sh run [--] COMMAND...   start, run COMMAND with REVERSI_TEST_PG set to the
#                                            server's URI, stop; exits with COMMAND's status
#   scripts/pg-temp.sh start DIR             start one in DIR (created; must not hold a server),
#                                            print its URI and write it to DIR/uri
#   scripts/pg-temp.sh stop DIR              stop it and remove DIR
#   scripts/pg-temp.sh rtt URI               the mean round trip of a `SELECT 1` to URI, in ms
#                                            (what a delaying proxy gives on this machine now)
# initdb refuses to run as root: as root the server runs as the unprivileged user `postgres`
# (created by Debian's postgresql package) or $REVERSI_PG_USER; the tests, as root, still reach
# its socket. fsync is off: the tests check what a committed transaction holds, not power cuts;
# REVERSI_PG_DURABLE=1 turns it on, for throughput figures (scripts/pg-throughput.sh).
set -euo pipefail

find_bindir() {
  local dir
  for dir in "${REVERSI_PG_BINDIR:-}" $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  echo "pg-temp: no PostgreSQL server found (scripts/install-deps.sh --test installs it)" >&2
  return 1
}

# Runs a server program as the user who owns the data directory.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u "${REVERSI_PG_USER:-postgres}" -- "$@"
  else
    "$@"
  fi
}

start() {
  local dir="$1" bindir
  bindir="$(find_bindir)"
  mkdir -p "$dir"
  if [ -e "$dir/data" ]; then
    echo "pg-temp: $dir already holds a server" >&2
    return 1
  fi
  mkdir "$dir/data" "$dir/socket"
  if [ "$(id -u)" -eq 0 ]; then
    local user="${REVERSI_PG_USER:-postgres}"
    if ! id "$user" >/dev/null 2>&1; then
      echo "pg-temp: running as root needs the unprivileged user '$user' (set REVERSI_PG_USER)" >&2
      return 1
    fi
    chown "$user" "$dir" "$dir/data" "$dir/socket"
    # runuser keeps the working directory, which that user may not be able to enter.
    cd /
  fi
  as_owner "$bindir/initdb" -D "$dir/data" -U reversi --auth=trust -E UTF8 --locale=C \
    --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    return 1
  }
  local durability="-c fsync=off -c full_page_writes=off"
  [ "${REVERSI_PG_DURABLE:-0}" = 1 ] && durability="-c fsync=on -c full_page_writes=on"
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir/socket' -c port=5432 \
        $durability -c max_connections=200" \
    start >/dev/null || {
    cat "$dir/data/server.log" >&2
    return 1
  }
  local uri="postgresql:///postgres?host=$dir/socket&port=5432&user=reversi"
  echo "$uri" >"$dir/uri"
  echo "$uri"
}

stop() {
  local dir="$1" bindir
  bindir="$(find_bindir)"
  if [ -d "$dir/data" ]; then
    (cd / && as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1) || true
  fi
  rm -rf "$dir"
}

rtt() {
  # One session of 1,000 statements; its start (a few ms) counts too, so this is a bound above.
  local t0 t1
  t0=$(date +%s%N)
  printf 'SELECT 1;\n%.0s' $(seq 1 1000) | psql "$1" -q -v ON_ERROR_STOP=1 >/dev/null
  t1=$(date +%s%N)
  awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f\n", ns / 1000 / 1e6 }'
}

case "${1:-}" in
  rtt)
    [ $# -eq 2 ] || { echo "usage: $0 rtt URI" >&2; exit 2; }
    rtt "$2"
    ;;
  start)
    [ $# -eq 2 ] || { echo "usage: $0 start DIR" >&2; exit 2; }
    start "$(realpath -m "$2")"
    ;;
  stop)
    [ $# -eq 2 ] || { echo "usage: $0 stop DIR" >&2; exit 2; }
    stop "$(realpath -m "$2")"
    ;;
  run)
    shift
    [ "${1:-}" = "--" ] && shift
    [ $# -ge 1 ] || { echo "usage: $0 run [--] COMMAND..." >&2; exit 2; }
    dir="$(mktemp -d /tmp/reversi-pg.XXXXXX)"
    trap 'stop "$dir"' EXIT
    REVERSI_TEST_PG="$(start "$dir")"
    export REVERSI_TEST_PG
    status=0
    "$@" || status=$?
    exit "$status"
    ;;
  *)
    echo "usage: $0 run [--] COMMAND... | start DIR | stop DIR | rtt URI" >&2
    exit 2
    ;;
esac
