// SPDX-License-Identifier: MIT
// What the lobby takes from the rest of the server (LobbyServices: time, ratings, table
// making, the bus), its bounds (LobbyLimits) and the sockets it serves (LobbyClient): the
// lobby's contract with the outside, which the lobby's front and its parts (seeks,
// challenges, quick pairing) all read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/common/identity.h"
#include "server/common/protocol.h"
#include "server/common/rating_scale.h"
#include "server/rating/rated_players.h"
#include "server/storage/challenge_store.h"
#include "server/table/paired_table.h"

namespace reversi::server {

// Bounds of the lobby; each is a real limit (no zero for "unlimited").
struct LobbyLimits {
    int64_t seek_ms = 30 * 60 * 1000;      // a seek expires this long after it was posted
    int64_t challenge_ms = 2 * 60 * 1000;  // an unanswered challenge expires
    int seeks_per_player = 3;
    int seeks_per_address = 6;        // open seeks of all the players of one address
    int max_seeks = 5000;             // open seeks in all
    int challenges_per_player = 5;    // pending challenges a player has sent
    int challenges_per_address = 10;  // pending challenges sent from one address
    int challenges_to_player = 20;    // pending challenges a player has received
    // Pending challenges one sender (a player, or an address) may have to one player, so a
    // few spammers cannot fill a player's slots and keep a friend's challenge out.
    int challenges_to_player_per_sender = 2;
    size_t seeks_per_page = 50;      // seeks in the first "lobby" message and in each "seek_page"
    RatedMeetingRule rated_meeting;  // from ServerLimits::rated_same_address
    double messages_per_second = 2;
    double message_burst = 20;  // a socket may send this many at once, then the rate
    size_t max_message_bytes = 4096;
    size_t max_games_listed = 100;  // running games in one "games" message
    // A game against the computer is its player's turn while they are at the table and this
    // long after they left it: the hub's idle time, after which it unloads a table nobody
    // watches (ServerLimits::idle_table_seconds), ends the game's normal life in memory.
    int64_t computer_turn_ms = 10 * 60 * 1000;
};

// A player's rating in one pool as the lobby shows it.
struct LobbyRating {
    double rating = StartRating;
    bool provisional = true;
};

// What the lobby takes from the rest of the server.
struct LobbyServices {
    std::function<int64_t()> now;       // steady milliseconds
    std::function<int64_t()> wall_now;  // milliseconds since the Unix epoch
    std::function<uint64_t()> random;   // seat colours, shuffles, random blocked squares
    std::function<LobbyRating(const Identity&, const std::string& pool)> rating;
    // The "me" object of the lobby message (docs/SITE.md "Identity").
    std::function<json(const Identity&)> me;
    // Commits a table with every seat taken; `done` runs later (or at once) with the tokens.
    std::function<void(PairingOrder, PairingDone)> create_table;
    // A lobby socket of a player opened (+1) or closed (-1) (the accounts' online flag);
    // may be empty.
    std::function<void(int64_t player, int delta)> lobby_socket;
    // A player by name (ignoring case), online or not: a correspondence challenge waits for
    // one who is away. May be empty (offline players cannot be challenged then).
    std::function<std::optional<Identity>(const std::string& name)> account;
    // Keeps an open correspondence challenge in the store, and deletes it there when it ends,
    // so that a restart does not lose it (docs/SITE.md "Lobby"); both may be empty.
    std::function<void(const StoredChallenge&)> keep_challenge;
    std::function<void(const std::string& id)> forget_challenge;
    // Several nodes on one database (docs/MULTINODE.md, lobby/remote.cpp): this node's name
    // (in offer ids, so they are unique across nodes) and the bus to the other nodes'
    // lobbies; `failed` runs later on this thread when the event was not stored and sent.
    // Both empty on a single node.
    std::string node;
    std::function<void(json event, std::function<void()> failed)> publish;
};

// One lobby WebSocket as the lobby sees it.
class LobbyClient {
  public:
    virtual ~LobbyClient() = default;
    // Queues a text message to the client.
    virtual void deliver(std::shared_ptr<const std::string> text) = 0;
    // The socket's player; the same from connect() to disconnect().
    virtual const Identity& who() const = 0;
    // The client's address (Peer::address), for the limits per address and rated pairings.
    virtual const std::string& address() const = 0;
    // Closes the socket after its queued messages (a ban); disconnect() follows.
    virtual void close() {}
};

}  // namespace reversi::server
