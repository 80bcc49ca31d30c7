// SPDX-License-Identifier: MIT
// Stand-in until the best-reply / paranoid search lands: the move that flips most discs.
#include "engine/multiplayer.h"

#include "engine/greedy.h"

namespace reversi::engine {

SearchResult multiplayer_search(const core::Position& pos, const SearchLimits& limits,
                                std::stop_token, const IterationCallback&) {
    return greedy_move(pos, limits.seed);
}

}  // namespace reversi::engine
