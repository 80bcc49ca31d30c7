// SPDX-License-Identifier: MIT
// The exact solver against published scores (FFO positions 1-19) and against a plain
// minimax written here over the rules library, on random positions of every shape, with
// blocked squares and anti, at ten or fewer empty squares.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <random>
#include <string>

#include "core/bitboard.h"
#include "core/game.h"
#include "engine/engine.h"
#include "minimax.h"
#include "random_game.h"

using namespace reversi;
using reversi::test::minimax;
using reversi::test::random_position;

namespace {

struct Case {
    const char* name;
    core::Setup setup;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    auto add = [&](const char* name, core::Shape shape, bool anti,
                   std::vector<core::Coord> blocked) {
        core::Setup s;
        s.shape = shape;
        s.anti = anti;
        s.blocked = std::move(blocked);
        out.push_back({name, s});
    };
    add("6x6", core::Shape::Six, false, {});
    add("8x8", core::Shape::Eight, false, {});
    add("10x10", core::Shape::Ten, false, {});
    add("octagon", core::Shape::Octagon, false, {});
    add("8x8 blocked", core::Shape::Eight, false, {{2, 2}, {5, 5}, {0, 3}, {7, 4}});
    add("10x10 blocked", core::Shape::Ten, false, {{1, 1}, {8, 8}, {4, 0}, {5, 9}});
    add("8x8 anti", core::Shape::Eight, true, {});
    add("6x6 anti blocked", core::Shape::Six, true, {{1, 4}, {4, 1}});
    add("octagon anti", core::Shape::Octagon, true, {});
    return out;
}

}  // namespace

TEST(Endgame, MatchesMinimaxOnEveryShape) {
    engine::Engine eng;
    std::mt19937_64 rng(20261130);
    for (const Case& c : cases()) {
        int checked = 0;
        for (int attempt = 0; checked < 12 && attempt < 200; ++attempt) {
            core::Game game(c.setup);
            const int empties = 1 + static_cast<int>(rng() % 10);
            if (!random_position(game, empties, rng)) continue;
            const core::Position& pos = game.position();
            const int expected = minimax(pos);
            engine::SearchLimits limits;
            limits.exact = true;
            eng.clear();
            const engine::SearchResult r = eng.search(pos, limits);
            ASSERT_TRUE(r.exact) << c.name;
            ASSERT_EQ(r.score, expected) << c.name << " empties " << empties;
            // The move it names must achieve the score.
            ASSERT_TRUE(pos.is_legal(r.best)) << c.name;
            ASSERT_EQ(-minimax(pos.after(r.best)), expected) << c.name;
            // Win/loss/draw agrees in sign.
            limits.exact = false;
            limits.wld = true;
            const engine::SearchResult w = eng.search(pos, limits);
            ASSERT_EQ(w.score, (expected > 0) - (expected < 0)) << c.name;
            ++checked;
        }
        EXPECT_EQ(checked, 12) << c.name;
    }
}

TEST(Endgame, AnalysisScoresEveryRootMoveExactly) {
    core::Setup s;
    s.shape = core::Shape::Six;
    std::mt19937_64 rng(7);
    engine::Engine eng;
    int checked = 0;
    for (int attempt = 0; checked < 5 && attempt < 50; ++attempt) {
        core::Game game(s);
        if (!random_position(game, 8, rng) || game.must_pass()) continue;
        engine::SearchLimits limits;
        limits.exact = true;
        limits.multipv = 64;
        const engine::SearchResult r = eng.search(game.position(), limits);
        ASSERT_EQ(static_cast<int>(r.root_moves.size()),
                  core::popcount(game.position().legal_moves()));
        for (size_t i = 0; i < r.root_moves.size(); ++i) {
            const auto& m = r.root_moves[i];
            EXPECT_EQ(m.score, -minimax(game.position().after(m.move)));
            if (i > 0) {
                EXPECT_LE(m.score, r.root_moves[i - 1].score);
            }
        }
        ++checked;
    }
    EXPECT_EQ(checked, 5);
}

namespace {

// One line of an FFO file: the position, the best score and a move that reaches it.
struct FfoCase {
    core::Position pos;
    int expected;
    int best;
};

std::vector<FfoCase> read_ffo(const std::string& name) {
    std::ifstream in(std::string(REVERSI_TEST_DATA_DIR) + "/ffo/" + name);
    EXPECT_TRUE(in) << "missing " << name;
    // The positions keep a reference to their variant.
    static const core::Variant variant{core::Setup{}};
    std::vector<FfoCase> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() < 66) continue;
        std::array<core::u128, core::MaxPlayers> discs{};
        for (int i = 0; i < 64; ++i) {
            if (line[i] == 'X') discs[0] |= core::square_bit<core::u128>(i);
            if (line[i] == 'O') discs[1] |= core::square_bit<core::u128>(i);
        }
        const int side = line[65] == 'X' ? 0 : 1;
        // "; G8:+18; ..." : the first listed score is the best.
        const size_t colon = line.find(':');
        EXPECT_NE(colon, std::string::npos);
        if (colon == std::string::npos) break;
        const std::string best = line.substr(colon - 2, 2);
        const int col = std::toupper(best[0]) - 'A';
        const int row = best[1] - '1';
        out.push_back({core::Position::from_discs(variant, discs, 0, side),
                       std::stoi(line.substr(colon + 1)), row * 8 + col});
    }
    return out;
}

}  // namespace

TEST(Endgame, PublishedFfoScores) {
    engine::Engine eng(engine::EngineOptions{32});
    int number = 0;
    for (const FfoCase& c : read_ffo("fforum-1-19.obf")) {
        ++number;
        engine::SearchLimits limits;
        limits.exact = true;
        eng.clear();
        const engine::SearchResult r = eng.search(c.pos, limits);
        EXPECT_TRUE(r.exact);
        EXPECT_EQ(r.score, c.expected) << "FFO #" << number;
        // The best move must be one the file scores with the best score.
        if (r.best != c.best) {
            const core::Position after = c.pos.after(r.best);
            EXPECT_EQ(-eng.search(after, limits).score, c.expected) << "FFO #" << number;
        }
    }
    EXPECT_EQ(number, 19);
}

// The work of solving FFO #1-#19 counted as Edax counts it: search calls and evaluations
// (SearchResult::nodes) plus every child scored for ordering or read by the enhanced
// transposition cut-off (ordering_nodes). A deterministic count on one thread, so a bound
// catches a change that makes the solver work more (docs/log/2026-12-06-issue-50-solver.md,
// "Static order at 5 and 6 empties": 2,098,948 with fastest-first from 6 empties).
TEST(Endgame, FfoWorkCountedAsEdaxCountsStaysUnderBound) {
    engine::Engine eng(engine::EngineOptions{64});
    uint64_t work = 0;
    for (const FfoCase& c : read_ffo("fforum-1-19.obf")) {
        engine::SearchLimits limits;
        limits.exact = true;
        eng.clear();
        const engine::SearchResult r = eng.search(c.pos, limits);
        ASSERT_EQ(r.score, c.expected);
        work += r.nodes + r.ordering_nodes;
    }
    std::cout << "FFO #1-#19 work: " << work << "\n";
    EXPECT_LT(work, 2000000u);
}

// The exact 6x6 start (-4 for Black) takes minutes: it is the CTest solve_six_by_six_start
// (label slow) in tests/engine_tests.cmake.
