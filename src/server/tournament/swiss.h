// SPDX-License-Identifier: MIT
// A Swiss tournament's rules (docs/SITE.md "Tournaments"), pure: the pairing of a round by
// the Monrad system (players ordered by score, then rating; each in turn meets the highest
// one below not yet met; when that leaves someone stuck, the round is searched again with
// backtracking, so nobody meets the same opponent twice while any pairing allows it), a bye
// for an odd count (the lowest-ranked player without one: a won game, 1 point), and the
// standings with Buchholz and Sonneborn-Berger tie-breaks. Scores are in half points: a win
// 2, a draw 1, a loss 0.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "server/common/rating_scale.h"

namespace reversi::server::tournament {

// One game of a Swiss: `second` is 0 for a bye. `score` is the first player's: 2, 1 or 0.
struct SwissGame {
    int round = 0;
    int64_t first = 0;
    int64_t second = 0;  // 0: a bye
    int score = 0;       // half points of `first` (a bye scores 2)
};

struct SwissEntrant {
    int64_t player = 0;
    double rating = StartRating;
};

// A round's pairing: games (first, second) and the bye (0 when none).
struct SwissRound {
    std::vector<std::pair<int64_t, int64_t>> games;
    int64_t bye = 0;
};

// The next round for `entrants` after the finished `games`.
SwissRound swiss_pairing(const std::vector<SwissEntrant>& entrants,
                         const std::vector<SwissGame>& games);

// One line of the standings.
struct SwissStanding {
    int64_t player = 0;
    int score = 0;             // half points
    int buchholz = 0;          // half points: the sum of the opponents' scores
    int sonneborn_berger = 0;  // quarter points: beaten opponents' scores, half of drawn ones'
};

// The standings after `games`: score, then Buchholz, then Sonneborn-Berger, then rating.
std::vector<SwissStanding> swiss_standings(const std::vector<SwissEntrant>& entrants,
                                           const std::vector<SwissGame>& games);

}  // namespace reversi::server::tournament
