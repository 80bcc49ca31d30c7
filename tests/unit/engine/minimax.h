// SPDX-License-Identifier: MIT
// Test helper: the exact final disc difference for the side to move, by plain negamax over
// the rules (no engine code): the reference the solver and the analysis must agree with.
#pragma once

#include <algorithm>

#include "core/bitboard.h"
#include "core/position.h"

namespace reversi::test {

inline int minimax(const core::Position& pos) {
    if (pos.is_over()) {
        const int black = pos.outcome().black_score;
        return pos.side() == 0 ? black : -black;
    }
    if (pos.must_pass()) return -minimax(pos.after(core::PassMove));
    int best = -1000;
    core::u128 moves = pos.legal_moves();
    while (moves) best = std::max(best, -minimax(pos.after(core::pop_lsb(moves))));
    return best;
}

}  // namespace reversi::test
