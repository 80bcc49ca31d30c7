// SPDX-License-Identifier: MIT
// Square names and move lists (RULES.md 1 and 6): names in any case, passes, lists spaced or
// run together with passes written or implied, and errors that give the bad move's index.
#include "core/notation.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace reversi::core {
namespace {

Game game_of(Shape shape, int players = 2) {
    core::Setup s;
    s.shape = shape;
    s.players = players;
    return Game(s);
}

TEST(SquareNames, RoundTripOnEveryBoard) {
    for (Shape shape : {Shape::Six, Shape::Eight, Shape::Ten, Shape::Octagon}) {
        const Geometry g(shape, {});
        int seen = 0;
        for (int row = 0; row < g.height(); ++row) {
            for (int col = 0; col < g.width(); ++col) {
                const Coord c{col, row};
                if (!g.on_shape(c)) continue;
                const std::string name = square_name(g, g.square(c));
                // The name is the column letter and the 1-based row, from a1 at the top-left.
                std::string want(1, static_cast<char>('a' + col));
                want += std::to_string(row + 1);
                EXPECT_EQ(name, want);
                EXPECT_EQ(parse_square(g, name), g.square(c));
                std::string upper = name;
                upper[0] = static_cast<char>(upper[0] - 'a' + 'A');
                EXPECT_EQ(parse_square(g, upper), g.square(c));
                ++seen;
            }
        }
        EXPECT_EQ(seen, g.playable_count());
    }
}

TEST(SquareNames, PassIsWrittenPassAndReadInSeveralForms) {
    const Geometry g(Shape::Eight, {});
    for (const char* word : {"pass", "PASS", "pa", "PA", "Pa", "ps"})
        EXPECT_EQ(parse_square(g, word), PassMove) << word;
    EXPECT_EQ(square_name(g, PassMove), "pass");
}

TEST(SquareNames, TextsThatAreNotSquaresOfTheBoardAreRefused) {
    const Geometry g8(Shape::Eight, {}), g10(Shape::Ten, {}), oct(Shape::Octagon, {});
    for (const char* bad :
         {"", "a", "1", "a0", "a9", "i1", "a01", "aa1", "1a", "a1b", "-a1", "pas"})
        EXPECT_FALSE(parse_square(g8, bad)) << bad;
    for (const char* bad : {"k1", "a11", "j0", "a100"}) EXPECT_FALSE(parse_square(g10, bad)) << bad;
    EXPECT_EQ(parse_square(g10, "j10"), 9 * 11 + 9);
    EXPECT_FALSE(parse_square(oct, "j10"));
}

TEST(MoveLists, SpacedAndRunTogetherListsAgree) {
    Game spaced = game_of(Shape::Eight), joined = game_of(Shape::Eight),
         mixed = game_of(Shape::Eight);
    ASSERT_FALSE(play_moves(spaced, "f5 d6 c3 d3 c4"));
    ASSERT_FALSE(play_moves(joined, "f5d6c3d3c4"));
    ASSERT_FALSE(play_moves(mixed, " F5d6, C3 d3c4 "));
    EXPECT_EQ(spaced.position(), joined.position());
    EXPECT_EQ(spaced.position(), mixed.position());
    EXPECT_EQ(format_moves(spaced.variant().geometry(), spaced.moves(), false), "f5 d6 c3 d3 c4");
}

TEST(MoveLists, TwoDigitRowsSplitOnlyWhereTheRowExists) {
    Game ten = game_of(Shape::Ten);
    ASSERT_FALSE(play_moves(ten, "g6g7d5"));
    Game again = game_of(Shape::Ten);
    ASSERT_FALSE(play_moves(again, "g6 g7 d5"));
    EXPECT_EQ(ten.position(), again.position());
    std::optional<MoveListError> error;
    EXPECT_EQ(split_moves("a10b9j10", 10, error), (std::vector<std::string>{"a10", "b9", "j10"}));
    EXPECT_FALSE(error);
    // On 8x8 "a10" is a1 followed by a stray 0.
    split_moves("a10", 8, error);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->index, 1u);
}

