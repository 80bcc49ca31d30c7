// SPDX-License-Identifier: MIT
// The exact solver ordered by an evaluation probe: ordering may change the work, never the
// score. A probe that misleads on purpose (and the real one, from 8x8 searches at 16-18
// empties) must give the scores of plain minimax and of the solver without a probe.
#include <gtest/gtest.h>

#include <random>

#include "core/bitboard.h"
#include "core/game.h"
#include "engine/endgame.h"
#include "engine/engine.h"
#include "engine/search.h"
#include "minimax.h"
#include "random_game.h"

using namespace reversi;
using reversi::test::minimax;

namespace {

// Scores positions by a hash of their discs: large, arbitrary and often wrong.
struct MisleadingProbe final : engine::OrderingProbe<uint64_t> {
    int estimate(uint64_t own, uint64_t opp, int) override {
        const uint64_t h = (own * 0x9e3779b97f4a7c15ULL) ^ (opp * 0xc2b2ae3d27d4eb4fULL);
        return static_cast<int>((h >> 40) % 12801) - 6400;
    }
    int shallow_search(uint64_t own, uint64_t opp, int, int, int) override {
        return estimate(own, opp, 0);
    }
};

// An 8x8 solver of its own (1 MB table) ordered by `probe` at every deep node, for `pos`.
struct ProbedSolver {
    ProbedSolver(const core::Position& pos, engine::OrderingProbe<uint64_t>& probe)
        : layout(pos.geometry()),
          solver(layout, false, table, control),
          own(engine::narrow_word<uint64_t>(pos.discs(pos.side()))),
          opp(engine::narrow_word<uint64_t>(pos.discs(1 - pos.side()))) {
        solver.set_ordering_probe(&probe, 0);
    }
    int solve() { return solver.solve(own, opp, -65, 65); }

    engine::Layout<uint64_t> layout;
    engine::TranspositionTable table{1};
    engine::SearchControl control{std::stop_token{}, 0, 0};
    engine::Endgame<uint64_t> solver;
    uint64_t own, opp;
};

}  // namespace

TEST(EndgameProbe, MisleadingOrderingKeepsMinimaxScores) {
    std::mt19937_64 rng(314);
    core::Setup setup;  // 8x8
    int checked = 0;
    for (int attempt = 0; checked < 10 && attempt < 100; ++attempt) {
        core::Game game(setup);
        const int empties = 8 + static_cast<int>(rng() % 3);
        if (!reversi::test::random_position(game, empties, rng)) continue;
        MisleadingProbe probe;
        ProbedSolver probed(game.position(), probe);
        ASSERT_EQ(probed.solve(), minimax(game.position())) << "empties " << empties;
        ++checked;
    }
    EXPECT_EQ(checked, 10);
}

TEST(EndgameProbe, ExactPassAfterMisleadingSelectivePassesKeepsTheExactScores) {
    // Selective passes cut on the probe's word; their bounds share the table with the exact
    // pass that follows, which must use them for ordering only. The reference is the solver
    // without a probe on a table of its own.
    std::mt19937_64 rng(1618);
    core::Setup setup;  // 8x8
    int checked = 0;
    for (int attempt = 0; checked < 8 && attempt < 100; ++attempt) {
        core::Game game(setup);
        const int empties = 12 + static_cast<int>(rng() % 3);
        if (!reversi::test::random_position(game, empties, rng)) continue;
        const core::Position& pos = game.position();
        const engine::Layout<uint64_t> layout(pos.geometry());
        engine::SearchControl control(std::stop_token{}, 0, 0);
        const uint64_t own = engine::narrow_word<uint64_t>(pos.discs(pos.side()));
        const uint64_t opp = engine::narrow_word<uint64_t>(pos.discs(1 - pos.side()));
        engine::TranspositionTable plain_table(1);
        engine::Endgame<uint64_t> plain(layout, false, plain_table, control);
        const int expected = plain.solve(own, opp, -65, 65);
        engine::TranspositionTable table(1);
        engine::Endgame<uint64_t> solver(layout, false, table, control);
        MisleadingProbe probe;
        solver.set_ordering_probe(&probe, 0);
        int selective_misses = 0;
        for (int level = 0; level < engine::Endgame<uint64_t>::SelectiveLevels; ++level) {
            solver.set_level(level);
            selective_misses += solver.solve(own, opp, -65, 65) != expected;
        }
        solver.set_level(engine::Endgame<uint64_t>::FullLevel);
        ASSERT_EQ(solver.solve(own, opp, -65, 65), expected) << "empties " << empties;
        checked += selective_misses > 0;  // only positions the selective passes got wrong
    }
    EXPECT_EQ(checked, 8);
}

