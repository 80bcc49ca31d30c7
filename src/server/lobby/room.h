// SPDX-License-Identifier: MIT
// What the lobby's parts (seeks, challenges, quick pairing) use of the lobby that holds them:
// its players and their sockets, the other nodes' bus, offer ids and the making of tables.
// Lobby is the one implementation; each part gets it in its constructor and owns its own
// offers, so a part never reaches into another's state.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "server/common/identity.h"
#include "server/common/metrics.h"
#include "server/common/protocol.h"
#include "server/lobby/services.h"

namespace reversi::server {

class LobbyRoom {
  public:
    virtual const LobbyServices& services() const = 0;
    virtual const LobbyLimits& limits() const = 0;
    // A player with a socket of either kind on this node, or null.
    virtual const Identity* player_here(int64_t player) const = 0;
    // The player whose folded name is `folded` with a lobby socket here or on another node, or
    // null.
    virtual const Identity* in_lobby(const std::string& folded) const = 0;
    // To every lobby socket of `player`, here and on the other nodes.
    virtual void send(int64_t player, const std::shared_ptr<const std::string>& text) = 0;
    // To the lobby sockets of `player` on this node only (each node tells its own).
    virtual void send_here(int64_t player, const std::shared_ptr<const std::string>& text) = 0;
    // To every lobby socket on this node.
    virtual void broadcast(const json& msg) = 0;
    // A refusal sent to players rather than to the asking socket, counted once in the metrics.
    virtual std::shared_ptr<const std::string> error_message(const ApiError& e) = 0;
    // An event for the other nodes (nothing on a single node); `failed` may be empty.
    virtual void publish(json event, std::function<void()> failed) = 0;
    // A new id of a seek ('s') or a challenge ('c'), unique across nodes.
    virtual std::string new_offer_id(char kind) = 0;
    // Creates the table of a pairing and sends its players `paired`; `failed` runs when no
    // table was made.
    virtual void pair(PairingOrder order, std::function<void(const ApiError&)> failed) = 0;
    // Expires when the lobby is destroyed: a callback that comes later checks it first.
    virtual std::weak_ptr<const int> life() const = 0;
    // Where quick pairing's waits are counted; null when nowhere.
    virtual Metrics* metrics() const = 0;

  protected:
    ~LobbyRoom() = default;
};

// The player of a lobby socket; a socket without a session may only watch (ApiError).
inline const Identity& lobby_player(const LobbyClient& client) {
    if (client.who().player == 0)
        throw ApiError(ErrorCode::NotAllowed, "the lobby needs a session; reload the page");
    return client.who();
}

}  // namespace reversi::server
