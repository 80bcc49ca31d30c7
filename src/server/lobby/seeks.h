// SPDX-License-Identifier: MIT
// The lobby's open offers (docs/SITE.md "Lobby"): a player posts a seek, anyone else accepts
// it, its player cancels it or it expires. This node's seeks are its own to pair; the other
// nodes' are shown beside them, and an accept of one is sent to its node (lobby/remote.cpp).
// Each message is checked in full first: a refused one throws ApiError and changes nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "server/common/identity.h"
#include "server/common/protocol.h"
#include "server/lobby/room.h"
#include "server/lobby/services.h"

namespace reversi::server {

class Seeks {
  public:
    explicit Seeks(LobbyRoom& room) : room_(room) {}

    // The messages "seek", "accept" and "cancel_seek" of a lobby socket.
    void on_seek(LobbyClient& client, const json& msg);
    void on_accept(LobbyClient& client, const json& msg);
    void on_cancel(LobbyClient& client, const json& msg);
    // `me` (from `address`) accepts this node's seek `id`: from a socket here or from
    // another node's player.
    void accept(const Identity& me, const std::string& address, const std::string& id);
    // {"type": "seek_page", "offset", "total", "seeks"}: at most seeks_per_page seeks from
    // `offset` on, in the order the lobby keeps them (docs/PROTOCOL.md "Lobby").
    json page_json(size_t offset) const;
    // The seeks of a player who left the lobby and every table.
    void remove_of(int64_t player);
    // Removes the seeks that expire by `now`.
    void expire(int64_t now);

    // Other nodes' seeks: one added ("seek+"), one removed ("seek-"), and those of a node that
    // is gone. A "seek+" that does not fit throws ApiError.
    void remote_added(const std::string& node, const json& event);
    void remote_removed(const std::string& node, const json& event);
    void drop_node(const std::string& node);

    size_t count() const { return seeks_.size(); }
    size_t remote_count() const { return remote_seeks_.size(); }

  private:
    struct Seek {
        std::string id;
        Identity owner;
        std::string owner_address;
        core::Setup setup;
        ClockSpec clock;
        bool rated = false;
        std::string pool;  // empty: a casual setup outside the pools
        std::string seat;  // "black" | "white" | "random"
        int64_t expires = 0;
        json view;  // the seek object sent to clients
    };
    struct RemoteSeek {
        std::string node;
        int64_t owner = 0;
        json view;
    };

    void remove(const std::string& id);

    LobbyRoom& room_;
    std::map<std::string, Seek> seeks_;  // ordered by id: oldest first
    std::map<std::string, RemoteSeek> remote_seeks_;
};

}  // namespace reversi::server
