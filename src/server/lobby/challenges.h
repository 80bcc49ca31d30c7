// SPDX-License-Identifier: MIT
// The lobby's challenges (docs/SITE.md "Challenges"): one player asks a named player for a
// game, who accepts or declines; the challenger may cancel, and a challenge expires. A
// correspondence challenge waits for a player who is away, kept in the store so that a
// restart does not lose it. The other nodes' challenges are kept from their events, so a
// lobby tab opened later shows those of every node; a reply to one goes to its node
// (lobby/remote.cpp). Each message is checked in full first: a refused one throws ApiError
// and changes nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "server/common/identity.h"
#include "server/common/protocol.h"
#include "server/lobby/room.h"
#include "server/lobby/services.h"
#include "server/storage/challenge_store.h"

namespace reversi::server {

class Challenges {
  public:
    explicit Challenges(LobbyRoom& room) : room_(room) {}

    // The messages "challenge", "challenge_reply" and "challenge_cancel" of a lobby socket.
    void on_challenge(LobbyClient& client, const json& msg);
    void on_reply(LobbyClient& client, const json& msg);
    void on_cancel(LobbyClient& client, const json& msg);
    // `me` (from `address`) accepts or declines the challenge `id`, wherever it is held.
    void answer(const Identity& me, const std::string& address, const std::string& id, bool accept);
    // The same for a challenge held on this node (another node's player answers through it).
    void reply(const Identity& me, const std::string& address, const std::string& id, bool accept);
    // The stored correspondence challenges, each held under a new id of this node.
    void restore(const std::vector<StoredChallenge>& rows);
    // Ends every challenge from or to `player`, correspondence ones too.
    void end_all_of(int64_t player);
    // Ends the live challenges from or to `player`, who left every lobby (a correspondence
    // challenge waits its days for both players).
    void end_live_of(int64_t player);
    // Ends the challenges that expire by `now`.
    void expire(int64_t now);
    // Sends `client` the challenges waiting for its player, this node's then the others'.
    void send_waiting(LobbyClient& client) const;

    // Another node's challenge added ("chal+") or gone ("chal-"); one that does not fit throws
    // ApiError. A node gone: its challenges go from the views here.
    void remote_event(const std::string& node, const json& event);
    void drop_node(const std::string& node);

    size_t count() const { return challenges_.size(); }
    size_t remote_count() const { return remote_challenges_.size(); }

  private:
    struct Challenge {
        std::string id;
        Identity from, to;
        std::string from_address;
        core::Setup setup;
        ClockSpec clock;
        bool rated = false;
        int64_t expires = 0;
    };
    struct RemoteChallenge {
        std::string node;
        int64_t to = 0;
        json incoming;  // the "challenge" message its player gets
    };

    // Holds `c` (its id set): stored when it is a correspondence one, told to the other nodes,
    // and sent to both players' lobby sockets here.
    void hold(Challenge c);
    // The "challenge" message its challenged player gets.
    static json incoming_json(const Challenge& c);
    void end(const std::string& id, const char* reason);
    // Answers a reply or cancel of a challenge that is not pending: `not_found`, saying why
    // when it ended lately (and telling the player's sockets it is gone). Always throws.
    [[noreturn]] void not_pending(const Identity& me, const std::string& id);

    LobbyRoom& room_;
    std::map<std::string, Challenge> challenges_;
    // The last challenges that ended (id, reason), so a late reply learns why.
    std::deque<std::pair<std::string, std::string>> ended_;
    std::map<std::string, RemoteChallenge> remote_challenges_;
};

}  // namespace reversi::server
