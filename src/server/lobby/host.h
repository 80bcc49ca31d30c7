// SPDX-License-Identifier: MIT
// The lobby wired into a running server: the tables' owner (the hub, through LobbyTables)
// makes its tables and reports table changes to it, the accounts give ratings and the "me" object,
// and a timer ticks it once a second (expiry, widening quick-pairing windows, the online count).
// Everything runs on the network thread. Declare it after the hub and the accounts, so it goes
// first.
#pragma once

#include <random>

#include "server/common/net.h"
#include "server/lobby/lobby.h"

namespace reversi::server {

class Accounts;
class StorageQueue;

// The lobbies of the other nodes on the same database (docs/MULTINODE.md): this node's name
// and the bus's publish (pg_listener.h). Empty on a single node.
struct LobbyBusLink {
    std::string node;
    std::function<void(json event, std::function<void()> failed)> publish;
};

// What the lobby asks of the tables' owner: the hub, which lies above the lobby and is wired
// in by server.cpp, so that the lobby never includes nor links it.
struct LobbyTables {
    // Commits a table with every seat taken (GameHub::create_paired).
    std::function<void(PairingOrder, PairingDone)> create_paired;
    // Registers a listener of every table's committed changes (GameHub::on_table_change).
    std::function<void(std::function<void(const Table&)>)> on_table_change;
};

class LobbyHost {
  public:
    // With `queue`, open correspondence challenges are kept in the store (and, with several
    // nodes, those of stopped nodes are claimed every 30 s).
    LobbyHost(net::io_context& ioc, const LobbyTables& tables, Accounts& accounts,
              LobbyLimits limits = {}, LobbyBusLink bus = {}, StorageQueue* queue = nullptr);
    LobbyHost(const LobbyHost&) = delete;
    LobbyHost& operator=(const LobbyHost&) = delete;
    Lobby& lobby() { return lobby_; }

  private:
    void arm();
    // Takes over the stored challenges of nodes that stopped (several nodes only).
    void claim_challenges();

    std::random_device entropy_;  // declared before rng_, which it seeds
    std::mt19937_64 rng_;         // seat colours and shuffles; no secret comes from it
    Lobby lobby_;
    net::steady_timer timer_;
    StorageQueue* queue_;
    std::string node_;
    int ticks_ = 0;
};

}  // namespace reversi::server
