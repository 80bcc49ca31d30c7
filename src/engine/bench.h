// SPDX-License-Identifier: MIT
// The bench: a fixed list of positions over every variant (8x8, 6x6, 10x10, octagon,
// blocked squares, anti, free opening, handicap, 3 and 4 players), each searched at a fixed
// depth on one thread with a cleared 16 MB table. The total node count is the engine's
// signature: any change of search behaviour (or undefined behaviour) changes it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"

namespace reversi::engine {

// One bench position: a setup and a reproducible walk of `plies` moves from its start.
struct BenchPosition {
    std::string name;
    core::Setup setup;
    int plies = 0;
    uint64_t seed = 0;
    int depth = 0;       // search depth; ignored when exact
    bool exact = false;  // solve to the end instead
};

// The fixed list (about 40 positions).
std::vector<BenchPosition> bench_positions();

// The game a bench position describes: moves picked by a fixed generator, never random.
core::Game bench_game(const BenchPosition& p);

// What one position cost.
struct BenchLine {
    std::string name;
    core::Square best = core::NoSquare;
    int score = 0;
    uint64_t nodes = 0;
    double seconds = 0;
};

// Searches every position (depth + `depth_offset`, at least 1) with a fresh table each
// time; reports each line through `on_line` and returns the total nodes. With more than one
// thread (two-player positions only) node counts vary from run to run: no signature then.
// `handmade`: the hand-made evaluation even where trained weights exist (old against new).
uint64_t run_bench(int depth_offset, int threads,
                   const std::function<void(const BenchLine&)>& on_line, bool handmade = false);

}  // namespace reversi::engine
