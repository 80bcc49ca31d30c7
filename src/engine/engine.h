// SPDX-License-Identifier: MIT
// The engine facade: the only entry point front ends (CLI, server) use. It owns the
// transposition table and search threads; results leave only through return values and
// callbacks. Any variant of RULES.md is accepted; two-player and 3-4 player positions are
// routed to their own searches.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stop_token>
#include <vector>

#include "core/position.h"
#include "engine/limits.h"

namespace reversi::engine {

// One scored root move.
struct MoveScore {
    core::Square move = core::NoSquare;
    int score = 0;  // same units as SearchResult::score
    bool exact = false;
};

// The outcome of a search.
struct SearchResult {
    core::Square best = core::NoSquare;  // PassMove when a pass is forced; NoSquare if over
    // Two players: expected final disc difference for the side to move (exact when
    // `exact`). Three-four players: the search's heuristic value for the side to move.
    int score = 0;
    bool exact = false;
    int depth = 0;  // last completed iteration
    uint64_t nodes = 0;
    // Children looked at without being searched: keyed for ordering, read by the enhanced
    // transposition cut-off, or evaluated for a key. Engines that count every position they
    // make (Edax) count these as nodes too; nodes + ordering_nodes compares with their counts.
    uint64_t ordering_nodes = 0;
    double seconds = 0;
    std::vector<core::Square> pv;
    std::vector<MoveScore> root_moves;  // best first; filled when multipv > 1
};

// Progress report after each completed iteration.
using IterationCallback = std::function<void(const SearchResult&)>;

struct EngineOptions {
    int hash_mb = 16;
};

class Engine {
  public:
    explicit Engine(EngineOptions options = {});
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Searches `pos` synchronously; `stop` cancels it (the best move so far is returned).
    // `on_iteration` (optional) hears about each completed iteration.
    SearchResult search(const core::Position& pos, const SearchLimits& limits,
                        std::stop_token stop = {}, const IterationCallback& on_iteration = {});

    // Asynchronous form: starts a search on the engine's own thread; `on_done` receives the
    // result. stop() cancels, wait() blocks until it is finished.
    void go(const core::Position& pos, const SearchLimits& limits,
            std::function<void(const SearchResult&)> on_done, IterationCallback on_iteration = {});
    void stop();
    void wait();

    // Forgets everything learnt (table, histories): the next search starts cold.
    void clear();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace reversi::engine
