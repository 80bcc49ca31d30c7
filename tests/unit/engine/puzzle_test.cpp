// SPDX-License-Identifier: MIT
// Puzzle mining: the scores of a puzzle's tree are checked against independent exact solves of
// each child, the criteria against the scores, the tree's replies against the solver, and the
// themes against positions built for them.
#include "engine/puzzle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/bitboard.h"
#include "core/game.h"
#include "random_game.h"

namespace reversi::engine {
namespace {

// The exact score of `pos` for its side to move, from a plain solve.
int exact_score(Engine& engine, const core::Position& pos) {
    SearchLimits limits;
    limits.exact = true;
    const SearchResult r = engine.search(pos, limits);
    EXPECT_TRUE(r.exact || pos.is_over());
    return r.score;
}

// The score for the solver of `pos` after `move`, from a solve of the child.
int child_score(Engine& engine, const core::Position& pos, core::Square move) {
    const core::Position child = pos.after(move);
    if (child.is_over()) {
        const int black = child.outcome().black_score;
        return pos.side() == 0 ? black : -black;
    }
    const int s = exact_score(engine, child);
    return child.side() == pos.side() ? s : -s;
}

// Mines the first puzzles of a few seeded random 8x8 games at 12 empties.
std::vector<std::pair<core::Game, PuzzleTree>> mined_puzzles(Engine& engine, size_t wanted,
                                                             const PuzzleCriteria& criteria) {
    std::vector<std::pair<core::Game, PuzzleTree>> found;
    std::mt19937_64 rng(7);
    for (int attempt = 0; attempt < 400 && found.size() < wanted; ++attempt) {
        core::Game game(core::Setup{});
        if (!test::random_position(game, 12, rng) || game.must_pass()) continue;
        if (auto tree = find_puzzle(engine, game.position(), criteria))
            found.emplace_back(game, std::move(*tree));
    }
    return found;
}

TEST(Puzzle, ChoicesAreExactAndBestFirst) {
    Engine engine;
    std::mt19937_64 rng(3);
    core::Game game(core::Setup{});
    ASSERT_TRUE(test::random_position(game, 11, rng));
    ASSERT_FALSE(game.must_pass());
    const core::Position& pos = game.position();
    const std::vector<PuzzleChoice> choices = score_all_moves(engine, pos);
    ASSERT_EQ(static_cast<int>(choices.size()), core::popcount(pos.legal_moves()));
    for (size_t i = 0; i < choices.size(); ++i) {
        if (i > 0) {
            EXPECT_GE(choices[i - 1].score, choices[i].score);
        }
        EXPECT_EQ(choices[i].score, child_score(engine, pos, choices[i].move));
    }
    EXPECT_EQ(choices.front().score, exact_score(engine, pos));
}

TEST(Puzzle, CriticalNeedsFewSolutionsAndLosingAlternatives) {
    PuzzleCriteria criteria;
    criteria.min_loss = 6;
    criteria.max_solutions = 1;
    EXPECT_TRUE(is_critical({{1, 10}, {2, 4}, {3, -20}}, criteria));
    EXPECT_FALSE(is_critical({{1, 10}, {2, 5}}, criteria));           // loses only 5
    EXPECT_FALSE(is_critical({{1, 10}, {2, 10}, {3, 0}}, criteria));  // two solutions
    EXPECT_FALSE(is_critical({{1, 10}}, criteria));                   // no choice
    criteria.max_solutions = 2;
    EXPECT_TRUE(is_critical({{1, 10}, {2, 10}, {3, 0}}, criteria));
    EXPECT_FALSE(is_critical({{1, 10}, {2, 10}}, criteria));  // every move keeps it
}

TEST(Puzzle, TreeKeepsTheBestThroughTheOpponentsBestReplies) {
    Engine engine;
    PuzzleCriteria criteria;
    criteria.min_empties = 10;
    criteria.max_empties = 12;
    criteria.min_loss = 4;
    const auto puzzles = mined_puzzles(engine, 3, criteria);
    ASSERT_GE(puzzles.size(), 3u);
    for (const auto& [game, tree] : puzzles) {
        const core::Position& start = game.position();
        EXPECT_EQ(tree.best, exact_score(engine, start));
        EXPECT_EQ(tree.solutions, 1);
        // Walk every branch: each node is critical, keeps the best, and each reply is a best
        // reply of the opponent (the solver's score does not change through it).
        std::vector<std::pair<int, core::Position>> todo{{0, start}};
        while (!todo.empty()) {
            const auto [index, pos] = todo.back();
            todo.pop_back();
            const PuzzleNode& node = tree.nodes[index];
            EXPECT_TRUE(is_critical(node.choices, criteria));
            EXPECT_EQ(node.choices.front().score, tree.best);
            ASSERT_FALSE(node.branches.empty());
            for (const PuzzleBranch& b : node.branches) {
                core::Position next = pos.after(b.move);
                for (const core::Square r : b.replies) {
                    ASSERT_TRUE(next.is_legal(r));
                    next.play(r);
                }
                if (b.next >= 0) {
                    EXPECT_EQ(next.side(), start.side());
                    todo.emplace_back(b.next, next);
                } else if (!next.is_over()) {
                    EXPECT_EQ(exact_score(engine, next), tree.best);
                }
            }
        }
    }
}

TEST(Puzzle, PuzzlesAskForAWinOrADrawUnlessTheCriteriaSayOtherwise) {
    Engine engine;
    PuzzleCriteria criteria;
    criteria.min_empties = 10;
    criteria.max_empties = 12;
    criteria.min_loss = 4;
    // By default every puzzle's best result is a win or a draw for the solver.
    const auto taught = mined_puzzles(engine, 6, criteria);
    ASSERT_FALSE(taught.empty());
    for (const auto& [game, tree] : taught) EXPECT_GE(tree.best, 0);
    // The same positions with every result allowed hold puzzles that keep a loss too.
    criteria.min_best = -64;
    const auto all = mined_puzzles(engine, 12, criteria);
    EXPECT_TRUE(
        std::any_of(all.begin(), all.end(), [](const auto& p) { return p.second.best < 0; }));
    EXPECT_TRUE(asks_for(0, PuzzleCriteria{}));
    EXPECT_FALSE(asks_for(-2, PuzzleCriteria{}));
}

TEST(Puzzle, PositionsOutsideTheEmptiesAreNotPuzzles) {
    Engine engine;
    std::mt19937_64 rng(5);
    core::Game game(core::Setup{});
    ASSERT_TRUE(test::random_position(game, 20, rng));
    PuzzleCriteria criteria;
    criteria.max_empties = 16;
    EXPECT_FALSE(find_puzzle(engine, game.position(), criteria));
}

TEST(Puzzle, CornerAndWipeOutThemesFollowTheirDefinitions) {
    Engine engine;
    PuzzleCriteria criteria;
    criteria.min_empties = 10;
    criteria.max_empties = 14;
    criteria.min_loss = 2;
    // The corner theme is set exactly when the solution is a corner, the wipe-out theme
    // exactly when the result takes every square.
    const auto puzzles = mined_puzzles(engine, 12, criteria);
    ASSERT_FALSE(puzzles.empty());
    for (const auto& [game, tree] : puzzles) {
        const core::Geometry& g = game.variant().geometry();
        const core::Square solution = tree.nodes.front().branches.front().move;
        const core::Coord c = g.coord(solution);
        const bool corner = (c.col == 0 || c.col == 7) && (c.row == 0 || c.row == 7);
        EXPECT_EQ(corner, (tree.themes & ThemeCorner) != 0);
        const bool wipe = std::abs(tree.best) == 64;
        EXPECT_EQ(wipe, (tree.themes & ThemeWipeOut) != 0);
    }
    EXPECT_EQ(theme_names(ThemeCorner | ThemeTempo), (std::vector<std::string>{"corner", "tempo"}));
    EXPECT_EQ(theme_flag("sacrifice"), static_cast<uint32_t>(ThemeSacrifice));
    EXPECT_EQ(theme_flag("nonsense"), 0u);
}

TEST(Puzzle, SelfplayGamesAreReproducibleAndStopAtTheEmpties) {
    Engine engine;
    core::Setup six;
    six.shape = core::Shape::Six;
    const core::Variant variant{six};
    const auto a = puzzle_selfplay_game(variant, 1, 4, 10, engine);
    const auto b = puzzle_selfplay_game(variant, 1, 4, 10, engine);
    const auto c = puzzle_selfplay_game(variant, 1, 5, 10, engine);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    core::Position pos = core::Position::start(variant);
    for (const core::Square m : a) {
        ASSERT_TRUE(pos.is_legal(m));
        pos.play(m);
    }
    EXPECT_TRUE(pos.is_over() || core::popcount(pos.empty()) == 10);
}

}  // namespace
}  // namespace reversi::engine
