// SPDX-License-Identifier: MIT
// The two-player search through the facade: only legal moves on every variant, forced
// passes and finished games, cancellation, time and node limits, reproducible node counts.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "engine/bench.h"
#include "engine/engine.h"

using namespace reversi;

namespace {

core::Setup setup_of(core::Shape shape, bool anti, bool free_opening = false) {
    core::Setup s;
    s.shape = shape;
    s.anti = anti;
    s.free_opening = free_opening;
    return s;
}

}  // namespace

TEST(Search, PlaysOnlyLegalMovesThroughWholeGames) {
    const std::vector<core::Setup> setups = {
        setup_of(core::Shape::Six, false),         setup_of(core::Shape::Eight, false),
        setup_of(core::Shape::Ten, false),         setup_of(core::Shape::Octagon, true),
        setup_of(core::Shape::Eight, false, true), setup_of(core::Shape::Six, true)};
    engine::Engine eng;
    for (const core::Setup& s : setups) {
        core::Game game(s);
        int ply = 0;
        while (!game.is_over()) {
            engine::SearchLimits limits;
            limits.depth = 1 + ply % 3;
            const engine::SearchResult r = eng.search(game.position(), limits);
            ASSERT_TRUE(game.position().is_legal(r.best))
                << core::shape_name(s.shape) << " ply " << ply;
            if (game.must_pass()) {
                EXPECT_EQ(r.best, core::PassMove);
            }
            ASSERT_EQ(game.play(r.best), "");
            ++ply;
        }
        // A finished game: no move, and the exact result for the side to move.
        const engine::SearchResult r = eng.search(game.position(), {});
        EXPECT_EQ(r.best, core::NoSquare);
        EXPECT_TRUE(r.exact);
        const int black = game.outcome().black_score;
        EXPECT_EQ(r.score, game.position().side() == 0 ? black : -black);
    }
}

TEST(Search, ForcedPassIsAnsweredWithPass) {
    // 8x8, White to move: Black a1 b1, White c1. White brackets nothing; Black can play d1.
    const core::Variant variant{core::Setup{}};
    std::array<core::u128, core::MaxPlayers> discs{};
    discs[0] = core::square_bit<core::u128>(0) | core::square_bit<core::u128>(1);
    discs[1] = core::square_bit<core::u128>(2);
    const core::Position pos = core::Position::from_discs(variant, discs, 0, 1);
    ASSERT_TRUE(pos.must_pass());
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.depth = 4;
    const engine::SearchResult r = eng.search(pos, limits);
    EXPECT_EQ(r.best, core::PassMove);
    ASSERT_FALSE(r.pv.empty());
    EXPECT_EQ(r.pv.front(), core::PassMove);
    // Black then takes c1 and d1 and wins 4-0 with 60 empties: +64 for Black, -64 for White.
    limits.depth = 0;
    limits.exact = true;
    EXPECT_EQ(eng.search(pos, limits).score, -64);
}

TEST(Search, StopsWhenCancelled) {
    core::Setup s;
    s.shape = core::Shape::Ten;
    core::Game game(s);
    engine::Engine eng;
    std::stop_source source;
    engine::SearchLimits limits;  // no limit at all: only the stop token ends it
    const auto start = std::chrono::steady_clock::now();
    std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        source.request_stop();
    });
    const engine::SearchResult r = eng.search(game.position(), limits, source.get_token());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 5.0);
    EXPECT_TRUE(game.position().is_legal(r.best));
}

TEST(Search, AlreadyStoppedStillAnswersALegalMove) {
    core::Game game(core::Setup{});
    engine::Engine eng;
    std::stop_source source;
    source.request_stop();
    const engine::SearchResult r = eng.search(game.position(), {}, source.get_token());
    EXPECT_TRUE(game.position().is_legal(r.best));
}

TEST(Search, RespectsTimeLimit) {
    core::Setup s;
    s.shape = core::Shape::Octagon;
    core::Game game(s);
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.seconds = 0.3;
    const auto start = std::chrono::steady_clock::now();
    const engine::SearchResult r = eng.search(game.position(), limits);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 3.0);  // generous: the machine may be busy
    EXPECT_TRUE(game.position().is_legal(r.best));
    EXPECT_GE(r.depth, 1);
}

TEST(Search, RespectsNodeLimit) {
    core::Game game(core::Setup{});
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.nodes = 20000;
    const engine::SearchResult r = eng.search(game.position(), limits);
    EXPECT_LT(r.nodes, 40000u);
    EXPECT_TRUE(game.position().is_legal(r.best));
}

TEST(Search, AsynchronousGoDeliversAResult) {
    core::Game game(core::Setup{});
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.depth = 5;
    core::Square best = core::NoSquare;
    eng.go(game.position(), limits, [&](const engine::SearchResult& r) { best = r.best; });
    eng.wait();
    EXPECT_TRUE(game.position().is_legal(best));
}

TEST(Search, SameSearchSameNodes) {
    core::Game game(core::Setup{});
    ASSERT_EQ(game.play(19), "");  // d3
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.depth = 7;
    const engine::SearchResult a = eng.search(game.position(), limits);
    eng.clear();
    const engine::SearchResult b = eng.search(game.position(), limits);
    EXPECT_EQ(a.nodes, b.nodes);
    // The children keyed for ordering are counted apart, as repeatably.
    EXPECT_GT(a.ordering_nodes, 0u);
    EXPECT_EQ(a.ordering_nodes, b.ordering_nodes);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.score, b.score);
}

