// SPDX-License-Identifier: MIT
#include "engine/greedy.h"

#include "core/bitboard.h"

namespace reversi::engine {

SearchResult greedy_move(const core::Position& pos, uint64_t seed) {
    SearchResult result;
    if (pos.is_over()) return result;
    if (pos.must_pass()) {
        result.best = core::PassMove;
        result.pv = {core::PassMove};
        return result;
    }
    core::u128 moves = pos.legal_moves();
    int best_flips = -1;
    uint64_t tiebreak = seed * 0x9e3779b97f4a7c15ULL + 1;
    while (moves) {
        const core::Square sq = core::pop_lsb(moves);
        const int flips = core::popcount(pos.flips(sq));
        tiebreak = tiebreak * 6364136223846793005ULL + 1442695040888963407ULL;
        if (flips > best_flips || (flips == best_flips && (tiebreak >> 63))) {
            best_flips = flips;
            result.best = sq;
        }
        ++result.nodes;
    }
    result.pv = {result.best};
    result.depth = 1;
    return result;
}

}  // namespace reversi::engine
