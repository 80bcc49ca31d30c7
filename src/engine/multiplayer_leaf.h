// SPDX-License-Identifier: MIT
// The static value every 3-4 player search gives a position: the trained patterns where the
// variant ships them, else the hand-made MultiEval, plus a level's noise. The noise is a pure
// function of the position and the seed, so one search always misjudges a position the same
// way and a seeded game is repeatable.
#pragma once

#include <cstdint>
#include <memory>

#include "core/position.h"
#include "engine/limits.h"
#include "engine/multiplayer_eval.h"
#include "engine/multiplayer_pattern_eval.h"

namespace reversi::engine {

class MultiLeafEval {
  public:
    // `noise`: amplitude of the uniform error in hundredths of a disc (0: none). Throws
    // WeightError when listed weights are missing or damaged.
    MultiLeafEval(const core::Position& root, const SearchLimits& limits, int noise);

    // `seat`'s value of `pos` in the evaluation's unit (positive: `seat` is ahead), noise
    // included.
    int value(const core::Position& pos, int seat) const;
    // What one disc is worth in value()'s unit (the hand-made unit grows as the board fills).
    int disc_weight(const core::Position& pos) const {
        return patterns_ ? DiscScale : handmade_.disc_weight(pos);
    }
    // The hand-made evaluation: anchors for ordering, exact values of finished games.
    const MultiEval& handmade() const { return handmade_; }

  private:
    MultiEval handmade_;
    std::unique_ptr<MultiPatternEval> patterns_;  // null: the hand-made evaluation values leaves
    uint64_t seed_;
    int noise_amplitude_;
};

}  // namespace reversi::engine
