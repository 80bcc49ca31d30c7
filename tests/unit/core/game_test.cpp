// SPDX-License-Identifier: MIT
// Game: undo and redo walk the history without losing it, a new move clears the redo list,
// a refused move changes nothing, and a composed start is validated.
#include "core/game.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace reversi::core {
namespace {

TEST(Game, UndoAndRedoWalkTheHistory) {
    Game g{core::Setup{}};
    const Position start = g.position();
    ASSERT_FALSE(play_moves(g, "f5 d6 c3"));
    const Position third = g.position();
    EXPECT_FALSE(g.can_redo());
    EXPECT_TRUE(g.undo());
    EXPECT_TRUE(g.undo());
    EXPECT_EQ(g.ply(), 1);
    EXPECT_EQ(format_moves(g.variant().geometry(), g.moves(), false), "f5");
    EXPECT_TRUE(g.can_redo());
    EXPECT_TRUE(g.undo());
    EXPECT_EQ(g.position(), start);
    EXPECT_FALSE(g.can_undo());
    EXPECT_FALSE(g.undo());
    EXPECT_TRUE(g.redo());
    EXPECT_TRUE(g.redo());
    EXPECT_TRUE(g.redo());
    EXPECT_FALSE(g.redo());
    EXPECT_EQ(g.position(), third);
    EXPECT_EQ(g.position().side(), 1);
}

TEST(Game, PlayingAfterUndoClearsTheRedoList) {
    Game g{core::Setup{}};
    ASSERT_FALSE(play_moves(g, "f5 d6 c3"));
    g.undo();
    g.undo();
    ASSERT_EQ(g.play(test::sq(g.position(), "f6")), "");  // another reply to f5
    EXPECT_FALSE(g.can_redo());
    EXPECT_EQ(format_moves(g.variant().geometry(), g.moves(), false), "f5 f6");
    Game again{core::Setup{}};
    ASSERT_FALSE(play_moves(again, "f5 f6"));
    EXPECT_EQ(g.position(), again.position());
}

TEST(Game, RefusedMoveChangesNothing) {
    Game g{core::Setup{}};
    ASSERT_FALSE(play_moves(g, "f5 d6"));
    g.undo();
    const Position before = g.position();
    EXPECT_NE(g.play(test::sq(g.position(), "a1")), "");
    EXPECT_NE(g.play(-7), "");
    EXPECT_NE(g.play(200), "");
    EXPECT_EQ(g.position(), before);
    EXPECT_EQ(g.ply(), 1);
    EXPECT_TRUE(g.can_redo());  // the refused move did not clear the redo list
}

TEST(Game, CopiesAreIndependent) {
    Game a{core::Setup{}};
    ASSERT_FALSE(play_moves(a, "f5"));
    Game b = a;
    ASSERT_FALSE(play_moves(b, "d6"));
    EXPECT_EQ(a.ply(), 1);
    EXPECT_EQ(b.ply(), 2);
    EXPECT_EQ(&a.variant(), &b.variant());  // the variant is shared, not copied
}

TEST(Game, ComposedStartIsValidated) {
    core::Setup s;
    std::array<u128, MaxPlayers> discs{};
    discs[0] = 1;
    EXPECT_THROW(Game(s, discs, 0, 2), SetupError);  // no third seat
    EXPECT_THROW(Game(s, discs, 2, 0), SetupError);  // neutral with two players
    std::array<u128, MaxPlayers> both{1, 1, 0, 0};
    EXPECT_THROW(Game(s, both, 0, 0), SetupError);  // one square, two discs
    std::array<u128, MaxPlayers> red{0, 0, 1, 0};
    EXPECT_THROW(Game(s, red, 0, 0), SetupError);  // red in a two-player game
    std::array<u128, MaxPlayers> off{u128(1) << 70, 0, 0, 0};
    EXPECT_THROW(Game(s, off, 0, 0), SetupError);  // off the 8x8 board
    s.blocked = {{0, 0}};
    EXPECT_THROW(Game(s, discs, 0, 0), SetupError);  // on a blocked square
    s.blocked.clear();
    const Game g(s, discs, 0, 1);
    EXPECT_EQ(g.start().side(), 1);
    EXPECT_EQ(g.position().discs(0), 1);
}

}  // namespace
}  // namespace reversi::core
