// SPDX-License-Identifier: MIT
// The lobby's side of a connection. A lobby socket (/ws/lobby) is an Endpoint that is the
// lobby's client; a table socket of a player also counts that player as online in the lobby
// (docs/SITE.md "Lobby"), which counted_online adds around the table's endpoint. Every call
// into the lobby is skipped once the lobby is gone (at shutdown).
#pragma once

#include <memory>
#include <string>

#include "server/common/endpoint.h"
#include "server/lobby/lobby.h"

namespace reversi::server {

class LobbyEndpoint : public Endpoint, public LobbyClient {
  public:
    explicit LobbyEndpoint(Lobby& lobby);

    void open(Peer& peer) override;
    void message(const std::string& text) override;
    void closed() override;

    void deliver(std::shared_ptr<const std::string> text) override;
    const Identity& who() const override;
    const std::string& address() const override;
    void close() override;

  private:
    Lobby& lobby_;
    std::weak_ptr<const int> lobby_life_;
    Peer* peer_ = nullptr;
};

// `table` (a table's endpoint), with its player, when it has one, counted online in `lobby`
// from open() to closed().
std::unique_ptr<Endpoint> counted_online(Lobby& lobby, std::unique_ptr<Endpoint> table);

}  // namespace reversi::server
