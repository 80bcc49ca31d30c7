// SPDX-License-Identifier: MIT
// The lobby's quick pairing (docs/SITE.md "Lobby"): a player waits for a game of one pool and
// one preset, is paired by rating within a window that widens (lobby/pairing.h, the rules),
// and is told how the wait goes. On one node this queue pairs; across nodes (docs/MULTINODE.md)
// the shared queue does, on the bus's thread (match_quick_seekers), and the group it took
// comes back here (on_match) to be made into a table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/common/identity.h"
#include "server/common/protocol.h"
#include "server/lobby/pairing.h"
#include "server/lobby/room.h"
#include "server/lobby/services.h"

namespace reversi::server {

// Quick pairing across nodes: the groups that the shared queue's seekers (each a "quick+"
// event with "since", in order of arrival) form at `now`, as indices into `seekers`, by the
// rules of one node's queue (pairing.h). Seekers that do not read are skipped. The bus runs
// it on its own thread: it touches no lobby.
std::vector<std::vector<size_t>> match_quick_seekers(const std::vector<json>& seekers, int64_t now);

class QuickPairing {
  public:
    QuickPairing(LobbyRoom& room, RatedMeetingRule rule) : room_(room), queue_({}, rule) {}

    // The messages "quick" and "quick_cancel" of a lobby socket.
    void on_quick(LobbyClient& client, const json& msg);
    void on_cancel(LobbyClient& client);
    // Takes the player out of the queue (and of the shared one); false if not waiting.
    bool drop(int64_t player);
    // Pairs the seekers whose windows now meet (one node only), and tells those still waiting
    // when their window has grown or others came or went.
    void run();
    // Sends `client` its player's waiting status, when they wait.
    void send_waiting(LobbyClient& client) const;
    // A group that the shared queue took for this node: {"group": [seeker, ...]}, each as
    // published in "quick+". Never throws.
    void on_match(const json& event);
    // Players paired on another node ("quick_taken"): they stop waiting here.
    void remote_taken(const json& event);

    size_t count() const { return queue_.entries().size(); }

  private:
    // What a waiting player was last told in "quick_waiting".
    struct Told {
        double window = -1;
        int seeking = -1;
    };

    bool shared() const { return static_cast<bool>(room_.services().publish); }
    void publish(const QuickEntry& entry, const Identity& who);
    void stop(int64_t player);
    // The seeker's status (docs/SITE.md "Lobby"): window, how many seek the same game, and
    // when any rating will do if nobody else comes.
    json waiting_json(const QuickEntry& e, int64_t now) const;
    // Pairs a group of `kind`'s pool and preset, its seats in a random order.
    void pair(const QuickEntry& kind, std::vector<Identity> seats,
              std::vector<std::string> addresses);

    LobbyRoom& room_;
    QuickQueue queue_;
    std::unordered_map<int64_t, Told> told_;  // per waiting player; none: not told yet
};

}  // namespace reversi::server