TEST(Search, LeveledSearchIsRepeatableWithASeed) {
    core::Game game(core::Setup{});
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.level = 1;
    limits.seed = 99;
    const engine::SearchResult a = eng.search(game.position(), limits);
    const engine::SearchResult b = eng.search(game.position(), limits);
    EXPECT_EQ(a.best, b.best);
    EXPECT_EQ(a.nodes, b.nodes);
}

TEST(Search, MidgameFindsAForcedWinningCorner) {
    // With a full-width search deep enough to reach the end, the midgame search must agree
    // with the exact solver on the score.
    core::Setup s;
    s.shape = core::Shape::Six;
    core::Game game(s);
    std::mt19937_64 rng(3);
    while (core::popcount(game.position().empty()) > 9 && !game.is_over()) {
        if (game.must_pass()) {
            game.play(core::PassMove);
            continue;
        }
        core::u128 m = game.legal_moves();
        int k = static_cast<int>(rng() % static_cast<uint64_t>(core::popcount(m)));
        while (k--) m &= m - 1;
        game.play(core::lsb(m));
    }
    ASSERT_FALSE(game.is_over());
    engine::Engine eng;
    engine::SearchLimits exact;
    exact.exact = true;
    const int solved = eng.search(game.position(), exact).score;
    engine::SearchLimits deep;
    deep.depth = 20;
    eng.clear();
    EXPECT_EQ(eng.search(game.position(), deep).score, solved);
}

// An 8x8 game of 34 moves (26 empties, Black to move), played by level 4 against itself.
constexpr const char* MidgameMoves =
    "c4e3f5b4c3c5c6e6f4b5a5b3d6a6a4d3a2a3a7b6c7f6e7e8c2e2d2d7c8g5b7b1c1d1";

core::Game game_after(std::string_view moves) {
    core::Game game(core::Setup{});
    EXPECT_FALSE(core::play_moves(game, moves).has_value());
    return game;
}

TEST(Search, TimeBudgetSolvesNoPositionInsideTheTree) {
    // Level 10 solves from 22 empties. At 26 empties a depth-6 tree reaches 20: under a time
    // budget those leaves are evaluated, not solved, so the search is the plain depth-6 one.
    const core::Game game = game_after(MidgameMoves);
    ASSERT_EQ(core::popcount(game.position().empty()), 26);
    engine::SearchLimits budgeted;
    budgeted.level = 10;
    budgeted.depth = 6;
    budgeted.seconds = 1000;  // a budget that never runs out here
    engine::SearchLimits plain;
    plain.depth = 6;
    engine::Engine a, b;
    const engine::SearchResult r = a.search(game.position(), budgeted);
    const engine::SearchResult p = b.search(game.position(), plain);
    EXPECT_EQ(r.depth, 6);
    EXPECT_FALSE(r.exact);
    EXPECT_EQ(r.best, p.best);
    EXPECT_EQ(r.score, p.score);
    EXPECT_EQ(r.nodes, p.nodes);
}

TEST(Search, TimeBudgetKeepsTheDeepestMidgameMoveWhenTheSolveCannotFinish) {
    // 22 empties, within level 10's exact range: the midgame deepening runs first, and when
    // the solve is stopped (here by the node limit) its depth-4 result is the answer.
    std::string moves = MidgameMoves;
    moves += "e1f1f3f7";
    const core::Game game = game_after(moves);
    ASSERT_EQ(core::popcount(game.position().empty()), 22);
    engine::SearchLimits budgeted;
    budgeted.level = 10;
    budgeted.depth = 4;
    budgeted.seconds = 1000;
    budgeted.nodes = 100000;  // far below what 22 empties need to be solved
    engine::SearchLimits plain;
    plain.depth = 4;
    engine::Engine a, b;
    const engine::SearchResult r = a.search(game.position(), budgeted);
    const engine::SearchResult p = b.search(game.position(), plain);
    EXPECT_FALSE(r.exact);
    EXPECT_EQ(r.depth, 4);
    EXPECT_EQ(r.best, p.best);
    EXPECT_EQ(r.score, p.score);
    EXPECT_GE(r.nodes, 100000u);  // the solve was tried
}

TEST(Bench, CoversEveryVariant) {
    bool six = false, ten = false, octagon = false, blocked = false, anti = false;
    bool three = false, four = false, free = false;
    for (const auto& p : engine::bench_positions()) {
        six |= p.setup.shape == core::Shape::Six;
        ten |= p.setup.shape == core::Shape::Ten;
        octagon |= p.setup.shape == core::Shape::Octagon;
        blocked |= !p.setup.blocked.empty();
        anti |= p.setup.anti;
        three |= p.setup.players == 3;
        four |= p.setup.players == 4;
        free |= p.setup.free_opening;
        EXPECT_FALSE(engine::bench_game(p).is_over()) << p.name;
    }
    EXPECT_TRUE(six && ten && octagon && blocked && anti && three && four && free);
}
