// SPDX-License-Identifier: MIT
// The bitboard rules library against the square-by-square reference (reference_rules.h) on
// random games of every variant, with a fixed seed: legal moves, the flips of every legal
// move, passes, the end, the result, and the position after each move.
#include "reference_rules.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/position_text.h"

namespace reversi::core {
namespace {

using test::RefBoard;
using test::RefSquare;

std::vector<RefSquare> squares_of(const Geometry& g, u128 bits) {
    std::vector<RefSquare> out;
    while (bits) {
        const Coord c = g.coord(pop_lsb(bits));
        out.push_back({c.col, c.row});
    }
    std::sort(out.begin(), out.end());
    return out;
}

struct Tally {
    long positions = 0;
    long moves_checked = 0;
    long passes = 0;
    long finished = 0;
};

// Plays one random game on both implementations, comparing them at every ply.
void compare_game(const core::Setup& setup, std::mt19937_64& rng, Tally& tally) {
    Game game(setup);
    RefBoard ref = test::ref_start(setup);
    ASSERT_EQ(test::ref_from_position(game.position()).grid, ref.grid)
        << "start of\n"
        << format_position_text(game.position());
    for (int ply = 0; ply < 200; ++ply) {
        const Position& pos = game.position();
        const Geometry& g = pos.geometry();
        const std::string where = format_position_text(pos);
        ++tally.positions;
        const auto expected = test::ref_legal_moves(ref);
        ASSERT_EQ(squares_of(g, pos.legal_moves()), expected) << where;
        for (RefSquare s : expected) {
            ++tally.moves_checked;
            ASSERT_EQ(squares_of(g, pos.flips(g.square({s.col, s.row}))), test::ref_flips(ref, s))
                << where << "move " << coord_name({s.col, s.row});
        }
        ASSERT_EQ(pos.must_pass(), test::ref_must_pass(ref)) << where;
        ASSERT_EQ(pos.is_over(), test::ref_is_over(ref)) << where;
        if (pos.is_over()) {
            const Outcome got = pos.outcome(), want = test::ref_outcome(ref);
            ASSERT_EQ(got.discs, want.discs) << where;
            ASSERT_EQ(got.winner, want.winner) << where;
            ASSERT_EQ(got.black_score, want.black_score) << where;
            ++tally.finished;
            return;
        }
        if (pos.must_pass()) {
            ++tally.passes;
            ASSERT_EQ(game.play(PassMove), "");
            test::ref_pass(ref);
        } else {
            const RefSquare s = expected[test::draw(rng, static_cast<int>(expected.size()))];
            ASSERT_EQ(game.play(g.square({s.col, s.row})), "");
            test::ref_play(ref, s);
        }
        ASSERT_EQ(test::ref_from_position(game.position()).grid, ref.grid) << "after a move from\n"
                                                                           << where;
        ASSERT_EQ(game.position().side(), ref.side);
    }
    FAIL() << "a game lasted 200 plies";
}

TEST(ReferenceRules, RandomGamesOfEveryVariantAgreeWithTheBitboards) {
    std::mt19937_64 rng(20261130);
    Tally tally;
    const auto setups = test::every_setup();
    for (const core::Setup& base : setups) {
        for (int game = 0; game < 24; ++game) {
            core::Setup setup = base;
            // A third of the games are played with a few blocked squares.
            if (game % 3 == 2)
                setup.blocked = test::random_blocked(rng, setup, 1 + test::draw(rng, 3));
            SCOPED_TRACE("setup: board " + shape_name(setup.shape) + ", " +
                         std::to_string(setup.players) + " players, game " + std::to_string(game));
            compare_game(setup, rng, tally);
            if (HasFatalFailure()) return;
        }
    }
    EXPECT_GT(tally.positions, 30000);
    EXPECT_GT(tally.passes, 10);
    EXPECT_EQ(tally.finished, static_cast<long>(setups.size()) * 24);
    RecordProperty("positions", std::to_string(tally.positions));
    RecordProperty("moves_checked", std::to_string(tally.moves_checked));
}

}  // namespace
}  // namespace reversi::core
