// SPDX-License-Identifier: MIT
// The one-ply greedy player: the legal move that flips most discs, ties broken by a seed.
// A yardstick for tests and matches, and the stand-in before deeper searches answer.
#pragma once

#include <cstdint>

#include "engine/engine.h"

namespace reversi::engine {

// The greedy choice in `pos` (PassMove when forced, NoSquare when the game is over).
SearchResult greedy_move(const core::Position& pos, uint64_t seed);

}  // namespace reversi::engine
