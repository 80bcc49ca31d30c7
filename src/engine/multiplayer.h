// SPDX-License-Identifier: MIT
// Search for three- and four-player positions (no passes, every seat an opponent). Two
// alpha-beta methods: paranoid search (every opponent minimises the root seat) and
// Best-Reply Search (Schadd and Winands 2011: the opponents together answer with the single
// best reply among all their moves, then the root seat moves again). Both deepen
// iteratively, honour depth, node and time limits and stop at once on the stop token,
// returning the best move of the last completed iteration (always a legal move). The third
// method, Monte Carlo tree search with max^n backups, lives in multiplayer_mcts.h.
#pragma once

#include <optional>
#include <stop_token>
#include <string>

#include "engine/engine.h"

namespace reversi::engine {

enum class MultiAlgorithm { Paranoid, BestReply, Mcts };

// The method the facade uses without a level that names another (multiplayer_level_method):
// Best-Reply Search, which scored 52.6% against paranoid over 192 equal-node games
// (docs/LEVELS.md), in line with Schadd and Winands' Rolit results.
constexpr MultiAlgorithm DefaultMultiAlgorithm = MultiAlgorithm::BestReply;

// How a 3-4 player search plays beyond its limits.
struct MultiOptions {
    MultiAlgorithm algorithm = DefaultMultiAlgorithm;
    // Amplitude of a uniform error added to every leaf evaluation (hundredths of a disc), a
    // pure function of the position and the seed; weak levels use it to make human-like
    // mistakes. 0 plays the best move found.
    int noise = 0;
};

// "paranoid", "brs" or "mcts".
std::string algorithm_name(MultiAlgorithm algorithm);
// Reads "paranoid", "brs", "best-reply" or "mcts"; nothing when the text names none.
std::optional<MultiAlgorithm> parse_algorithm(const std::string& text);

// The method `level` (0: none) plays in `variant` (docs/LEVELS.md).
MultiAlgorithm multiplayer_level_method(int level, const core::Variant& variant);

// Searches a 3-4 player position for the side to move within `limits` with the level's
// method (multiplayer_level_method); `limits.level` picks depth, time and noise.
SearchResult multiplayer_search(const core::Position& pos, const SearchLimits& limits,
                                std::stop_token stop, const IterationCallback& on_iteration);

// The same with an explicit method and noise (levels are still applied when `limits.level`
// is set, but `options.algorithm` wins).
SearchResult multiplayer_search(const core::Position& pos, const SearchLimits& limits,
                                const MultiOptions& options, std::stop_token stop,
                                const IterationCallback& on_iteration);

}  // namespace reversi::engine
