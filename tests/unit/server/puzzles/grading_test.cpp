// SPDX-License-Identifier: MIT
// Grading against a solution tree: a solution move is answered and solves or goes on, another
// legal move fails with its loss, an illegal move or a move after the end is refused. The tree
// is written by hand, two solver turns deep, so that every status is reached.
#include "server/puzzles/grading.h"

#include <gtest/gtest.h>

namespace reversi::server {
namespace {

// Squares as plain numbers: the grader only compares them with the tree's.
engine::PuzzleTree two_turn_tree() {
    engine::PuzzleTree tree;
    tree.best = 10;
    tree.solutions = 1;
    tree.nodes.push_back({{{1, 10}, {2, 4}, {3, -6}}, {{1, {20}, 1}}});
    tree.nodes.push_back(
        {{{5, 10}, {6, 10}, {7, 2}}, {{5, {21, core::PassMove}, -1}, {6, {22}, -1}}});
    return tree;
}

TEST(PuzzleGrading, SolutionMovesGoOnThenSolve) {
    const engine::PuzzleTree tree = two_turn_tree();
    const PuzzleGrade first = grade_puzzle(tree, {1});
    EXPECT_EQ(first.status, PuzzleStatus::Playing);
    ASSERT_EQ(first.moves.size(), 1u);
    EXPECT_TRUE(first.moves[0].solution);
    EXPECT_EQ(first.moves[0].loss, 0);
    EXPECT_EQ(first.moves[0].replies, std::vector<core::Square>{20});
    for (const core::Square second : {5, 6}) {
        const PuzzleGrade done = grade_puzzle(tree, {1, second});
        EXPECT_EQ(done.status, PuzzleStatus::Solved);
        EXPECT_EQ(done.moves.back().score, 10);
    }
    EXPECT_EQ(grade_puzzle(tree, {1, 5}).moves.back().replies,
              (std::vector<core::Square>{21, core::PassMove}));
    EXPECT_STREQ(puzzle_status_name(PuzzleStatus::Solved), "solved");
}

TEST(PuzzleGrading, OtherMovesFailWithTheirLoss) {
    const engine::PuzzleTree tree = two_turn_tree();
    const PuzzleGrade wrong = grade_puzzle(tree, {3});
    EXPECT_EQ(wrong.status, PuzzleStatus::Failed);
    EXPECT_EQ(wrong.moves[0].loss, 16);
    EXPECT_EQ(wrong.moves[0].best, 10);
    EXPECT_FALSE(wrong.moves[0].solution);
    EXPECT_TRUE(wrong.moves[0].replies.empty());
    const PuzzleGrade late = grade_puzzle(tree, {1, 7});
    EXPECT_EQ(late.status, PuzzleStatus::Failed);
    EXPECT_EQ(late.moves[1].loss, 8);
    EXPECT_STREQ(puzzle_status_name(PuzzleStatus::Failed), "failed");
}

TEST(PuzzleGrading, RefusesIllegalMovesAndMovesAfterTheEnd) {
    const engine::PuzzleTree tree = two_turn_tree();
    EXPECT_THROW(grade_puzzle(tree, {9}), PuzzleMoveError);
    EXPECT_THROW(grade_puzzle(tree, {1, 1}), PuzzleMoveError);  // 1 is not legal at turn 2
    EXPECT_THROW(grade_puzzle(tree, {3, 5}), PuzzleMoveError);  // failed already
    EXPECT_THROW(grade_puzzle(tree, {1, 5, 5}), PuzzleMoveError);
    EXPECT_EQ(grade_puzzle(tree, {}).status, PuzzleStatus::Playing);
}

}  // namespace
}  // namespace reversi::server
