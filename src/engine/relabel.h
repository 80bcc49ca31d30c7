// SPDX-License-Identifier: MIT
// Relabelling of training positions: the noisy game result of a midgame position is replaced
// (or blended) with the value of a shallow search that uses the current evaluation, so that
// the next training round learns from the last weights (docs/TRAINING.md). Exactly solved
// positions keep their exact labels.
#pragma once

#include <cstddef>
#include <vector>

#include "core/variant.h"
#include "engine/engine.h"
#include "engine/training_data.h"

namespace reversi::engine {

struct RelabelOptions {
    int depth = 4;              // search depth of the new label
    double search_share = 1.0;  // label = share * search value + (1 - share) * game result
};

// `base` with exactly the squares of `blocked` blocked (a record's board); throws
// core::SetupError when they break the rules (a damaged record: off the board, on a centre
// square).
core::Variant with_blocked(const core::Variant& base, core::u128 blocked);

// Relabels every position that is not exact, in place; returns how many changed. Each record
// is searched on `variant` with the record's blocked squares instead of the variant's; the
// search runs with the evaluation `engine` plays with (trained weights where the board has
// them). Throws core::SetupError or std::invalid_argument on a record that fits no board.
size_t relabel_positions(const core::Variant& variant, const RelabelOptions& options,
                         std::vector<TrainingPosition>& positions, Engine& engine);

}  // namespace reversi::engine
