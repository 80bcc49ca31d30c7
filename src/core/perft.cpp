// SPDX-License-Identifier: MIT
// Perft walkers. The two-player path counts the last ply's moves without playing them
// (a leaf's parent only needs its move count), which is fair: every interior node is
// generated and played.
#include "core/perft.h"

#include "core/bitboard.h"
#include "core/movegen.h"

namespace reversi::core {

namespace {

template <class K, class B>
struct TwoPlayerPerft {
    B playable;
    B inner;

    uint64_t count(B own, B opp, int depth) const {
        const B moves = K::moves(own, opp, playable & ~(own | opp), inner);
        if (!moves) {
            if (!K::moves(opp, own, playable & ~(own | opp), inner)) return 1;  // game over
            return depth == 1 ? 1 : count(opp, own, depth - 1);                 // pass
        }
        if (depth == 1) return popcount(moves);
        uint64_t total = 0;
        B rest = moves;
        // Each child is a leaf's parent: its count is its number of moves, or 1 when it has
        // none (a forced pass or the end of the game are both one sequence).
        if (depth == 2) return K::reply_total(own, opp, moves, playable & ~(own | opp), inner);
        if (depth == 3) {
            // The grandchildren of all children go through one batch, so a lane-parallel
            // kernel fills its lanes across parents. A child with no move (pass or end) takes
            // the ordinary path.
            const B empty = playable & ~(own | opp);
            typename K::ReplyBatch batch;
            do {
                const int sq = pop_lsb(rest);
                const B bit = square_bit<B>(sq);
                const B flipped = K::flips(sq, own, opp, inner);
                const B child_own = opp & ~flipped, child_opp = own | flipped | bit;
                const B child_moves = K::moves(child_own, child_opp, empty & ~bit, inner);
                if (child_moves)
                    batch.add(child_own, child_opp, child_moves, empty & ~bit, inner);
                else
                    total += count(child_own, child_opp, 2);
            } while (rest);
            return total + batch.total();
        }
        do {
            const int sq = pop_lsb(rest);
            const B flipped = K::flips(sq, own, opp, inner);
            total += count(opp & ~flipped, own | flipped | square_bit<B>(sq), depth - 1);
        } while (rest);
        return total;
    }
};

uint64_t perft_generic(const Position& pos, int depth) {
    if (depth == 0) return 1;
    if (pos.players() == 2 && !pos.in_opening()) {
        const Geometry& g = pos.geometry();
        const int me = pos.side();
        if (g.narrow()) {
            const TwoPlayerPerft<Kernel64, uint64_t> walker{low64(g.playable()), low64(g.inner())};
            return walker.count(low64(pos.discs(me)), low64(pos.discs(1 - me)), depth);
        }
        const TwoPlayerPerft<Kernel128, u128> walker{g.playable(), g.inner()};
        return walker.count(pos.discs(me), pos.discs(1 - me), depth);
    }
    u128 moves = pos.legal_moves();
    if (!moves) {
        if (pos.is_over()) return 1;
        return perft_generic(pos.after(PassMove), depth - 1);
    }
    if (depth == 1) return popcount(moves);
    uint64_t total = 0;
    while (moves) total += perft_generic(pos.after(pop_lsb(moves)), depth - 1);
    return total;
}

void stats_walk(const Position& pos, int ply, int depth, std::vector<PerftPlyStats>& stats) {
    if (ply == depth) return;
    u128 moves = pos.legal_moves();
    if (!moves) {
        if (pos.is_over()) return;  // counted by the parent as an ended game
        ++stats[ply].nodes;
        ++stats[ply].passes;
        stats_walk(pos.after(PassMove), ply + 1, depth, stats);
        return;
    }
    while (moves) {
        const Position next = pos.after(pop_lsb(moves));
        ++stats[ply].nodes;
        if (next.is_over()) ++stats[ply].ended;
        stats_walk(next, ply + 1, depth, stats);
    }
}

}  // namespace

uint64_t perft(const Position& pos, int depth) {
    return perft_generic(pos, depth);
}

std::vector<std::pair<Square, uint64_t>> perft_divide(const Position& pos, int depth) {
    std::vector<std::pair<Square, uint64_t>> out;
    if (depth <= 0 || pos.is_over()) return out;
    u128 moves = pos.legal_moves();
    if (!moves) {
        out.emplace_back(PassMove, perft(pos.after(PassMove), depth - 1));
        return out;
    }
    while (moves) {
        const Square sq = pop_lsb(moves);
        out.emplace_back(sq, perft(pos.after(sq), depth - 1));
    }
    return out;
}

std::vector<PerftPlyStats> perft_stats(const Position& pos, int depth) {
    std::vector<PerftPlyStats> stats(depth > 0 ? depth : 0);
    if (depth > 0) stats_walk(pos, 0, depth, stats);
    return stats;
}

}  // namespace reversi::core
