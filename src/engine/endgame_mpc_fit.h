// SPDX-License-Identifier: MIT
// The spread of the exact score around the shallow searches that the solver's selective passes
// cut on (Endgame::probcut, docs/log/2026-12-03-selective-sigma.md): self-play
// positions of a range of empties solved exactly, each beside full-window midgame searches
// of 0..max_depth plies, and a least-squares fit of sigma = per_ply * depth + per_empty *
// empties + base over the cells (empties, depth), as Edax and Egaroucid fit theirs.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/variant.h"
#include "engine/engine.h"

namespace reversi::engine {

struct EndgameMpcFitOptions {
    int games = 40;
    uint64_t seed = 1;
    int min_empties = 9;  // the solver cuts from Endgame::SelectiveEmpties
    int max_empties = 22;
    int max_depth = 8;
};

// One position: its exact score (discs, side to move) and the midgame searches' values
// (hundredths of a disc) at depths 0..max_depth, Multi-ProbCut on as in the solver's probes.
struct EndgameMpcSample {
    int empties = 0;
    int exact = 0;
    std::vector<int> values;
    core::u128 own = 0;  // the position, side to move first
    core::u128 opp = 0;
};

// Plays the games (the training self-play, no exact tail) and takes every position of each
// with min..max empties and a legal move; `on_sample(done)` hears of each.
std::vector<EndgameMpcSample> endgame_mpc_samples(const core::Variant& variant,
                                                  const EndgameMpcFitOptions& options,
                                                  Engine& engine,
                                                  const std::function<void(size_t)>& on_sample);

// The exact score minus the shallow value, in discs, over the samples of one cell.
struct EndgameMpcCell {
    int empties = 0;
    int depth = 0;
    int samples = 0;
    double bias = 0;   // mean of exact - shallow
    double sigma = 0;  // standard deviation of exact - shallow around the bias
};

// One cell per (empties, depth) with depth below empties and at least `min_samples` samples.
std::vector<EndgameMpcCell> endgame_mpc_cells(const std::vector<EndgameMpcSample>& samples,
                                              int min_depth, int min_samples);

// A plane c0 * depth + c1 * empties + c2 fitted by least squares, each cell weighted by its
// samples.
struct EndgameMpcPlane {
    double per_ply = 0;
    double per_empty = 0;
    double base = 0;
    double at(int empties, int depth) const { return per_ply * depth + per_empty * empties + base; }
};
// The plane through the cells' sigma, or through their bias with `of_bias`.
EndgameMpcPlane fit_endgame_mpc_plane(const std::vector<EndgameMpcCell>& cells, bool of_bias);

}  // namespace reversi::engine
