// SPDX-License-Identifier: MIT
// The trained evaluation of 3-4 player positions: the two-player pattern machinery seen from
// one seat, its own discs against every other disc (the other seats' and the neutral one), so
// the pattern sets, indexing and weight files are the two-player ones. A value is the seat's
// expected final margin over the best other seat (MultiEval::terminal's margin) in hundredths
// of a disc. Weights are per variant key ("8x8-3p", "octagon-4p-anti").
#pragma once

#include <memory>
#include <string>

#include "core/position.h"
#include "engine/limits.h"
#include "engine/pattern_eval.h"

namespace reversi::engine {

// The weight key of a 3-4 player variant ("8x8-3p", "10x10-4p-anti"), or "" where no pattern
// set applies (blocked squares, two players).
std::string multiplayer_variant_key(const core::Geometry& geometry, int players, bool anti);

// The weight key of any variant: multiplayer_variant_key with 3-4 players, else
// pattern_variant_key ("" where no pattern set applies).
std::string weight_variant_key(const core::Variant& variant);

class MultiPatternEval {
  public:
    // Throws WeightError when the weights do not fit the geometry's pattern set.
    MultiPatternEval(const core::Geometry& geometry, std::shared_ptr<const PatternWeights> weights);
    // `seat`'s expected margin in hundredths of a disc, inside +-(playable squares * DiscScale).
    int evaluate(const core::Position& pos, int seat) const;

  private:
    // Only one pair is set: the one of the shape's board word (the evaluation keeps a
    // reference to its layout, hence the pointers).
    std::unique_ptr<Layout<uint64_t>> layout64_;
    std::unique_ptr<PatternEval<uint64_t>> eval64_;
    std::unique_ptr<Layout<core::u128>> layout128_;
    std::unique_ptr<PatternEval<core::u128>> eval128_;
};

// The trained evaluation a 3-4 player search of `pos` uses under `limits` (eval:handmade,
// weights:DIR), or null when the hand-made MultiEval plays: forced, or no weights shipped for
// the variant. Throws WeightError when listed weights are missing or damaged.
std::unique_ptr<MultiPatternEval> make_multiplayer_pattern_eval(const core::Position& pos,
                                                                const SearchLimits& limits);

}  // namespace reversi::engine
