// SPDX-License-Identifier: MIT
// The Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system", 2013): one
// rating period's update of a player's rating, deviation and volatility from the games of
// that period. Pure functions on the public scale (1500 / 350 / 0.06 at the start).
#pragma once

#include <vector>

#include "server/common/rating_scale.h"

namespace reversi::server {

struct Glicko2Rating {
    double rating = StartRating;
    double rd = StartRd;
    double volatility = StartVolatility;
};

// One game of the period: the opponent's rating before it and the score (1, 0.5 or 0).
struct Glicko2Game {
    double opponent_rating = StartRating;
    double opponent_rd = StartRd;
    double score = 0;
};

// The system constant tau: how much the volatility may change in a period.
constexpr double Glicko2Tau = 0.5;
// The deviation never grows past the starting one.
constexpr double Glicko2MaxRd = StartRd;

// The player's rating after a period with `games` (none: only the deviation grows).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             double tau = Glicko2Tau);

}  // namespace reversi::server
