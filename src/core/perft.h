// SPDX-License-Identifier: MIT
// Perft: the number of move sequences of a given length (RULES.md 8: a pass is a ply and
// a finished game is one leaf). It walks the whole tree, with no table of counted positions;
// two-player positions take a specialised path over "mine vs. theirs" board words.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace reversi::core {

// Move sequences of length `depth` from `pos`.
uint64_t perft(const Position& pos, int depth);

// The count below each legal root move (or the forced pass), in square order.
std::vector<std::pair<Square, uint64_t>> perft_divide(const Position& pos, int depth);

// Per-ply counts of the tree (index 0 is the root's children): sequences, passes among
// them and games that ended. Walks the generic path, so it is slower than perft().
struct PerftPlyStats {
    uint64_t nodes = 0;
    uint64_t passes = 0;
    uint64_t ended = 0;
};
std::vector<PerftPlyStats> perft_stats(const Position& pos, int depth);

}  // namespace reversi::core
