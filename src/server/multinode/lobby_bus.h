// SPDX-License-Identifier: MIT
// The lobby's link to the other nodes on the same database (docs/MULTINODE.md): on a
// PostgreSQL store, a PgListener (multinode/pg_listener.h) whose events reach this node's
// lobby on the network thread; on SQLite (one node by nature), none.
#pragma once

#include <memory>
#include <string>

#include "server/common/net.h"
#include "server/lobby/host.h"

namespace reversi::server {

class LobbyBus {
  public:
    virtual ~LobbyBus() = default;
    // What LobbyHost needs to publish.
    virtual LobbyBusLink link() = 0;
    // Starts listening: the other nodes' state, then their events, go to `lobby`.
    virtual void start(Lobby& lobby) = 0;
};

// The bus for `db` (serve's --db), or null when it names a SQLite file. Throws
// std::runtime_error when the database cannot be reached.
std::unique_ptr<LobbyBus> open_lobby_bus(const std::string& db, net::io_context& ioc);

}  // namespace reversi::server
