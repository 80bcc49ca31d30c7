// SPDX-License-Identifier: MIT
// The training positions of a game played elsewhere: on the site (reversi sitegames) or in an
// imported file. Such a game is hostile input, so it is replayed move by move and refused at
// the first move that is not legal; and only a game played to its end has a result to learn
// from (a resigned, timed-out or agreed game stops at a position that is no result).
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "core/variant.h"
#include "engine/training_data.h"

namespace reversi::engine {

struct GamePositions {
    // Every position in which the side to move had a move, from the mover's view, labelled
    // with the mover's final disc difference (as self-play labels them, final_score); empty
    // when the game was refused.
    std::vector<TrainingPosition> positions;
    std::string refused;  // why the game was refused, empty when it was not
};

// Replays `moves` (squares of `variant`'s board, PassMove for a pass; a forced pass may also be
// left out) from the variant's start. Two players only.
GamePositions training_positions_of_game(const core::Variant& variant,
                                         const std::vector<core::Square>& moves);

}  // namespace reversi::engine
