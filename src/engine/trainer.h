// SPDX-License-Identifier: MIT
// Fits pattern weights to training positions: sparse least squares per phase (each phase
// also learns from the positions of its two neighbours), Adam over full batches, L2
// regularisation (towards 0, or towards prior weights when fine-tuning), symmetric situations
// of a pattern sharing one weight, and a held-out set (every `holdout_every`-th game) whose
// error picks the epoch kept.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/geometry.h"
#include "engine/patterns.h"
#include "engine/training_data.h"
#include "engine/weights.h"

namespace reversi::engine {

struct TrainOptions {
    int phases = 10;
    int epochs = 200;
    double learning_rate = 0.05;    // discs per step (Adam)
    double l2 = 1e-4;               // per weight, relative to the mean squared error
    int holdout_every = 10;         // game i is held out when i % holdout_every == 0 (0: none)
    double neighbour_weight = 0.5;  // weight of a neighbouring phase's positions
    // Situations seen in fewer training positions of a phase (its own and its neighbours')
    // keep weight 0 there: too rare to learn from, and zeros keep the file small.
    int min_count = 1;
    // The geometry's pattern set to fit (a prior must be of the same).
    PatternFamily patterns = PatternFamily::Standard;
    // Fine-tuning: start from these weights (same pattern set; phases mapped by their middle)
    // and pull towards them instead of towards 0, so that a situation the data does not teach
    // keeps what they knew. nullptr: start from 0.
    const PatternWeights* prior = nullptr;
};

// One phase's outcome (errors in discs).
struct PhaseReport {
    int phase = 0;
    size_t train_positions = 0;
    size_t holdout_positions = 0;
    double first_loss = 0;   // training mean squared error after the first epoch
    double last_loss = 0;    // ... after the last
    double holdout_mae = 0;  // mean absolute error on the held-out positions (best epoch)
};

// Trains the weights of `variant` (key of pattern_variant_key) for `geometry`; `log` hears
// one line per phase. Throws std::invalid_argument on bad options or no positions.
PatternWeights train_weights(const core::Geometry& geometry, const std::string& variant,
                             const std::vector<TrainingPosition>& positions,
                             const TrainOptions& options, std::vector<PhaseReport>& report,
                             const std::function<void(const PhaseReport&)>& log = {});

}  // namespace reversi::engine
