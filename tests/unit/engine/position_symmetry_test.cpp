// SPDX-License-Identifier: MIT
// Symmetric twins: a move that a symmetry of the position maps onto another has its value, so
// an exact search tries one of each set; the solver's score must not change, and its work
// must shrink where the position is symmetric.
#include "engine/position_symmetry.h"

#include <gtest/gtest.h>

#include "core/bitboard.h"
#include "core/game.h"
#include "engine/endgame.h"
#include "minimax.h"

using namespace reversi;

namespace {

struct Words {
    uint64_t own, opp, moves;
};

Words words(const core::Position& pos) {
    return {engine::narrow_word<uint64_t>(pos.discs(pos.side())),
            engine::narrow_word<uint64_t>(pos.discs(1 - pos.side())),
            engine::narrow_word<uint64_t>(pos.legal_moves())};
}

// 6x6 with its outer ring blocked: a 4x4 board of 12 empties, symmetric under all eight.
core::Setup ringed_six() {
    core::Setup setup;
    setup.shape = core::Shape::Six;
    for (int row = 0; row < 6; ++row)
        for (int col = 0; col < 6; ++col)
            if (row == 0 || row == 5 || col == 0 || col == 5) setup.blocked.push_back({col, row});
    return setup;
}

}  // namespace

TEST(PositionSymmetry, EveryFirstMoveOfTheStartButOneIsATwin) {
    for (const core::Shape shape : {core::Shape::Six, core::Shape::Eight}) {
        core::Setup setup;
        setup.shape = shape;
        const core::Game game(setup);
        const engine::PositionSymmetry<uint64_t> symmetry(game.position().geometry());
        EXPECT_EQ(symmetry.count(), 7);
        const Words w = words(game.position());
        const uint64_t twins = symmetry.twins(w.own, w.opp, w.moves);
        EXPECT_EQ(core::popcount(w.moves & ~twins), 1);
        EXPECT_EQ(twins & ~w.moves, 0U);
    }
    core::Setup ten;
    ten.shape = core::Shape::Ten;
    const core::Game game(ten);
    const engine::PositionSymmetry<core::u128> symmetry(game.position().geometry());
    const core::Position& pos = game.position();
    const core::u128 moves = pos.legal_moves();
    EXPECT_EQ(core::popcount(
                  moves & ~symmetry.twins(pos.discs(pos.side()), pos.discs(1 - pos.side()), moves)),
              1);
}

TEST(PositionSymmetry, AfterOneMoveNoRepliesAreTwins) {
    core::Game game(core::Setup{});
    game.play(game.position().geometry().square({5, 4}));  // f5
    const engine::PositionSymmetry<uint64_t> symmetry(game.position().geometry());
    const Words w = words(game.position());
    ASSERT_EQ(core::popcount(w.moves), 3);
    // f4, f6 and d6 (parallel, diagonal, perpendicular) differ: f5 broke every symmetry.
    EXPECT_EQ(symmetry.twins(w.own, w.opp, w.moves), 0U);
}

TEST(PositionSymmetry, AnAsymmetricBlockedBoardHasNone) {
    core::Setup setup;
    setup.blocked = {{2, 3}};
    const core::Game game(setup);
    const engine::PositionSymmetry<uint64_t> symmetry(game.position().geometry());
    EXPECT_EQ(symmetry.count(), 0);
    const Words w = words(game.position());
    EXPECT_EQ(symmetry.twins(w.own, w.opp, w.moves), 0U);
}

TEST(PositionSymmetry, SolverTriesOneTwinAndKeepsTheScore) {
    const core::Game game(ringed_six());
    const core::Position& pos = game.position();
    const engine::Layout<uint64_t> layout(pos.geometry());
    const engine::PositionSymmetry<uint64_t> symmetry(pos.geometry());
    const Words w = words(pos);
    const int expected = reversi::test::minimax(pos);
    const auto solve = [&](const engine::PositionSymmetry<uint64_t>* with) {
        engine::TranspositionTable table(1);
        engine::SearchControl control(std::stop_token{}, 0, 0);
        engine::Endgame<uint64_t> solver(layout, false, table, control);
        solver.set_symmetry(with);
        int best = core::NoSquare;
        EXPECT_EQ(solver.solve_root(w.own, w.opp, -17, 17, best), expected);
        EXPECT_TRUE((w.moves >> best) & 1);
        return solver.nodes();
    };
    const uint64_t all = solve(nullptr);
    const uint64_t once = solve(&symmetry);
    // The first move's search stays; its three twins' null-window searches go.
    EXPECT_LT(once, all) << once << " nodes with twins skipped, " << all << " without";
}
