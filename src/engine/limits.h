// SPDX-License-Identifier: MIT
// What a search may spend and how it should behave: the one value a front end fills in
// to ask the engine for a move, an analysis or an exact solve.
#pragma once

#include <cstdint>
#include <string>

namespace reversi::engine {

struct SearchLimits {
    int depth = 0;       // plies; 0 = no depth limit
    uint64_t nodes = 0;  // 0 = no node limit
    double seconds = 0;  // wall-clock budget; 0 = no time limit
    int level = 0;       // 1..10 plays at that level (docs/LEVELS.md); 0 = limits as given
    uint64_t seed = 0;   // randomness of the weaker levels; same seed, same game
    int threads = 1;
    int multipv = 1;             // root moves to score exactly enough to rank (analysis, hints)
    bool exact = false;          // two players: solve to the end (exact disc difference)
    bool wld = false;            // two players: solve to the end, win/loss/draw only
    bool handmade_eval = false;  // the hand-made evaluation, not trained weights
    // 3-4 players: the shape's trained weights on blocked boards too, where the shipped choice
    // is the hand-made MultiEval (eval:trained: to measure them there).
    bool trained_on_blocked = false;
    bool probcut = true;  // two players: Multi-ProbCut where the variant has parameters
    // Exact and WLD solves: read the root's value from the variant's solved openings where
    // it ships them (solved_openings.h); false makes the solver search it.
    bool solved_openings = true;
    // Levels that play from the opening book (levels.h) play its move where it has the
    // position (book.h); false makes them search.
    bool book = true;
    std::string weights_dir;  // trained weights from here (old against new)
};

}  // namespace reversi::engine
