#!/usr/bin/env bash
# Usage: folder-ties.sh [SRC]
# Counts the folder pairs of src/server that are tied: unordered pairs of its top-level folders
# (storage/sqlite and storage/postgres as folders of their own) where a file of one includes a
# header of the other. Prints each pair, then "tied: N of M possible pairs".
set -euo pipefail
src=${1:-$(cd "$(dirname "$0")/../../src" && pwd)}
cd "$src"
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
unit() {  # the folder a path under src/ belongs to, or nothing for server.cpp/server.h
    case $1 in
        server/storage/sqlite/* | server/storage/postgres/*) echo "${1#server/}" | cut -d/ -f1-2 ;;
        server/*/*) echo "${1#server/}" | cut -d/ -f1 ;;
    esac
}
folders=$(find server -mindepth 1 -maxdepth 1 -type d -printf '%f\n'; ls -d server/storage/*/ |
    sed 's|server/||; s|/$||')
n=$(echo "$folders" | wc -l)
grep -rEo '^[[:space:]]*#[[:space:]]*include[[:space:]]*"server/[^"]+"' server --include='*.h' \
    --include='*.cpp' | sed -E 's/:.*"(server\/[^"]+)"/ \1/' | while read -r file header; do
    from=$(unit "$file") to=$(unit "$header")
    [ -n "$from" ] && [ -n "$to" ] && [ "$from" != "$to" ] || continue
    [ "$from" \< "$to" ] && echo "$from $to" || echo "$to $from"
done | sort -u >"$pairs"
cat "$pairs"
echo "tied: $(wc -l <"$pairs") of $((n * (n - 1) / 2)) possible pairs"
