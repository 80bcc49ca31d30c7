// SPDX-License-Identifier: MIT
// Monte Carlo tree search for three- and four-player positions with max^n backups (Nijssen
// and Winands): every node keeps one mean reward per seat, and the seat to move descends to
// the child best for itself. The trained evaluation replaces the random playout: a node's
// children are evaluated when it is expanded, and each seat's value becomes a reward through
// a logistic curve. Finished games are exact, and proofs move up the tree (MCTS-Solver): a
// node is won for its mover when a child is, and exact when every child is. Without a time
// limit the search is a pure function of the position, the limits and the seed. A full tree
// does not end the search: its least visited subtrees are dropped and grown again on demand.
#pragma once

#include <cstddef>
#include <stop_token>

#include "core/position.h"
#include "engine/engine.h"

namespace reversi::engine {

// Positions a search evaluates when neither a node nor a time limit is given.
constexpr uint64_t MctsDefaultNodes = 20'000;
// The tree's bound in nodes (36 bytes each, 36 MB): about 0.3 s of one core's search.
constexpr size_t MctsPoolNodes = size_t(1) << 20;

// Searches a 3-4 player position for the side to move within `limits.nodes` evaluated
// positions and `limits.seconds` (depth is not a limit here; the result's depth is the
// deepest line the tree reached). `noise` is a level's evaluation noise in hundredths of a
// disc. The result's score is the mover's expected margin in hundredths of a disc read back
// from its mean reward, or +-MultiWin when the move is proven to win or lose; the move is
// always legal, NoSquare when the game is over. `pool_nodes` bounds the tree (at least 1,024;
// smaller only in tests).
SearchResult mcts_search(const core::Position& root, const SearchLimits& limits, int noise,
                         std::stop_token stop, const IterationCallback& on_iteration,
                         size_t pool_nodes = MctsPoolNodes);

}  // namespace reversi::engine
