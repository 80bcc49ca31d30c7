// SPDX-License-Identifier: MIT
// `reversi serve`: the web server with the browser client, the JSON API and live games over
// WebSocket (docs/PROTOCOL.md), storing every game in SQLite.
#include <iostream>
#include <thread>

#include "cli/commands.h"
#include "engine/book.h"
#include "engine/data_paths.h"
#include "engine/pattern_eval.h"
#ifdef REVERSI_HAVE_SERVER
#include "server/hub/table_ownership.h"
#include "server/net/client_address.h"
#include "server/net/request_origin.h"
#include "server/server.h"
#include "server/tournament/schedule.h"
#endif

namespace reversi::cli {

#ifndef REVERSI_HAVE_SERVER
// Built without the server (REVERSI_BUILD_SERVER=OFF): no `serve` subcommand.
void add_serve_command(CLI::App&, ExitStatus&) {}
#else
void add_serve_command(CLI::App& app, ExitStatus& status) {
    auto options = std::make_shared<server::ServerOptions>();
    options->web_dir = engine::data_paths().web;
    options->puzzles_dir = engine::data_paths().puzzles;
    options->engine_dir = engine::data_paths().engine;
    options->engine_threads =
        std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
    CLI::App* cmd = app.add_subcommand("serve", "Run the game server and web client");
    // `reversi serve --config FILE`: the root's --config is taken after the subcommand too.
    cmd->fallthrough();
    cmd->add_option("--port", options->port, "TCP port (0 picks a free one)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    cmd->add_option("--host", options->host, "Address to listen on")->capture_default_str();
    cmd->add_option("--db", options->db,
                    "SQLite database file (created if missing), or a postgresql:// URI "
                    "(builds with REVERSI_WITH_POSTGRES; docs/STORAGE.md)")
        ->capture_default_str();
    cmd->add_option("--web", options->web_dir, "Directory of the web client")
        ->capture_default_str();
    cmd->add_option("--engine-web", options->engine_dir,
                    "Directory of the browser's engine, served under /engine/ (empty: none)")
        ->capture_default_str();
    cmd->add_option(
           "--puzzles", options->puzzles_dir,
           "Directory of puzzle files (docs/PUZZLES.md; empty: none; the last one given counts)")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
        ->capture_default_str();
    cmd->add_option("--mine-puzzles", options->mine_dir,
                    "Directory where a background job keeps the puzzles it mines from finished "
                    "games, served from the next start (docs/PUZZLES.md; empty: no job)")
        ->capture_default_str();
    cmd->add_option("--mine-games-per-hour", options->mine_games_per_hour,
                    "Finished games the mining job looks at per hour, at most")
        ->check(CLI::Range(0.1, 100000.0))
        ->capture_default_str();
    cmd->add_option("--engine-threads", options->engine_threads,
                    "Worker threads for computer moves and hints")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_option("--move-threads", options->move_threads,
                    "Search threads a computer move may use, taken from idle engine workers")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_option("--hint-seconds", options->hint_seconds, "Time the engine spends on a hint")
        ->check(CLI::Range(0.01, 60.0))
        ->capture_default_str();
    server::ServerLimits& limits = options->limits;
    cmd->add_option("--max-connections", limits.max_connections,
                    "Open connections in all (HTTP and WebSocket)")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--max-connections-per-address", limits.max_connections_per_address,
                    "Open connections from one IP address")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--tables-per-minute", limits.tables_per_minute_per_address,
                    "Tables (and rematches) one IP address may create per minute")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--login-attempts-per-minute", options->login_attempts_per_minute,
                    "Password attempts (logins and sign-ups) one IP address may make a minute")
        ->check(CLI::Range(1.0, 1000000.0))
        ->capture_default_str();
    cmd->add_option("--rated-pair-per-day", limits.rated_games_per_pair_per_day,
                    "Rated games two players may start together in a day")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--tournaments-per-player", options->tournament_limits.per_player_per_day,
                    "Tournaments one player may make in a day")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--tournaments-per-address", options->tournament_limits.per_address_per_day,
                    "Tournaments one IP address may make in a day")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--max-tournaments", options->tournament_limits.max_tournaments,
                    "Unfinished players' tournaments of two entrants or more; new ones are "
                    "refused (503) beyond it")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--max-empty-tournaments", options->tournament_limits.max_empty,
                    "Unfinished players' tournaments of fewer than two entrants; new ones are "
                    "refused (503) beyond it")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_flag("--rated-same-address", limits.rated_same_address,
                  "Let accounts of one address play each other rated (a club on one connection, "
                  "tests on one machine)");
    cmd->add_option("--max-tables", limits.max_live_tables,
                    "Tables held in memory; new ones are refused (503) beyond it")
        ->check(CLI::Range(1, 10000000))
        ->capture_default_str();
    cmd->add_option("--waiting-expiry", limits.waiting_table_seconds,
                    "Seconds after its last change that a table waiting for players expires")
        ->check(CLI::Range(1, 100000000))
        ->capture_default_str();
    cmd->add_option(
           "--idle-unload", limits.idle_table_seconds,
           "Seconds after which a playing table nobody watches leaves memory (not the store)")
        ->check(CLI::Range(1, 100000000))
        ->capture_default_str();
    cmd->add_option("--engine-queue", limits.engine_queue,
                    "Searches that may wait for an engine thread; hints beyond it are refused")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    cmd->add_option("--computer-move-seconds", limits.computer_move_seconds,
                    "Longest a computer move may think, whatever its level")
        ->check(CLI::Range(0.05, 3600.0))
        ->capture_default_str();
    cmd->add_option("--engine-seconds-per-minute", limits.engine_seconds_per_minute,
                    "Engine seconds one address may use a minute before others' searches go first")
        ->check(CLI::Range(1.0, 3600.0))
        ->capture_default_str();
    cmd->add_option("--max-strongest-tables", limits.max_strongest_tables,
                    "Running games against the strongest computer level per player or address")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    cmd->add_option("--write-timeout", limits.write_timeout_seconds,
                    "Seconds a WebSocket client may leave a message unread before it is dropped")
        ->check(CLI::Range(1, 3600))
        ->capture_default_str();
    cmd->add_option("--max-queued-bytes", limits.max_queued_bytes,
                    "Bytes of unsent messages one WebSocket client may hold before it is dropped")
        ->check(CLI::Range(std::size_t{4096}, std::size_t{1} << 32))
        ->capture_default_str();
    cmd->add_option("--claim-seconds", limits.claim_seconds,
                    "Seconds a player's opponents must be gone before the player may claim")
        ->check(CLI::Range(1, 86400))
        ->capture_default_str();
    cmd->add_option("--bot-streams", limits.bot_streams_per_player,
                    "NDJSON streams of the bot API one player may have open")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    cmd->add_option("--bot-stream-keepalive", limits.bot_stream_keepalive_seconds,
                    "Seconds between the empty keep-alive lines of a bot API stream")
        ->check(CLI::Range(1, 300))
        ->capture_default_str();
    cmd->add_option("--computer-pause-ms", limits.computer_pause_ms,
                    "Least milliseconds between a move and the computer's reply (0: none)")
        ->check(CLI::Range(0, 10000))
        ->capture_default_str();
    cmd->add_option("--lease-ttl", options->lease_ttl_seconds,
                    "Several nodes on one PostgreSQL database: seconds a table's lease lasts "
                    "unrenewed, so about how long a dead node's games wait (docs/MULTINODE.md)")
        ->check(CLI::Range(0.5, 600.0))
        ->capture_default_str();
    cmd->add_option("--public-url", options->public_url,
                    "Several nodes: the address clients reach this node at, where the others "
                    "send its tables' players (default http://HOST:PORT)")
        ->check([](const std::string& url) {
            return server::valid_public_url(url)
                       ? std::string()
                       : std::string(
                             "an http:// or https:// address without a trailing /, "
                             "quotes or spaces, at most 200 characters");
        });
    cmd->add_option("--answer-slice", options->answer_slice,
                    "Committed moves the network thread answers per task before it reads its "
                    "sockets again (0: a whole commit at once; docs/MULTINODE.md)")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    cmd->add_option("--review-max-move-rate", options->review_max_move_rate,
                    "Above this many moves a second on the node, games that end are reviewed "
                    "only when someone asks for the review (0: always; docs/MULTINODE.md)")
        ->check(CLI::Range(0.0, 1e9))
        ->capture_default_str();
    cmd->add_option("--metrics-port", options->metrics_port,
                    "Port of the Prometheus /metrics page, apart from the site (-1: none, 0: a "
                    "free one; docs/OPERATIONS.md)")
        ->check(CLI::Range(-1, 65535))
        ->capture_default_str();
    cmd->add_option("--metrics-host", options->metrics_host,
                    "Address the metrics page listens on (keep it private)")
        ->capture_default_str();
    cmd->add_option("--metrics-token", options->metrics_token,
                    "When set, /metrics answers only `Authorization: Bearer TOKEN`");
    cmd->add_flag("--json-log", options->json_log,
                  "Log each HTTP request and event as one JSON object per line on standard "
                  "output, with a request id (docs/OPERATIONS.md)");
    cmd->add_option("--tournament-schedule", options->tournament_schedule,
                    "A recurring tournament of the site (repeatable), \"EVERY@WHEN KIND POOL "
                    "CLOCK LENGTH NAME\", e.g. \"daily@18:00 arena 10x10 5+3 60m Daily 10x10 "
                    "arena\" (docs/SITE.md \"Scheduled tournaments\")")
        ->check([](const std::string& text) {
            try {
                server::tournament::parse_schedule_entry(text);
                return std::string();
            } catch (const std::invalid_argument& e) {
                return std::string(e.what());
            }
        })
        ->allow_extra_args(false);
    cmd->add_flag("--site-tournaments", options->site_tournaments,
                  "Schedule the site's standard tournaments: an hourly 8x8 blitz arena, a daily "
                  "10x10 arena, a weekly octagon arena and a weekly four-player arena");
    cmd->add_option("--trusted-proxy", options->trusted_proxies,
                    "A reverse proxy (ADDR or ADDR/BITS, repeatable) whose X-Forwarded-For or "
                    "X-Real-IP names the client; from other peers those headers are ignored")
        ->check([](const std::string& text) {
            return server::parse_network(text) ? std::string()
                                               : std::string("not ADDR or ADDR/BITS");
        })
        ->allow_extra_args(false);
    cmd->add_option("--allowed-origin", options->allowed_origins,
                    "An origin besides the site's own (http(s)://HOST[:PORT], repeatable) whose "
                    "pages may use the API and WebSockets")
        ->check([](const std::string& text) {
            return server::valid_origin(text) ? std::string()
                                              : std::string("not http(s)://HOST[:PORT]");
        })
        ->allow_extra_args(false);
    cmd->add_option("--storage-fault-rate", options->storage_fault_rate,
                    "Testing only: probability that a storage commit fails (chaos tests)")
        ->check(CLI::Range(0.0, 1.0))
        ->group("Testing");
    cmd->callback([options, &status] {
        try {
            // The opening book is otherwise loaded on its first use: a server checks it before
            // it opens, so that a damaged install stops here and not at a strong level's move.
            for (const std::string& variant : engine::shipped_book_variants())
                engine::opening_book(variant);
            // Likewise every variant's weights: the command line checked only their headers.
            engine::load_trained_weights();
            status.code = server::run_server(*options, std::cout);
        } catch (const std::exception& e) {
            std::cerr << "serve: " << e.what() << '\n';
            status.code = 1;
        }
    });
}
#endif

}  // namespace reversi::cli
