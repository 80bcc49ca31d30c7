// SPDX-License-Identifier: MIT
// The lobby mode of `reversi-stress loadtest`: registered players seek and accept, and pair
// quickly, over the lobby WebSocket, again and again, playing a few moves of each game.
#pragma once

#include <string>
#include <vector>

#include "stress/server_child.h"

namespace reversi::stress {

struct LobbyLoadOptions {
    int players = 40;  // registered players, in partners of two
    double seconds = 10;
    int moves = 6;  // plies of a seek game before the player to move resigns
    // Arena mode: the players join one arena tournament of `seconds` and play its pairings;
    // the latency is from a player's game end to its next `paired`.
    bool arena = false;
    // A table socket that drops (its node died) is opened again through the player's own node
    // for this long, as the web client does; 0: a drop is an error.
    double rejoin_seconds = 0;
    int port = 0;  // 0: start a server
    std::string host = "127.0.0.1";
    // Nodes' URLs (http://IP:PORT): player i on node i % N, table sockets sent on to the owner.
    std::vector<std::string> connect;
    int engine_threads = 1;
    std::vector<std::string> serve_args;
    std::string server_binary;  // empty: the `reversi` beside this executable
};

// Runs the lobby load test and prints its figures; 0 when no error was seen.
int run_lobby_loadtest(const LobbyLoadOptions& options);

// The options of a started server: the port, engine threads and a temporary SQLite file
// `db`, then `serve_args`; a --db among them (a PostgreSQL URI) replaces the file, since
// serve takes one --db.
std::vector<std::string> started_server_args(const std::string& db, int engine_threads,
                                             const std::vector<std::string>& serve_args);

// A server started for one run (as `started_server_args` says) on a temporary SQLite file
// named after `name` and this process: stopped, and its files removed, when this ends.
struct TemporaryServer {
    TemporaryServer(const std::string& name, int engine_threads,
                    const std::vector<std::string>& serve_args, const std::string& server_binary);
    ~TemporaryServer();
    TemporaryServer(const TemporaryServer&) = delete;
    TemporaryServer& operator=(const TemporaryServer&) = delete;
    client::ServerChild child;
    std::string db, out;
};

}  // namespace reversi::stress
