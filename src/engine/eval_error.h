// SPDX-License-Identifier: MIT
// Positions for the evaluation's error table (docs/ENGINE.md "Evaluation error"): one position
// per ten moves played of each of a number of self-play games, labelled by the exact solver
// where few squares are empty and by a deep search before, with the static evaluation's and
// a shallow search's values beside the label.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/variant.h"
#include "engine/engine.h"

namespace reversi::engine {

struct EvalErrorOptions {
    int games = 40;
    uint64_t seed = 1;
    int exact_empties = 20;  // positions with this many empties or fewer are solved exactly
    int label_depth = 16;    // the others are labelled by a search of this depth
    int search_depth = 4;    // the shallow search measured beside the static evaluation
};

// One labelled position; values in discs for the side to move.
struct EvalErrorSample {
    int played = 0;  // discs on the board beyond the start's
    double label = 0;
    bool exact = false;
    double eval = 0;    // the static evaluation
    double search = 0;  // a full-window search of search_depth plies, Multi-ProbCut off
    core::u128 own = 0;
    core::u128 opp = 0;
};

// Plays the games (two players, no free opening: depth-2 self-play after a random opening of
// 2-6 plies, a random move now and then) and labels one position of each ten moves played of
// each game with `engine`; `on_sample(done)` hears of each label.
std::vector<EvalErrorSample> eval_error_samples(const core::Variant& variant,
                                                const EvalErrorOptions& options, Engine& engine,
                                                const std::function<void(size_t)>& on_sample);

}  // namespace reversi::engine
