// SPDX-License-Identifier: MIT
// Grading walks the tree: a node's choices hold every legal move's exact score, and its
// branches say which moves keep the best and what the computer answers.
#include "server/puzzles/grading.h"

#include <algorithm>

namespace reversi::server {

const char* puzzle_status_name(PuzzleStatus status) {
    switch (status) {
        case PuzzleStatus::Playing:
            return "playing";
        case PuzzleStatus::Solved:
            return "solved";
        case PuzzleStatus::Failed:
            return "failed";
    }
    return "playing";
}

PuzzleGrade grade_puzzle(const engine::PuzzleTree& tree, const std::vector<core::Square>& moves) {
    PuzzleGrade grade;
    int node = 0;
    for (size_t i = 0; i < moves.size(); ++i) {
        if (grade.status != PuzzleStatus::Playing)
            throw PuzzleMoveError("move " + std::to_string(i + 1) + " comes after the end");
        const engine::PuzzleNode& at = tree.nodes[static_cast<size_t>(node)];
        const auto choice =
            std::find_if(at.choices.begin(), at.choices.end(),
                         [&](const engine::PuzzleChoice& c) { return c.move == moves[i]; });
        if (choice == at.choices.end())
            throw PuzzleMoveError("move " + std::to_string(i + 1) + " is not legal");
        GradedMove graded;
        graded.move = choice->move;
        graded.score = choice->score;
        graded.best = at.choices.front().score;
        graded.loss = graded.best - graded.score;
        const auto branch =
            std::find_if(at.branches.begin(), at.branches.end(),
                         [&](const engine::PuzzleBranch& b) { return b.move == moves[i]; });
        if (branch == at.branches.end()) {
            grade.status = PuzzleStatus::Failed;
        } else {
            graded.solution = true;
            graded.replies = branch->replies;
            if (branch->next < 0)
                grade.status = PuzzleStatus::Solved;
            else
                node = branch->next;
        }
        grade.moves.push_back(std::move(graded));
    }
    return grade;
}

}  // namespace reversi::server
