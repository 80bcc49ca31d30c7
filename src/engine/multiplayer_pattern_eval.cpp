// SPDX-License-Identifier: MIT
// The 3-4 player pattern evaluation and its keys. The weights come from the same store as the
// two-player ones (trained_weights), so a listed variant whose file is missing stops the
// program, and REVERSI_CANDIDATE_WEIGHTS / weights:DIR work alike.
#include "engine/multiplayer_pattern_eval.h"

#include "core/bitboard.h"

namespace reversi::engine {

std::string multiplayer_variant_key(const core::Geometry& geometry, int players, bool anti) {
    if (players < 3) return "";
    const std::string base = pattern_variant_key(geometry, false);
    if (base.empty()) return "";
    return base + "-" + std::to_string(players) + "p" + (anti ? "-anti" : "");
}

std::string weight_variant_key(const core::Variant& v) {
    return v.players() > 2 ? multiplayer_variant_key(v.geometry(), v.players(), v.anti())
                           : pattern_variant_key(v.geometry(), v.anti());
}

MultiPatternEval::MultiPatternEval(const core::Geometry& geometry,
                                   std::shared_ptr<const PatternWeights> weights) {
    if (geometry.narrow()) {
        layout64_ = std::make_unique<Layout<uint64_t>>(geometry);
        eval64_ = std::make_unique<PatternEval<uint64_t>>(*layout64_, geometry, std::move(weights));
    } else {
        layout128_ = std::make_unique<Layout<core::u128>>(geometry);
        eval128_ =
            std::make_unique<PatternEval<core::u128>>(*layout128_, geometry, std::move(weights));
    }
}

int MultiPatternEval::evaluate(const core::Position& pos, int seat) const {
    const core::u128 own = pos.discs(seat);
    const core::u128 others = pos.occupied() & ~own;
    if (eval64_)
        return eval64_->evaluate(static_cast<uint64_t>(own), static_cast<uint64_t>(others));
    return eval128_->evaluate(own, others);
}

std::unique_ptr<MultiPatternEval> make_multiplayer_pattern_eval(const core::Position& pos,
                                                                const SearchLimits& limits) {
    if (limits.handmade_eval) return nullptr;
    // Blocked boards keep MultiEval unless eval:trained asks for the shape's weights there.
    const core::Geometry& g = pos.geometry();
    const core::Geometry& shape =
        g.blocked() && limits.trained_on_blocked ? core::Geometry(g.shape(), {}) : g;
    const std::string key = multiplayer_variant_key(shape, pos.players(), pos.variant().anti());
    auto weights = trained_weights(key, limits.weights_dir);
    if (!weights) return nullptr;
    return std::make_unique<MultiPatternEval>(pos.geometry(), std::move(weights));
}

}  // namespace reversi::engine
