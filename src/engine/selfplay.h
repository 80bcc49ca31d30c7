// SPDX-License-Identifier: MIT
// Self-play games that make training positions: a random opening of varied length, then
// shallow searches with an occasional random move, and from `exact_empties` on every move
// solved exactly, so that every position of the tail carries its exact value.
#pragma once

#include <cstdint>
#include <vector>

#include "core/variant.h"
#include "engine/engine.h"
#include "engine/training_data.h"

namespace reversi::engine {

struct SelfplayOptions {
    int depth = 2;             // midgame search depth
    int exact_empties = 18;    // solve exactly from this many empties
    int random_plies_min = 4;  // random opening length, uniform in [min, max]
    int random_plies_max = 16;
    int random_move_permille = 50;  // midgame moves picked at random instead
    uint64_t seed = 1;
    // 3-4 players: besides the mover's, a record from every other seat's view (flag
    // `other_seat`), so that each position teaches every seat's margin.
    bool all_seats = true;
};

// Plays game number `index` (its randomness comes from the seed and the index only) and
// returns its positions, labelled with the mover's final disc difference (RULES.md 3; with
// anti the sign follows the winner, as the evaluation's does). With 3-4 players a record is a
// seat's discs against every other disc, labelled with the seat's final margin over the best
// other seat (multiplayer_margin); there is no exact tail (no 3-4 player solver).
std::vector<TrainingPosition> play_selfplay_game(const core::Variant& variant,
                                                 const SelfplayOptions& options, uint64_t index,
                                                 Engine& engine);

}  // namespace reversi::engine
