// SPDX-License-Identifier: MIT
// `reversi serve`: the web server with the browser client, the JSON API and live games over
// WebSocket (docs/PROTOCOL.md), storing every game in SQLite.
#include <iostream>
#include <thread>

#include "cli/commands.h"
#ifdef REVERSI_HAVE_SERVER
#include "server/server.h"
#endif

namespace reversi::cli {

#ifndef REVERSI_HAVE_SERVER
// Built without the server (REVERSI_BUILD_SERVER=OFF): no `serve` subcommand.
void add_serve_command(CLI::App&, ExitStatus&) {}
#else
// Defined in loadtest_command.cpp; registered here so that the tool exists exactly when the
// server is built.
void add_loadtest_command(CLI::App& app, ExitStatus& status);

void add_serve_command(CLI::App& app, ExitStatus& status) {
    add_loadtest_command(app, status);
    auto options = std::make_shared<server::ServerOptions>();
    options->web_dir = REVERSI_WEB_DIR;
    options->engine_threads =
        std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
    CLI::App* cmd = app.add_subcommand("serve", "Run the game server and web client");
    cmd->add_option("--port", options->port, "TCP port (0 picks a free one)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    cmd->add_option("--host", options->host, "Address to listen on")->capture_default_str();
    cmd->add_option("--db", options->db, "SQLite database file (created if missing)")
        ->capture_default_str();
    cmd->add_option("--web", options->web_dir, "Directory of the web client")
        ->capture_default_str();
    cmd->add_option("--engine-threads", options->engine_threads,
                    "Worker threads for computer moves and hints")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_option("--hint-seconds", options->hint_seconds, "Time the engine spends on a hint")
        ->check(CLI::Range(0.01, 60.0))
        ->capture_default_str();
    cmd->callback([options, &status] {
        try {
            status.code = server::run_server(*options, std::cout);
        } catch (const std::exception& e) {
            std::cerr << "serve: " << e.what() << '\n';
            status.code = 1;
        }
    });
}
#endif

}  // namespace reversi::cli
