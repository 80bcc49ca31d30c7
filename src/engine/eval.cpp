// SPDX-License-Identifier: MIT
// The hand-made evaluation. Every feature is a difference "mine minus theirs" computed with
// whole-board operations, so it is the same on every shape; corner-like squares and their
// neighbours come from the layout (derived from the geometry, blocked squares included).
#include "engine/eval.h"

#include <algorithm>

namespace reversi::engine {

namespace {

// Normal Reversi: mobility and corners early, stable discs and discs late.
constexpr EvalWeights NormalOpening{70, 25, 700, -220, 100, 0, -6};
constexpr EvalWeights NormalEnding{45, 10, 400, -90, 150, 150, 40};
// Anti-Reversi: own corners and stable discs are discs one can never give away, and a
// disc beside an empty corner invites the opponent to take that corner.
constexpr EvalWeights AntiOpening{60, 20, -500, 160, -120, 0, -4};
constexpr EvalWeights AntiEnding{40, 10, -300, 80, -150, -120, -50};

template <class B>
int count(B b) {
    return core::popcount(b);
}

// Own discs beside an empty corner-like square.
template <class B>
int exposed(const Layout<B>& l, B mine, B empty) {
    int n = 0;
    for (B b = mine & l.corner_neighbours; b;) {
        const int sq = core::pop_lsb(b);
        n += (l.touching_corners[sq] & empty) != 0;
    }
    return n;
}

}  // namespace

template <class B>
HeuristicEval<B>::HeuristicEval(const Layout<B>& layout, bool anti)
    : layout_(layout),
      opening_(anti ? AntiOpening : NormalOpening),
      ending_(anti ? AntiEnding : NormalEnding) {}

template <class B>
int HeuristicEval<B>::evaluate(B own, B opp) const {
    const Layout<B>& l = layout_;
    const B occupied = own | opp;
    const B empty = l.playable & ~occupied;
    const int empties = count(empty);
    const int total = l.playable_count;

    const int mobility = count(legal_moves(l, own, opp)) - count(legal_moves(l, opp, own));
    const int potential = count(frontier(l, opp, empty)) - count(frontier(l, own, empty));
    const int corners = count(own & l.corner_like) - count(opp & l.corner_like);
    const int neighbours = exposed(l, own, empty) - exposed(l, opp, empty);
    const int stable =
        count(stable_discs(l, own, occupied)) - count(stable_discs(l, opp, occupied));
    const int parity = (empties & 1) ? 1 : -1;
    const int discs = count(own) - count(opp);

    auto weigh = [&](const EvalWeights& w) {
        return w.mobility * mobility + w.potential_mobility * potential + w.corners * corners +
               w.corner_neighbours * neighbours + w.stable * stable + w.parity * parity +
               w.discs * discs;
    };
    // Phase: 1 with the board empty, 0 when it is full.
    const int open = weigh(opening_);
    const int end = weigh(ending_);
    const int score = (open * empties + end * (total - empties)) / std::max(total, 1);
    const int limit = total * DiscScale - 1;
    return std::clamp(score, -limit, limit);
}

template class HeuristicEval<uint64_t>;
template class HeuristicEval<core::u128>;

}  // namespace reversi::engine