TEST(MoveLists, PassesMayBeWrittenOrImpliedForTwoPlayers) {
    // A 6x6 line of perft.txt whose game has two forced passes.
    const std::string with =
        "c2 d2 e1 b2 d5 e5 f5 d6 c5 e2 c1 f6 a2 a1 a3 b5 a5 f4 b3 b6 f2 b4 a6 a4 c6 b1 e4 e6 "
        "pass f1 e3 f3 pass";
    // The first pass is followed by a move and may be left out; the last one ends the list.
    std::string without = with;
    without.erase(without.find(" pass"), 5);
    Game a = game_of(Shape::Six), b = game_of(Shape::Six);
    ASSERT_FALSE(play_moves(a, with));
    ASSERT_FALSE(play_moves(b, without));
    EXPECT_EQ(a.moves(), b.moves());  // the implied passes are recorded
    EXPECT_EQ(format_moves(a.variant().geometry(), a.moves(), false), with);
    std::string no_passes = with;
    for (size_t at; (at = no_passes.find(" pass")) != std::string::npos;) no_passes.erase(at, 5);
    EXPECT_EQ(format_moves(a.variant().geometry(), a.moves(), true), no_passes);
    // "PA" reads as a pass too.
    std::string pa = with;
    for (size_t at; (at = pa.find("pass")) != std::string::npos;) pa.replace(at, 4, "PA");
    Game c = game_of(Shape::Six);
    ASSERT_FALSE(play_moves(c, pa));
    EXPECT_EQ(c.moves(), a.moves());
}

TEST(MoveLists, ErrorsGiveTheIndexAndReasonAndChangeNothing) {
    struct Case {
        const char* moves;
        size_t index;
        const char* token;
        const char* reason;
    };
    const Case cases[] = {
        {"d6 c3 z", 2, "z", "not a square name"},
        {"d6 c3 d3 e9", 3, "e9", "not a square of this board"},
        {"d6 c3 d3 a1", 3, "a1", "illegal move"},
        {"d6 pass", 1, "pass", "pass is only allowed"},
        {"d6 d6", 1, "d6", "illegal move"},
        {"d6c3q9", 2, "q9", "not a square of this board"},
        {"d6 c3 ?", 2, "?", "not a square name"},
    };
    for (const Case& c : cases) {
        Game g = game_of(Shape::Eight);
        ASSERT_FALSE(play_moves(g, "f5"));
        const Position before = g.position();
        const auto error = play_moves(g, c.moves);
        ASSERT_TRUE(error) << c.moves;
        EXPECT_EQ(error->index, c.index) << c.moves;
        EXPECT_EQ(error->token, c.token) << c.moves;
        EXPECT_NE(error->reason.find(c.reason), std::string::npos)
            << c.moves << ": " << error->reason;
        EXPECT_EQ(error->message().substr(0, 6), "move " + std::to_string(c.index + 1));
        EXPECT_EQ(g.position(), before);
        EXPECT_EQ(g.ply(), 1);
    }
}

TEST(MoveLists, AfterTheEndNothingMoreIsPlayed) {
    // perft.txt's 8x8 line that ends the game after 60 moves.
    Game g = game_of(Shape::Eight);
    const std::string game =
        "d3 c5 e6 f3 b6 f7 f4 d2 c4 b3 d1 e2 e7 c2 b4 d7 b2 b5 b1 a4 d6 f5 f6 e3 g4 h3 f8 f2 h5 "
        "c3 f1 c7 d8 g8 g3 g2 h8 b7 a5 e1 g6 h6 g7 a7 a3 h4 g5 e8 c6 b8 h7 a1 c8 g1 a8 a2 a6 c1";
    ASSERT_FALSE(play_moves(g, game));
    u128 rest = g.legal_moves();
    if (!g.is_over() && rest) {
        // The remaining moves of the line are whatever is legal; play until the end.
        while (!g.is_over()) {
            u128 moves = g.legal_moves();
            ASSERT_EQ(g.play(moves ? pop_lsb(moves) : PassMove), "");
        }
    }
    const auto error = play_moves(g, "pass");
    ASSERT_TRUE(error);
    EXPECT_NE(error->reason.find("over"), std::string::npos);
}

TEST(MoveLists, MultiplayerListsHaveNoPasses) {
    Game g = game_of(Shape::Eight, 3);
    const auto error = play_moves(g, "pass");
    ASSERT_TRUE(error);
    EXPECT_EQ(error->index, 0u);
    // Black's flipping moves from the start: f4 (over white), f6 (over red), d6 (over neutral).
    EXPECT_EQ(test::names(g.variant().geometry(), g.legal_moves()), "f4 d6 f6");
    ASSERT_FALSE(play_moves(g, "f4"));
    EXPECT_EQ(g.ply(), 1);
}

}  // namespace
}  // namespace reversi::core
