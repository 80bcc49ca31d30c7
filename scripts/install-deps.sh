#!/usr/bin/env bash
# Installs the Debian 12 packages the project needs, only those that are missing.
# Usage: scripts/install-deps.sh [--test]   (--test adds what the test suite needs)
set -euo pipefail
packages=(build-essential cmake pkg-config libboost-dev libsqlite3-dev nlohmann-json3-dev
          libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev libsodium-dev libpq-dev libicu-dev
          libgoogle-perftools-dev)
# node and npm: the build bundles the web client with esbuild from the npm registry
# (scripts/bundle/). A node already on the PATH (not Debian's) is used as it is.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)
# emscripten: the build compiles the engine to WebAssembly for the browser (src/wasm); its
# JavaScript optimiser needs the acorn module (node-acorn), which the build finds through
# NODE_PATH=/usr/share/nodejs whatever node runs it.
packages+=(emscripten node-acorn)
if [ "${1:-}" = "--test" ]; then
  # clang and libFuzzer for the fuzz run at the end of the tests (scripts/fuzz.sh).
  # postgresql: the server the PostgreSQL storage tests start (scripts/pg-temp.sh).
  packages+=(chromium grhino sqlite3 clang libfuzzer-14-dev libclang-rt-14-dev postgresql)
  # The package test (tests/scripts/package_install.sh): dpkg-deb, and an HTTP client.
  packages+=(dpkg-dev curl jq)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