TEST(EndgameProbe, TrainedOrderingGivesTheScoresOfTheUnprobedSolver) {
    // The hand-made evaluation turns the probe off: the reference solver. Blocked boards play
    // with their shape's weights and are probed too.
    core::Setup blocked8;
    blocked8.blocked = {{2, 2}, {5, 5}};
    core::Setup blocked10_anti;
    blocked10_anti.shape = core::Shape::Ten;
    blocked10_anti.anti = true;
    blocked10_anti.blocked = {{1, 1}, {8, 8}, {4, 0}};
    std::mt19937_64 rng(2718);
    engine::Engine eng;
    for (const core::Setup& setup : {core::Setup{}, blocked8, blocked10_anti}) {
        int checked = 0;
        for (int attempt = 0; checked < 4 && attempt < 40; ++attempt) {
            core::Game game(setup);
            if (!reversi::test::random_position(game, 16 + checked % 3, rng)) continue;
            engine::SearchLimits limits;
            limits.exact = true;
            eng.clear();
            const engine::SearchResult probed = eng.search(game.position(), limits);
            limits.handmade_eval = true;
            eng.clear();
            const engine::SearchResult plain = eng.search(game.position(), limits);
            ASSERT_TRUE(probed.exact && plain.exact);
            EXPECT_EQ(probed.score, plain.score);
            // The probed solver's move reaches its score.
            eng.clear();
            const engine::SearchResult after =
                eng.search(game.position().after(probed.best), limits);
            EXPECT_EQ(-after.score, probed.score);
            ++checked;
        }
        EXPECT_EQ(checked, 4);
    }
}

namespace {

// Counts its estimates: each is one child keyed by the solver.
struct CountingProbe final : engine::OrderingProbe<uint64_t> {
    uint64_t estimates = 0;
    int estimate(uint64_t, uint64_t, int) override {
        ++estimates;
        return 0;
    }
    int shallow_search(uint64_t, uint64_t, int, int, int) override { return 0; }
};

}  // namespace

TEST(EndgameProbe, OrderingNodesAreTheChildrenKeyedAndReadByTheCutOff) {
    // Below TableEmpties8x8 the moves are ordered by their squares alone: no ordering nodes at 5
    // or 6 empties. Deeper, each child keyed with the probe on is one estimate, and from
    // EtcEmpties8x8 the enhanced transposition cut-off reads children too.
    std::mt19937_64 rng(1203);
    core::Setup setup;  // 8x8
    int checked = 0;
    for (int attempt = 0; checked < 9 && attempt < 200; ++attempt) {
        core::Game game(setup);
        const int empties = checked < 3 ? 5 + checked % 2 : checked < 6 ? 7 + checked : 13;
        if (!reversi::test::random_position(game, empties, rng)) continue;
        const int moves = core::popcount(game.position().legal_moves());
        if (moves == 0) continue;
        CountingProbe probe;
        ProbedSolver probed(game.position(), probe);
        probed.solve();
        const uint64_t ordering = probed.solver.ordering_nodes();
        if (empties < engine::Endgame<uint64_t>::TableEmpties8x8) {
            EXPECT_EQ(ordering, 0u) << "empties " << empties;
        } else {
            ASSERT_GT(probe.estimates, 0u);
            // Every child keyed is one estimate; the cut-off's reads come on top from 11.
            if (empties < engine::Endgame<uint64_t>::EtcEmpties8x8)
                EXPECT_EQ(ordering, probe.estimates) << "empties " << empties;
            else
                EXPECT_GT(ordering, probe.estimates) << "empties " << empties;
        }
        ++checked;
    }
    EXPECT_EQ(checked, 9);
}

TEST(EndgameProbe, ProbeSearchesDeeperNearTheRoot) {
    // The static evaluation below 16 empties, then 1, 2 and from 20 empties 3 plies: the
    // 3-ply probe searched 5.4% less work on FFO #40-#49 (docs/log/2026-12-06-issue-50-search.md).
    EXPECT_EQ(engine::solver_probe_depth(15), 0);
    EXPECT_EQ(engine::solver_probe_depth(16), 1);
    EXPECT_EQ(engine::solver_probe_depth(18), 2);
    EXPECT_EQ(engine::solver_probe_depth(19), 2);
    EXPECT_EQ(engine::solver_probe_depth(20), 3);
    EXPECT_EQ(engine::solver_probe_depth(30), 3);
}
