// SPDX-License-Identifier: MIT
// Post-game analysis of a two-player game: for each ply, the score of the move played and of
// the best move (final disc difference for the side that moved), the loss and a class by that
// loss. Every legal move of a position is scored by one multi-PV search at a fixed depth
// (solved exactly near the end), so the best move's score is never below the played move's:
// both come from the same search. One ply is one search, so a server can queue plies one by
// one behind more urgent work.
#pragma once

#include <functional>
#include <stdexcept>
#include <stop_token>
#include <vector>

#include "core/position.h"
#include "engine/engine.h"

namespace reversi::engine {

// How a move compares with the best one, by the discs it loses (see classify_loss).
enum class MoveClass { Best, Good, Inaccuracy, Mistake, Blunder };

// Loss thresholds in discs: 0 is Best, below 2 Good, below 4 Inaccuracy, below 8 Mistake,
// 8 or more Blunder. A midgame score is an estimate with about a disc of noise, so "good"
// forgives one disc; 8 discs is where a game usually turns.
constexpr int GoodLossBelow = 2;
constexpr int InaccuracyLossBelow = 4;
constexpr int MistakeLossBelow = 8;

// The class of a move that loses `loss` discs against the best (negative counts as 0).
MoveClass classify_loss(int loss);
// "best", "good", "inaccuracy", "mistake" or "blunder".
const char* move_class_name(MoveClass c);

// How deep each position is searched. The defaults analyse an 8x8 game in a few seconds on
// one thread: depth 8 in the midgame, exact from 14 empties.
struct AnalysisDepth {
    int midgame = 8;
    int exact_empties = 14;
};

// The limits that score every legal move of `pos` at `depth` (single thread, no time limit:
// the result depends only on the position).
SearchLimits analysis_limits(const core::Position& pos, const AnalysisDepth& depth = {});

// The verdict on one ply.
struct PlyVerdict {
    int ply = 0;                           // moves before this one
    int side = 0;                          // the seat that moved
    core::Square played = core::NoSquare;  // PassMove for a pass
    core::Square best = core::NoSquare;
    int played_score = 0;  // discs for `side`, final disc difference expected
    int best_score = 0;
    int loss = 0;  // best_score - played_score, never negative
    bool exact = false;
    MoveClass move_class = MoveClass::Best;
};

// Judges `played` from `before` (ply number `ply`) with a result of analysis_limits(before).
// Throws std::invalid_argument when `played` is not legal in `before`.
PlyVerdict judge_ply(const core::Position& before, int ply, core::Square played,
                     const SearchResult& result);

// Called after each analysed ply with the plies done and the total.
using AnalysisProgress = std::function<void(int done, int total)>;

// Analyses every ply of a game of `variant` made of `moves` (passes as PassMove). Throws
// std::invalid_argument for a game that is not two-player or a move that is not legal. A stop
// request ends it early with the plies analysed so far.
std::vector<PlyVerdict> analyse_game(Engine& engine, const core::Position& start,
                                     const std::vector<core::Square>& moves,
                                     const AnalysisDepth& depth = {}, std::stop_token stop = {},
                                     const AnalysisProgress& progress = {});

}  // namespace reversi::engine
