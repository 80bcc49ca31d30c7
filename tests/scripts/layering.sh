#!/usr/bin/env bash
# Usage: layering.sh [SRC]
# Checks that every #include "x/..." under SRC (default: the repository's src/) goes down the
# declared layers: core <- engine <- {cli, server, wasm}, wasm (the browser's engine) reading and
# answering its questions with the analysis module's JSON (server/analysis, server/common), stress beside cli (it sees only the server's Beast
# aliases and its PostgreSQL store), and inside src/server the folders in the
# order below (docs/ARCHITECTURE.md, "server"), which src/server/CMakeLists.txt links the same
# way. Prints one line per include against the direction and fails; a folder under src/server
# that is not declared here fails too, so a new one takes its place in the order first.
# A project header is spelled from src/ in quotes: a relative path ("../hub/hub.h", or
# "sqlite/x.h" found beside the including file) and angle brackets (<server/hub/hub.h>) are
# refused whichever way they point, since they would escape the check, and the first escapes
# the compiler's own (each library sees only its own and its dependencies' include folders,
# src/include_root.cmake).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=${1:-$here/../../src}

# What each layer may include besides itself: the layers directly below it (the closure is
# taken below). "server" is src/server's own top (server.h, server.cpp: the wiring).
declare -A below=(
  [core]=""
  [engine]="core"
  [cli]="engine server"
  [wasm]="engine server/analysis"
  [stress]="server/common server/storage/postgres"
  [server/common]="engine"
  [server/storage]="server/common"
  [server/storage/sqlite]="server/storage"
  [server/storage/postgres]="server/storage"
  [server/table]="server/storage"
  [server/rating]="server/table"
  [server/accounts]="server/rating"
  [server/moderation]="server/accounts"
  [server/hub]="server/moderation"
  [server/analysis]="server/hub"
  [server/lobby]="server/accounts"
  [server/puzzles]="server/accounts"
  [server/explorer]="server/hub"
  [server/multinode]="server/lobby server/storage/postgres"
  [server/tournament]="server/lobby"
  [server/net]="server/tournament"
  [server]="server/net server/multinode server/tournament server/analysis server/puzzles server/explorer
            server/storage/sqlite server/storage/postgres"
)

# Every layer reachable from $1 (itself included), one per line.
reachable() {
  local -A seen=()
  local todo=("$1") layer next
  while [ ${#todo[@]} -gt 0 ]; do
    layer=${todo[0]}
    todo=("${todo[@]:1}")
    [ -n "${seen[$layer]:-}" ] && continue
    seen[$layer]=1
    for next in ${below[$layer]}; do todo+=("$next"); done
  done
  printf '%s\n' "${!seen[@]}"
}

declare -A allowed=()
for layer in "${!below[@]}"; do
  for low in $(reachable "$layer"); do allowed["$layer|$low"]=1; done
done

# The layer of a path relative to src/ ("server/storage/sqlite/storage.h" ->
# "server/storage/sqlite"): its longest leading folder chain that is declared.
layer_of() {
  local dir=${1%/*}
  while [ "$dir" != "$1" ] && [ -n "$dir" ]; do
    if [ -n "${below[$dir]+x}" ]; then
      echo "$dir"
      return
    fi
    [ "${dir%/*}" = "$dir" ] && break
    dir=${dir%/*}
  done
  echo ""
}

status=0
cd "$src"
# Every folder under src/server that holds sources must be a declared layer.
if [ -d server ]; then
  while IFS= read -r dir; do
    if [ -z "${below[$dir]+x}" ]; then
      echo "layering: src/$dir is not a declared layer (add it to tests/scripts/layering.sh" \
           "and to src/server/CMakeLists.txt, below the folders that use it)"
      status=1
    fi
  done < <(find server -name '*.h' -o -name '*.cpp' | sed 's|/[^/]*$||' | sort -u)
fi

while IFS= read -r file; do
  from=$(layer_of "$file")
  [ -z "$from" ] && continue
  while IFS=: read -r line delimiter include; do
    if [ "$delimiter" = "<" ]; then
      if [[ $include == */* ]] && [ -n "$(layer_of "$include")" ]; then
        echo "layering: src/$file:$line includes <$include>: a project header in angle" \
             "brackets (spell it \"$include\")"
        status=1
      fi
      continue  # a system or third-party header
    fi
    case "/$include/" in
      */./* | */../*)
        echo "layering: src/$file:$line includes \"$include\": a relative path (spell it from src/)"
        status=1
        continue
        ;;
    esac
    if [[ $include == */* && -e ${file%/*}/$include ]]; then
      echo "layering: src/$file:$line includes \"$include\": a path relative to its folder" \
           "(spell it \"${file%/*}/$include\")"
      status=1
      continue
    fi
    to=$(layer_of "$include")
    [ -z "$to" ] && continue  # not one of ours (gtest, a sibling header of tests...)
    if [ -z "${allowed[$from|$to]:-}" ]; then
      echo "layering: src/$file:$line includes \"$include\": $from may not include $to" \
           "(it lies above or beside $from)"
      status=1
    fi
  done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' "$file" |
           sed -E 's/^([0-9]+):[^"<]*([<"])([^">]+)[">].*/\1:\2:\3/')
done < <(find core engine cli server stress wasm -name '*.h' -o -name '*.cpp' 2>/dev/null | sort)

if [ "$status" -eq 0 ]; then
  echo "layering: ok ($(find core engine cli server stress wasm -name '*.h' -o -name '*.cpp' 2>/dev/null |
    wc -l) files)"
fi
exit "$status"
