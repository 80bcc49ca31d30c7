// SPDX-License-Identifier: MIT
// Static evaluation of two-player positions, in hundredths of a disc for the side to move.
// `Evaluator<B>` is the small interface the search calls, so that a trained pattern
// evaluation can replace the hand-made `HeuristicEval` later. Anti-Reversi has its own
// weights (fewest discs wins: corners and stable discs are liabilities there).
#pragma once

#include <cstdint>

#include "engine/board.h"

namespace reversi::engine {

// Hundredths of a disc per disc: evaluation and search scores use this unit.
constexpr int DiscScale = 100;

template <class B>
class Evaluator {
  public:
    virtual ~Evaluator() = default;
    // The mover's expected final disc difference, in hundredths of a disc; always strictly
    // inside +-(playable squares * DiscScale), so that proven results rank beyond it.
    virtual int evaluate(B own, B opp) const = 0;
};

// Weights of one game phase (hundredths of a disc per unit of each feature).
struct EvalWeights {
    int mobility;
    int potential_mobility;
    int corners;
    int corner_neighbours;  // own disc next to an empty corner-like square
    int stable;
    int parity;  // the mover will play last in an odd number of empties
    int discs;
};

// Mobility, potential mobility, corners and their neighbours, stable discs, parity and the
// disc count, each weighted by the phase (interpolated from opening to end by empties).
template <class B>
class HeuristicEval final : public Evaluator<B> {
  public:
    HeuristicEval(const Layout<B>& layout, bool anti);
    int evaluate(B own, B opp) const override;

  private:
    const Layout<B>& layout_;
    EvalWeights opening_;
    EvalWeights ending_;
};

extern template class HeuristicEval<uint64_t>;
extern template class HeuristicEval<core::u128>;

}  // namespace reversi::engine
