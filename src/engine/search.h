// SPDX-License-Identifier: MIT
// The two-player search: iterative deepening principal variation search with aspiration
// windows and a transposition table, handing over to the exact endgame solver near the end
// of the game. Works on every shape (64- or 128-bit words), with blocked squares and anti.
// Cancellation and limits come from a SearchControl; the result of the last completed
// iteration is returned when it stops.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/position.h"
#include "engine/engine.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace reversi::engine {

// How a two-player search should behave (filled by the facade from SearchLimits/levels).
struct SearchSettings {
    int max_depth = 64;     // midgame plies
    int exact_empties = 0;  // solve exactly from this many empties (0: never inside the tree)
    bool exact = false;     // solve the root position to the end
    bool wld = false;       // solve the root to the end for win/loss/draw only
    int noise = 0;          // evaluation noise amplitude (hundredths of a disc)
    uint64_t seed = 0;      // noise seed
    int multipv = 1;        // root moves to score exactly enough to rank them
    int threads = 1;        // search threads sharing the tables (lazy SMP); 1 is deterministic
    // A time budget: the root is solved exactly only after the midgame search has deepened,
    // and positions inside the tree are never solved (one far leaf solve could eat it all).
    bool budgeted = false;
    bool handmade_eval = false;   // the hand-made evaluation even where trained weights exist
    bool probcut = true;          // Multi-ProbCut where the variant ships its parameters
    bool solved_openings = true;  // exact roots from the variant's solved openings, if it has them
    std::string weights_dir;      // the trained weights' directory; empty: weights_directory()
};

// The two tables a two-player search uses: midgame bounds (hundredths of a disc) and exact
// endgame bounds (discs), kept apart because their units differ.
struct SearchTables {
    explicit SearchTables(size_t megabytes)
        : midgame(midgame_megabytes(megabytes)), endgame(endgame_megabytes(megabytes)) {}
    // A table holds a power of two of buckets, so each takes a power of two of megabytes: the
    // midgame table the largest within three quarters of the budget, the endgame table the
    // largest within the rest (64 MB: 32 + 32; a split of 48 + 16 rounded to 32 + 16 and
    // left a quarter unused, and the exact solver searched 1.2% more nodes on FFO #50-#54).
    // Each gets at least a megabyte (so 1 MB asked gives 2).
    static size_t midgame_megabytes(size_t megabytes) {
        return std::bit_floor(std::max<size_t>(1, megabytes - std::max<size_t>(1, megabytes / 4)));
    }
    static size_t endgame_megabytes(size_t megabytes) {
        const size_t midgame = midgame_megabytes(megabytes);
        return megabytes > midgame ? std::bit_floor(megabytes - midgame) : 1;
    }
    TranspositionTable midgame;
    TranspositionTable endgame;
    void clear() {
        midgame.clear();
        endgame.clear();
    }
};

// Searches a two-player position that is neither over, nor a forced pass, nor inside a free
// opening. Scores in the result are disc differences for the side to move (WLD: -1, 0, 1).
SearchResult search_two_player(const core::Position& pos, const SearchSettings& settings,
                               SearchTables& tables, SearchControl& control,
                               const IterationCallback& on_iteration);

// With trained weights, the plies of the midgame search whose value orders an exact solver
// node's child of `empties` empties (0: the static evaluation; deeper near the root, where
// a node's subtree is large enough to pay for it).
int solver_probe_depth(int empties);

// The values (hundredths of a disc, side to move) of full-window fixed-depth midgame searches
// of 0 (the evaluation) to `max_depth` plies, Multi-ProbCut off (what Multi-ProbCut is fitted
// on) unless `probcut` (as the solver's selective passes search). The position must have a
// legal move; the tables are cleared first.
std::vector<int> midgame_values(const core::Position& pos, int max_depth, SearchTables& tables,
                                bool probcut = false);

}  // namespace reversi::engine
