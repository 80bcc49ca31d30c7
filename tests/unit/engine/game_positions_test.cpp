// SPDX-License-Identifier: MIT
// The training positions of a game played elsewhere (engine/game_positions.h): replayed move by
// move, refused at the first bad move or when cut short, labelled as RULES.md 3 scores the end.
#include "engine/game_positions.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/bitboard.h"
#include "core/position.h"
#include "random_game.h"

namespace reversi::engine {
namespace {

core::Variant variant_of(core::Shape shape, bool anti = false) {
    core::Setup s;
    s.shape = shape;
    s.anti = anti;
    return core::Variant(s);
}

// A random game to its end, passes written as PassMove.
std::vector<core::Square> random_game(const core::Variant& v, uint64_t seed) {
    std::mt19937_64 rng(seed);
    core::Position pos = core::Position::start(v);
    std::vector<core::Square> moves;
    while (!pos.is_over()) {
        const core::Square move = pos.must_pass() ? core::PassMove : test::random_move(pos, rng);
        moves.push_back(move);
        pos.play(move);
    }
    return moves;
}

// The first seed whose random game has a forced pass and ends with empty squares.
std::vector<core::Square> game_with_pass_and_empties(const core::Variant& v) {
    for (uint64_t seed = 1; seed < 20000; ++seed) {
        const auto moves = random_game(v, seed);
        core::Position pos = core::Position::start(v);
        for (core::Square m : moves) pos.play(m);
        bool passed = false;
        for (core::Square m : moves) passed |= m == core::PassMove;
        if (passed && core::popcount(pos.empty()) > 0) return moves;
    }
    ADD_FAILURE() << "no such game";
    return {};
}

// Checks every record against a replay of `moves`: the mover's and the opponent's discs
// before each move that is not a pass, and the label RULES.md 3 gives the mover.
void expect_labelled(const core::Variant& v, const std::vector<core::Square>& moves,
                     const GamePositions& got) {
    ASSERT_TRUE(got.refused.empty()) << got.refused;
    core::Position end = core::Position::start(v);
    for (core::Square m : moves) end.play(m);
    const int black = core::popcount(end.discs(0));
    const int white = core::popcount(end.discs(1));
    const int empties = core::popcount(end.empty());
    // Black's margin with the empty squares to the winner (fewest discs wins with anti).
    int black_margin = v.anti() ? white - black : black - white;
    black_margin += black_margin > 0 ? empties : black_margin < 0 ? -empties : 0;
    core::Position pos = core::Position::start(v);
    size_t k = 0;
    for (core::Square m : moves) {
        if (m != core::PassMove) {
            ASSERT_LT(k, got.positions.size());
            const TrainingPosition& p = got.positions[k];
            EXPECT_EQ(p.own, pos.discs(pos.side())) << "record " << k;
            EXPECT_EQ(p.opp, pos.discs(1 - pos.side())) << "record " << k;
            EXPECT_EQ(p.score, pos.side() == 0 ? black_margin : -black_margin) << "record " << k;
            EXPECT_EQ(p.game_start, k == 0);
            EXPECT_FALSE(p.exact);
            ++k;
        }
        pos.play(m);
    }
    EXPECT_EQ(k, got.positions.size());
}

TEST(GamePositions, AGameToItsEndGivesEveryMoversPositionWithTheFinalMargin) {
    for (const bool anti : {false, true}) {
        const core::Variant v = variant_of(core::Shape::Six, anti);
        const auto moves = game_with_pass_and_empties(v);
        ASSERT_FALSE(moves.empty());
        expect_labelled(v, moves, training_positions_of_game(v, moves));
    }
    const core::Variant eight = variant_of(core::Shape::Eight);
    const auto moves = random_game(eight, 7);
    expect_labelled(eight, moves, training_positions_of_game(eight, moves));
}

TEST(GamePositions, AForcedPassMayBeLeftOut) {
    const core::Variant v = variant_of(core::Shape::Six);
    const auto moves = game_with_pass_and_empties(v);
    std::vector<core::Square> without;
    for (core::Square m : moves)
        if (m != core::PassMove) without.push_back(m);
    ASSERT_LT(without.size(), moves.size());
    const GamePositions with = training_positions_of_game(v, moves);
    const GamePositions got = training_positions_of_game(v, without);
    ASSERT_TRUE(got.refused.empty()) << got.refused;
    ASSERT_EQ(got.positions.size(), with.positions.size());
    for (size_t i = 0; i < got.positions.size(); ++i) {
        EXPECT_EQ(got.positions[i].own, with.positions[i].own);
        EXPECT_EQ(got.positions[i].score, with.positions[i].score);
    }
}

TEST(GamePositions, AGameCutShortOrWithABadMoveIsRefusedWhole) {
    const core::Variant v = variant_of(core::Shape::Eight);
    const auto moves = random_game(v, 3);
    ASSERT_GT(moves.size(), 20u);

    auto cut = moves;
    cut.pop_back();  // resigned before the last move: the end is no result
    GamePositions got = training_positions_of_game(v, cut);
    EXPECT_NE(got.refused.find("before its end"), std::string::npos) << got.refused;
    EXPECT_TRUE(got.positions.empty());

    auto occupied = moves;
    occupied[10] = occupied[3];  // a square already taken
    got = training_positions_of_game(v, occupied);
    EXPECT_EQ(got.refused, "ply 11: not a legal move");
    EXPECT_TRUE(got.positions.empty());

    auto off_board = moves;
    off_board[5] = 127;
    EXPECT_EQ(training_positions_of_game(v, off_board).refused, "ply 6: not a legal move");

    auto pass = moves;
    pass[0] = core::PassMove;
    EXPECT_EQ(training_positions_of_game(v, pass).refused, "ply 1: a pass with a move to play");

    auto longer = moves;
    longer.push_back(moves.back());
    EXPECT_NE(training_positions_of_game(v, longer).refused.find("after the end"),
              std::string::npos);

    core::Setup three;
    three.players = 3;
    EXPECT_FALSE(training_positions_of_game(core::Variant(three), {}).refused.empty());
}

}  // namespace
}  // namespace reversi::engine
