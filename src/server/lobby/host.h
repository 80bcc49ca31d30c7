// SPDX-License-Identifier: MIT
// The lobby wired into a running server: the hub makes its tables and reports table
// changes to it, the accounts give ratings and the "me" object, and a timer ticks it once a
// second (expiry, widening quick-pairing windows, the online count). Everything runs on the
// network thread. Declare it after the hub and the accounts, so it goes first.
#pragma once

#include <random>

#include "server/common/net.h"
#include "server/lobby/lobby.h"

namespace reversi::server {

class GameHub;
class Accounts;

// The lobbies of the other nodes on the same database (docs/MULTINODE.md): this node's name
// and the bus's publish (pg_listener.h). Empty on a single node.
struct LobbyBusLink {
    std::string node;
    std::function<void(json event, std::function<void()> failed)> publish;
};

class LobbyHost {
  public:
    LobbyHost(net::io_context& ioc, GameHub& hub, Accounts& accounts, LobbyLimits limits = {},
              LobbyBusLink bus = {});
    LobbyHost(const LobbyHost&) = delete;
    LobbyHost& operator=(const LobbyHost&) = delete;
    Lobby& lobby() { return lobby_; }

  private:
    void arm();

    std::random_device entropy_;  // declared before rng_, which it seeds
    std::mt19937_64 rng_;         // seat colours and shuffles; no secret comes from it
    Lobby lobby_;
    net::steady_timer timer_;
};

}  // namespace reversi::server
