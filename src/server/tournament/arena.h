// SPDX-License-Identifier: MIT
// An arena's rules (docs/SITE.md "Tournaments"), pure: the points of a finished game with the
// streak bonus, and who plays whom among the players free now. A game won scores 2, a draw 1,
// a loss 0; after two wins in a row every further game scores double until the streak ends
// (a draw or a loss ends it; the draw still counts double). Free players are paired as lichess
// pairs them: those who have waited longest first, each with the free player nearest to it in
// the standings, never two who just played each other while anyone else may become free.
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
    // When the player last became free, in any unit that grows (the tournament counts the
    // games ended); a smaller value has waited longer.
    int64_t free_since = 0;
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

// Pairs of indices into `free` (players waiting for a game). The players who have waited
// longest choose first (ties: the standings order, arena_ranking); each meets the free player
// nearest to it in the standings that it did not just play (neither is the other's last
// opponent). One left without such a partner waits for the next round of pairing, unless
// `nobody_else` (no other player of the arena is at a table, so nobody else can become
// free): then two who just played meet again rather than wait for ever.
std::vector<std::pair<int, int>> arena_pairs(const std::vector<ArenaEntrant>& free,
                                             bool nobody_else);

// Groups of `size` (3 or 4) indices into `free`: the players who have waited longest choose
// first (ties: the standings order), each with the size - 1 free players nearest to it in the
// standings; the players left over wait for the next round of pairing.
std::vector<std::vector<int>> arena_groups(const std::vector<ArenaEntrant>& free, int size);

// The standings order: score, then rating, then player id; indices into `entrants`.
std::vector<int> arena_ranking(const std::vector<ArenaEntrant>& entrants);

}  // namespace reversi::server::tournament
