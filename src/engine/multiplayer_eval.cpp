// SPDX-License-Identifier: MIT
// Evaluation of 3-4 player positions. The tree calls evaluate() at every leaf, so the work
// there is whole-board: one move generation per seat and a few neighbour fills, dispatched
// once to the 64-bit or 128-bit kernel.
#include "engine/multiplayer_eval.h"

#include <algorithm>

#include "core/bitboard.h"
#include "core/movegen.h"

namespace reversi::engine {

namespace {

using core::u128;

template <class B>
B narrow_to(u128 b) {
    return static_cast<B>(b);
}

// Weights in eval units; a disc is worth 20 units at the start and 276 on a full board
// (phase in 0..64), so discs matter more as the board fills.
struct Weights {
    int disc;
    int mobility = 30;
    int anchor = 250;
    int stable = 60;
    int danger = 80;
};

Weights weights_for_phase(int phase) {
    return Weights{20 + phase * phase / 16};
}

}  // namespace

MultiEval::MultiEval(const core::Position& sample)
    : geometry_(&sample.geometry()),
      anti_(sample.variant().anti()),
      players_(sample.players()),
      squares_(sample.geometry().playable_count()) {
    const core::Geometry& g = *geometry_;
    const u128 playable = g.playable();
    auto open = [&](int col, int row) {
        if (col < 0 || row < 0 || col >= g.width() || row >= g.height()) return false;
        return ((playable >> g.square({col, row})) & 1) != 0;
    };
    constexpr int Axes[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int row = 0; row < g.height(); ++row)
        for (int col = 0; col < g.width(); ++col) {
            if (!open(col, row)) continue;
            bool anchored = true;
            bool edge = false;
            for (const auto& a : Axes) {
                const bool fwd = open(col + a[0], row + a[1]);
                const bool back = open(col - a[0], row - a[1]);
                if (fwd && back) anchored = false;
                if (!fwd || !back) edge = true;
            }
            const u128 bit = core::square_bit<u128>(g.square({col, row}));
            if (anchored) anchors_ |= bit;
            if (edge) edges_ |= bit;
        }
    anchor_neighbours_ =
        core::Kernel128::neighbours(anchors_, g.not_first_column(), g.not_last_column()) &
        playable & ~anchors_;
}

template <class B, class K>
int MultiEval::evaluate_with(const core::Position& pos, int seat) const {
    const core::Geometry& g = *geometry_;
    const B inner = narrow_to<B>(g.inner());
    const B not_first = narrow_to<B>(g.not_first_column());
    const B not_last = narrow_to<B>(g.not_last_column());
    const B occupied = narrow_to<B>(pos.occupied());
    const B empty = narrow_to<B>(pos.empty());
    const B anchors = narrow_to<B>(anchors_);
    const B edges = narrow_to<B>(edges_);
    // Squares next to an empty anchor: a disc there lets someone take the anchor.
    const B danger =
        K::neighbours(anchors & empty, not_first, not_last) & narrow_to<B>(anchor_neighbours_);
    const int phase = core::popcount(occupied) * 64 / std::max(squares_, 1);
    const Weights w = weights_for_phase(phase);

    std::array<int, core::MaxPlayers> score{};
    for (int s = 0; s < players_; ++s) {
        const B own = narrow_to<B>(pos.discs(s));
        const int mobility = core::popcount(K::moves(own, occupied & ~own, empty, inner));
        // Discs chained to an owned anchor along the rim cannot be flipped either (roughly).
        B stable = own & anchors;
        for (int i = 0; i < 3 && stable; ++i)
            stable |= own & edges & K::neighbours(stable, not_first, not_last);
        const int discs = core::popcount(own);
        const int positional = w.anchor * core::popcount(own & anchors) +
                               w.stable * core::popcount(stable & ~anchors) -
                               w.danger * core::popcount(own & danger);
        // Anti-Reversi: few discs and no permanent ones, but keeping moves still matters.
        score[s] = anti_ ? w.mobility * mobility - w.disc * discs - positional
                         : w.mobility * mobility + w.disc * discs + positional;
    }
    int best_other = -MultiWin;
    for (int s = 0; s < players_; ++s)
        if (s != seat) best_other = std::max(best_other, score[s]);
    return score[seat] - best_other;
}

int MultiEval::disc_weight(const core::Position& pos) const {
    return weights_for_phase(core::popcount(pos.occupied()) * 64 / std::max(squares_, 1)).disc;
}

int MultiEval::evaluate(const core::Position& pos, int seat) const {
    if (geometry_->narrow()) return evaluate_with<uint64_t, core::Kernel64>(pos, seat);
    return evaluate_with<u128, core::Kernel128>(pos, seat);
}

int multiplayer_margin(const core::Outcome& o, int players, int seat, bool anti) {
    int best_other = anti ? 1 << 20 : -1;
    for (int s = 0; s < players; ++s)
        if (s != seat)
            best_other = anti ? std::min(best_other, o.discs[s]) : std::max(best_other, o.discs[s]);
    return anti ? best_other - o.discs[seat] : o.discs[seat] - best_other;
}

int MultiEval::terminal(const core::Position& pos, int seat) const {
    const core::Outcome o = pos.outcome();
    const int margin = multiplayer_margin(o, players_, seat, anti_);
    if (o.winner == seat) return MultiWin + margin;
    // A shared top count is a draw for the whole table, whoever shares it.
    if (o.winner < 0) return margin;
    return -MultiWin + margin;
}

}  // namespace reversi::engine
