// SPDX-License-Identifier: MIT
// Quick pairing (docs/SITE.md "Lobby"): players waiting for a game of one pool and one time
// control preset are paired by rating within a window that widens while they wait. Pure
// logic with time passed in (steady milliseconds), so it is tested without waiting. A player
// has at most one entry; two entries of one player never meet; a group is only formed when
// every member's window holds every other member's rating.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/variant.h"
#include "server/common/protocol.h"
#include "server/common/rating_scale.h"
#include "server/rating/rated_players.h"
#include "server/rating/ratings.h"

namespace reversi::server {

// The time control of a quick-pairing preset ("3+2": 3 minutes, 2 s increment; "untimed"),
// or nothing for an unknown name.
std::optional<ClockSpec> preset_clock(std::string_view preset);
// The preset names, in the order clients show them.
const std::vector<std::string>& preset_names();

// How the rating window grows: `base` at first, `step` more every `step_ms` of waiting.
// When nobody else waits for the same game (the seekers of that pool, preset and kind are
// exactly one group), waiting longer cannot bring a closer opponent: once each of them has
// waited `alone_ms`, they are paired whatever the gap (0: never).
struct PairingWindow {
    double base = 100;
    double step = 50;
    int64_t step_ms = 5000;
    int64_t alone_ms = 8000;
};

// One player waiting for a quick pairing.
struct QuickEntry {
    int64_t player = 0;
    double rating = StartRating;
    std::string pool;
    std::string preset;
    bool rated = false;  // rated entries meet rated entries only
    int players = 2;     // seats of the pool's games: a group of this many is paired
    int64_t since = 0;   // steady ms when the player started waiting
    // Where the player plays from: two rated entries of one address never meet
    // (rating/rated_players.h); empty when not known.
    std::string address;
};

class QuickQueue {
  public:
    explicit QuickQueue(PairingWindow window = {}, RatedMeetingRule rule = RatedMeetingRule())
        : window_(window), rule_(rule) {}

    // The rating difference `entry` accepts at `now` (by its wait alone).
    double window(const QuickEntry& entry, int64_t now) const;
    // How many entries (`entry`'s own included) wait for the same game as `entry`.
    int seeking(const QuickEntry& entry) const;
    // When (steady ms) `entry` is paired whatever the gap if nobody else comes: the seekers
    // of its game are one group, once each has waited alone_ms; nothing otherwise.
    std::optional<int64_t> any_rating_at(const QuickEntry& entry) const;
    // Adds the player's entry, replacing any earlier one of the same player.
    void add(QuickEntry entry);
    // Removes the player's entry; false when there was none.
    bool remove(int64_t player);
    const QuickEntry* find(int64_t player) const;
    const std::vector<QuickEntry>& entries() const { return entries_; }

    // Forms every group that can play at `now` and takes its members out of the queue. The
    // longest waiting are served first, each with the closest ratings that fit; a group's
    // members are listed in the order they started waiting.
    std::vector<std::vector<QuickEntry>> match(int64_t now);

  private:
    bool compatible(const QuickEntry& a, const QuickEntry& b, int64_t now) const;
    static bool same_game(const QuickEntry& a, const QuickEntry& b);

    PairingWindow window_;
    RatedMeetingRule rule_;
    std::vector<QuickEntry> entries_;  // in order of arrival
};

// Quick pairing across nodes (docs/MULTINODE.md): the shared queue's seekers, in order of
// arrival (a player's later entry replaces an earlier one), matched by the same rules as one
// node's queue; the groups are given as indices into `seekers`.
std::vector<std::vector<size_t>> match_in_order(const std::vector<QuickEntry>& seekers, int64_t now,
                                                PairingWindow window = {});

}  // namespace reversi::server
