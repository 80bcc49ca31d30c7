#!/usr/bin/env bash
# Usage: layering_forms_test.sh [LAYERING_SCRIPT]
# Runs the layering check (default: layering.sh beside this file) on small source trees made
# here: a clean one, which it must pass, and the same with one include each that it must refuse,
# an upward include in each of its three spellings (quoted from src/, relative, in angle
# brackets) and the other escapes (a path found beside the including file, "./", a downward
# include in angle brackets). Fails on the first tree judged wrongly.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
check=${1:-$here/layering.sh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# put TREE PATH LINE...: writes src/PATH in TREE, one include line each.
put() {
  local tree=$1 path=$2
  shift 2
  mkdir -p "$(dirname "$tree/src/$path")"
  printf '%s\n' '#pragma once' "$@" >"$tree/src/$path"
}

# A clean tree: each layer includes the one below it, a same-folder header by its bare name and
# system headers in angle brackets.
clean() {
  local tree=$1
  put "$tree" core/board.h '#include <cstdint>'
  put "$tree" engine/engine.h '#include "core/board.h"'
  put "$tree" server/common/protocol.h '#include "engine/engine.h"' '#include <boost/asio.hpp>'
  put "$tree" server/storage/storage.h '#include "server/common/protocol.h"'
  put "$tree" server/storage/sqlite/storage.h '#include "server/storage/storage.h"'
  put "$tree" server/table/table.h '#include "server/storage/storage.h"' '#include "rules.h"'
  put "$tree" server/table/rules.h '#include <vector>'
  put "$tree" server/hub/hub.h '#include "server/table/table.h"'
}

failures=0
# expect NAME ok|refused PATTERN [PATH LINE]: a clean tree, with PATH holding LINE if given.
expect() {
  local name=$1 verdict=$2 pattern=$3 tree=$tmp/$1 output status=0
  clean "$tree"
  if [ $# -gt 3 ]; then put "$tree" "$4" "$5"; fi
  output=$("$check" "$tree/src" 2>&1) || status=$?
  if [ "$verdict" = ok ] && [ "$status" -eq 0 ] && grep -q "$pattern" <<<"$output"; then
    echo "layering forms: $name passes"
  elif [ "$verdict" = refused ] && [ "$status" -ne 0 ] && grep -qF "$pattern" <<<"$output"; then
    echo "layering forms: $name refused"
  else
    echo "layering forms: FAILED $name (expected $verdict with \"$pattern\", exit $status):"
    echo "$output"
    failures=$((failures + 1))
  fi
}

expect clean ok 'layering: ok'
expect upward_quoted refused 'server/table may not include server/hub' \
  server/table/upward.h '#include "server/hub/hub.h"'
expect upward_relative refused '"../hub/hub.h": a relative path' \
  server/table/upward.h '#include "../hub/hub.h"'
expect upward_angle refused '<server/hub/hub.h>: a project header in angle brackets' \
  server/table/upward.h '#include <server/hub/hub.h>'
expect upward_beside refused '"sqlite/storage.h": a path relative to its folder' \
  server/storage/upward.h '#include "sqlite/storage.h"'
expect same_folder_dot refused '"./rules.h": a relative path' \
  server/table/dot.h '#include "./rules.h"'
expect downward_angle refused '<core/board.h>: a project header in angle brackets' \
  engine/search.h '#  include <core/board.h>'

if [ "$failures" -ne 0 ]; then
  echo "layering forms: $failures tree(s) judged wrongly"
  exit 1
fi
echo "layering forms: ok"
