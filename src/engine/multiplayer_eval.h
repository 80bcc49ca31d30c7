// SPDX-License-Identifier: MIT
// Static evaluation of 3-4 player positions from one seat's point of view. Each colour gets
// its own score from discs, mobility, anchored squares (ones no line can ever flip: corners,
// octagon and blocked-square anchors), edge stability and the squares that hand an anchor
// away; the seat's value is its score minus the best opponent's. Anti-Reversi has its own
// objective (few discs, no anchors), not a sign flip of the whole value.
#pragma once

#include <array>

#include "core/position.h"

namespace reversi::engine {

// Magnitude of a won game; every heuristic value lies well inside (-Win, Win).
constexpr int MultiWin = 1'000'000;

// `seat`'s final margin: its discs minus the best other seat's (anti: the fewest other seat's
// discs minus its own), so that positive is good for `seat` in both. What the trained
// evaluation learns and what a finished game adds to +-MultiWin.
int multiplayer_margin(const core::Outcome& outcome, int players, int seat, bool anti);

// Squares and weights of one variant, computed once per search (a per-square loop is fine
// here: it runs once, never in the tree).
class MultiEval {
  public:
    explicit MultiEval(const core::Position& sample);

    // Heuristic value of `pos` for `seat` (positive: `seat` is ahead).
    int evaluate(const core::Position& pos, int seat) const;
    // Exact value of a finished game for `seat`: +-MultiWin plus the disc margin, 0 for a draw
    // of the table that `seat` shares.
    int terminal(const core::Position& pos, int seat) const;
    // What one disc is worth in `pos` (the unit grows as the board fills); level noise given
    // in hundredths of a disc is scaled by it.
    int disc_weight(const core::Position& pos) const;
    // Squares no line can ever flip (a neighbour missing on every axis).
    core::u128 anchors() const { return anchors_; }
    // Squares next to an anchor; taking them while the anchor is empty gives it away.
    core::u128 anchor_neighbours() const { return anchor_neighbours_; }

  private:
    template <class B, class K>
    int evaluate_with(const core::Position& pos, int seat) const;

    const core::Geometry* geometry_;
    bool anti_;
    int players_;
    int squares_;
    core::u128 anchors_ = 0;
    core::u128 anchor_neighbours_ = 0;
    core::u128 edges_ = 0;
};

}  // namespace reversi::engine
