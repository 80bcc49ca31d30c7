// SPDX-License-Identifier: MIT
// Grading a player's moves against a puzzle's solution tree (docs/PUZZLES.md "Grading"):
// each move is scored by its exact score and its loss against the best; a solution move is
// answered by the tree's replies and the puzzle goes on, or is solved where the line ends; any
// other legal move fails it. Pure: the same moves always get the same grade.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/position.h"
#include "engine/puzzle.h"

namespace reversi::server {

enum class PuzzleStatus { Playing, Solved, Failed };

// "playing", "solved", "failed".
const char* puzzle_status_name(PuzzleStatus status);

// One graded move of the player.
struct GradedMove {
    core::Square move = core::NoSquare;
    int score = 0;  // exact, for the solver
    int best = 0;   // the turn's best score
    int loss = 0;   // best - score
    bool solution = false;
    std::vector<core::Square> replies;  // the computer's answer after a solution move
};

struct PuzzleGrade {
    PuzzleStatus status = PuzzleStatus::Playing;
    std::vector<GradedMove> moves;
};

// Thrown for moves that cannot be graded: not legal at that turn, or moves after the end.
class PuzzleMoveError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// Grades `moves` (the player's, from the puzzle's start; replies are not repeated) against
// the solution tree.
PuzzleGrade grade_puzzle(const engine::PuzzleTree& tree, const std::vector<core::Square>& moves);

}  // namespace reversi::server
