# SPDX-License-Identifier: MIT
# Sourced by the service tests' scripts. service_test_begin NAME sets $work (a new temporary
# folder /tmp/NAME.XXXXXX) and $pids (empty); on exit the processes in $pids are killed and
# $work is removed. start_server LOG COMMAND... runs COMMAND (a
# `reversi serve --port 0 ...` line) with its output in LOG, waits for its "listening on"
# line, sets $port and appends the process to the caller's $pids (killed by its cleanup).
# Returns 1, with the log, when the server exits or does not start within 10 s.
start_server() {
    local log=$1
    shift
    # The log exists before the first read: the redirection below happens in the child,
    # after the fork, and may come after the loop's first sed.
    : >"$log"
    "$@" >"$log" 2>&1 &
    pids+=($!)
    port=
    for _ in $(seq 100); do
        port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$log")
        [[ -n $port ]] && return 0
        kill -0 "${pids[-1]}" 2>/dev/null || break
        sleep 0.1
    done
    echo "server did not start: $(cat "$log")"
    return 1
}

service_test_begin() {
    work=$(mktemp -d "/tmp/$1.XXXXXX")
    pids=()
    trap service_test_end EXIT
}

service_test_end() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
