// SPDX-License-Identifier: MIT
// Starting the whole server: store, engine pool, hub, listener and the network thread, until
// SIGINT or SIGTERM. This is what `reversi serve` calls.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "server/common/limits.h"
#include "server/tournament/limits.h"

namespace reversi::server {

struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = 8080;  // 0 picks a free port (printed on start)
    std::string db = "reversi.db";
    std::string web_dir;  // directory of the web client
    // Directory of the browser's engine, served under /engine/ (engine/data_paths.h); empty:
    // none, and the site's engine answers every question.
    std::string engine_dir;
    // Directory of the puzzle files served (docs/PUZZLES.md); empty: no puzzles.
    std::string puzzles_dir;
    // The background mining job (docs/PUZZLES.md "Mining on the site"): its directory (empty:
    // no job; its files are served from the next start) and its games per hour.
    std::string mine_dir;
    double mine_games_per_hour = 60;
    int engine_threads = 1;
    // Search threads one computer move may use, taken only from idle engine workers
    // (common/engine_pool.h).
    int move_threads = 1;
    double hint_seconds = 1.0;
    ServerLimits limits;
    TournamentLimits tournament_limits;
    // Password attempts (logins and sign-ups) one address may make a minute (a burst of as
    // many); the browser tests raise it, their players all coming from 127.0.0.1.
    double login_attempts_per_minute = 10;
    // Several nodes on one PostgreSQL database (docs/MULTINODE.md): how long a table's lease
    // lasts unrenewed, and where clients reach this node (empty: http://HOST:PORT).
    double lease_ttl_seconds = 10;
    std::string public_url;
    // The Prometheus metrics page (docs/OPERATIONS.md) on a port of its own (-1: none; 0: a
    // free one), on `metrics_host`; with a token, only for `Authorization: Bearer TOKEN`.
    int metrics_port = -1;
    std::string metrics_host = "127.0.0.1";
    std::string metrics_token;
    // One JSON object per line on the log stream for each request and event
    // (docs/OPERATIONS.md "Logs"), instead of the plain start-up lines only.
    bool json_log = false;
    // Proxies (ADDR or ADDR/BITS, IPv4 or IPv6) whose X-Forwarded-For / X-Real-IP name the
    // client (net/client_address.h); from any other peer those headers are ignored.
    std::vector<std::string> trusted_proxies;
    // Origins besides the site's own whose pages may use the API and WebSockets
    // (net/request_origin.h), e.g. https://reversi.example.
    std::vector<std::string> allowed_origins;
    // The site's recurring tournaments (tournament/schedule.h): entries such as "hourly@0
    // arena 8x8 3+2 55m Hourly 8x8 blitz", and whether the standard schedule is added.
    std::vector<std::string> tournament_schedule;
    bool site_tournaments = false;
    // Committed store jobs the network thread answers per task before it reads its sockets and
    // runs its timers again (storage/storage.h; 0: a whole batch in one task).
    int answer_slice = 0;  // StorageQueue::DefaultAnswerSlice (server.cpp checks)
    // Above this many moves a second, games that end are reviewed only when asked for
    // (analysis/service.h; 0: no bound).
    double review_max_move_rate = 0;
    // Testing only: each storage commit fails with this probability (chaos tests).
    double storage_fault_rate = 0;
};

// Runs the server; prints "listening on http://HOST:PORT" to `log` once it accepts
// connections. Returns 0 after a clean stop; throws std::runtime_error when it cannot start.
int run_server(const ServerOptions& options, std::ostream& log);

// `reversi admin role`: gives the registered player `name` of the store `db` (as serve's --db)
// the role "moderator" or "admin", or takes it ("none"), with an entry in the audit log. A
// server running on that store applies it within seconds. Returns what was done, as a
// sentence; throws std::runtime_error (no such player, a guest, an unknown role).
std::string set_player_role(const std::string& db, const std::string& name,
                            const std::string& role);

}  // namespace reversi::server
