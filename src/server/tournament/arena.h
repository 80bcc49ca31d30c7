// SPDX-License-Identifier: MIT
// An arena's rules (docs/SITE.md "Tournaments"), pure: the points of a finished game with the
// streak bonus, and who plays whom among the players free now. A game won scores 2, a draw 1,
// a loss 0; after two wins in a row every further game scores double until the streak ends
// (a draw or a loss ends it; the draw still counts double). Free players are paired by score,
// then rating, neighbours in that order, avoiding the opponent each just played where another
// choice exists.
#pragma once

#include <cstdint>
#include <vector>

#include "server/common/rating_scale.h"

namespace reversi::server::tournament {

// One game's outcome for one player.
enum class Outcome { Win, Draw, Loss };

// A player of an arena as the rules see it.
struct ArenaEntrant {
    int64_t player = 0;
    double rating = StartRating;
    int score = 0;
    int streak = 0;             // wins in a row up to now
    int64_t last_opponent = 0;  // 0: none yet
    int games = 0;
};

// The points `outcome` scores for `e` now (the streak as it stands before this game).
int arena_points(const ArenaEntrant& e, Outcome outcome);
// Applies a finished game to `e`: points, streak, games, last opponent.
void record_arena_game(ArenaEntrant& e, Outcome outcome, int64_t opponent);

// Three and four players: a game scores by place, 2 for each other player finished ahead of,
// 1 for each level, 0 for each ahead (so two players score 2, 1, 0 as above; four score 6, 4,
// 2, 0 when nobody is level). `half` is that count out of `most` (2 per other player); a win is
// `most` (first alone), which feeds the streak as a two-player win does.
void record_arena_place(ArenaEntrant& e, int half, int most, int64_t opponent);

// Pairs of indices into `free` (players waiting for a game), best first; an odd one out
// waits for the next round of pairing.
std::vector<std::pair<int, int>> arena_pairs(const std::vector<ArenaEntrant>& free);

// Groups of `size` (3 or 4) indices into `free`, by score then rating, neighbours together
// (best first); the players left over wait for the next round of pairing.
std::vector<std::vector<int>> arena_groups(const std::vector<ArenaEntrant>& free, int size);

// The standings order: score, then rating, then player id; indices into `entrants`.
std::vector<int> arena_ranking(const std::vector<ArenaEntrant>& entrants);

}  // namespace reversi::server::tournament
