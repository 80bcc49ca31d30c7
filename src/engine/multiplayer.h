// SPDX-License-Identifier: MIT
// Search for three- and four-player positions (no passes, every seat an opponent).
#pragma once

#include <stop_token>

#include "engine/engine.h"

namespace reversi::engine {

// Searches a 3-4 player position for the side to move within `limits`.
SearchResult multiplayer_search(const core::Position& pos, const SearchLimits& limits,
                                std::stop_token stop, const IterationCallback& on_iteration);

}  // namespace reversi::engine
