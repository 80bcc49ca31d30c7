// SPDX-License-Identifier: MIT
// One test per rule of RULES.md (sections 1-5), each named after its rule and built on a
// small hand-made position written as a position text, so that the board is visible in the
// test. Expected squares are worked out by hand from the rule, never copied from output.
#include <gtest/gtest.h>

#include <random>

#include "core/variant.h"
#include "reference_rules.h"
#include "test_util.h"

namespace reversi::core {
namespace {

using test::game_from;
using test::names;
using test::sq;

PositionText text(const std::string& t, const core::Setup& options = {}) {
    return parse_position_text(t, options);
}

// ---- RULES.md 1: the board ----

TEST(Rules1Board, CoordinatesStartTopLeftAndReadAnyCase) {
    const Variant v{core::Setup{}};
    const Geometry& g = v.geometry();
    EXPECT_EQ(parse_square(g, "a1"), 0);
    EXPECT_EQ(parse_square(g, "H1"), 7);  // columns run left to right
    EXPECT_EQ(parse_square(g, "a2"), 8);  // rows run top to bottom
    EXPECT_EQ(square_name(g, *parse_square(g, "H8")), "h8");
    EXPECT_EQ(parse_square(g, "PA"), PassMove);
    EXPECT_EQ(square_name(g, PassMove), "pass");
}

TEST(Rules1Board, ShapesHaveTheirSquareCounts) {
    const std::pair<Shape, int> expected[] = {
        {Shape::Six, 36}, {Shape::Eight, 64}, {Shape::Ten, 100}, {Shape::Octagon, 88}};
    for (const auto& [shape, count] : expected)
        EXPECT_EQ(Geometry(shape, {}).playable_count(), count) << shape_name(shape);
}

TEST(Rules1Board, OctagonCutsThreeSquaresFromEachCorner) {
    const Geometry g(Shape::Octagon, {});
    for (const char* cut :
         {"a1", "b1", "a2", "i1", "j1", "j2", "a9", "a10", "b10", "j9", "i10", "j10"})
        EXPECT_FALSE(parse_square(g, cut)) << cut;
    for (const char* kept :
         {"c1", "b2", "a3", "h1", "i2", "j3", "a8", "b9", "c10", "j8", "i9", "h10"})
        EXPECT_TRUE(parse_square(g, kept)) << kept;
}

TEST(Rules1Board, BlockedSquareIsNeverPlayed) {
    // c1 would bracket b1 if it were open.
    const auto t = text(
        "board=8 players=2 turn=black\n"
        "XO#-----\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_EQ(names(t.position.geometry(), t.position.legal_moves()), "");
    EXPECT_FALSE(t.position.is_legal(sq(t.position, "c1")));
}

TEST(Rules1Board, BlockedSquareBreaksALine) {
    // a1-b1-c1(blocked)-d1: not bracketed; a2-b2-c2: bracketed.
    const auto t = text(
        "board=8 players=2 turn=black\n"
        "-O#X----\n-OX-----\n--------\n--------\n--------\n--------\n--------\n--------");
    const Position& p = t.position;
    EXPECT_EQ(p.flips(sq(p, "a1")), 0);
    EXPECT_EQ(names(p.geometry(), p.legal_moves()), "a2");
    EXPECT_EQ(names(p.geometry(), p.flips(sq(p, "a2"))), "b2");
}

TEST(Rules1Board, CutOctagonCornerBreaksALineAndIsNeverPlayed) {
    // a1 would bracket b2 against c3, but a1 is cut; d1 is on the board and does bracket.
    const auto t = text(
        "board=octagon players=2 turn=black\n"
        "..------..\n.O-------.\n--X-------\n----------\n----------\n"
        "----------\n----------\n----------\n.--------.\n..------..");
    EXPECT_EQ(t.variant->geometry().playable_count(), 88);
    const auto t2 = text(
        "board=octagon players=2 turn=black\n"
        "..------..\n.O-------.\nX---------\n----------\n----------\n"
        "----------\n----------\n----------\n.--------.\n..------..");
    // b2 lies between the cut a1 and c3: nothing can bracket it along that diagonal.
    EXPECT_EQ(names(t.position.geometry(), t.position.legal_moves()), "");
    // From a3 the line a3-b2-c1 is bracketable at c1: c1 is on the octagon.
    EXPECT_EQ(names(t2.position.geometry(), t2.position.legal_moves()), "c1");
}

TEST(Rules1Board, EdgeBreaksALineWithoutWrapping) {
    // h1 going east must not continue at a2 (8x8) nor j1 at a2 (10x10 layout).
    const auto t8 = text(
        "board=8 players=2 turn=black\n"
        "OOOOOOO-\nOX------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_FALSE(t8.position.is_legal(sq(t8.position, "h1")));
    const auto t10 = text(
        "board=10 players=2 turn=black\n"
        "OOOOOOOOO-\nOX--------\n----------\n----------\n----------\n"
        "----------\n----------\n----------\n----------\n----------");
    EXPECT_FALSE(t10.position.is_legal(sq(t10.position, "j1")));
    // West from a2 must not continue at h1 / j1 either.
    const auto w8 = text(
        "board=8 players=2 turn=black\n"
        "------XO\n-O------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_EQ(names(w8.position.geometry(), w8.position.legal_moves()), "");
}

// ---- RULES.md 2: players and colours ----

TEST(Rules2Players, TurnOrderIsBlackWhiteRedGreen) {
    core::Setup s;
    s.players = 4;
    Game g(s);
    for (int ply = 0; ply < 9; ++ply) {
        EXPECT_EQ(g.position().side(), ply % 4);
        u128 moves = g.legal_moves();
        ASSERT_NE(moves, 0);
        ASSERT_EQ(g.play(pop_lsb(moves)), "");
    }
}

// ---- RULES.md 3: two-player Reversi ----

TEST(Rules3TwoPlayer, StartHasWhiteOnTopLeftAndBottomRightCentre) {
    const std::pair<Shape, const char*> expected[] = {
        {Shape::Six,
         "board=6 players=2 turn=black\n------\n------\n--OX--\n--XO--\n------\n------\n"},
        {Shape::Eight,
         "board=8 players=2 turn=black\n--------\n--------\n--------\n---OX---\n---XO---\n"
         "--------\n--------\n--------\n"},
        {Shape::Ten,
         "board=10 players=2 turn=black\n----------\n----------\n----------\n----------\n"
         "----OX----\n----XO----\n----------\n----------\n----------\n----------\n"},
        {Shape::Octagon,
         "board=octagon players=2 turn=black\n..------..\n.--------.\n----------\n----------\n"
         "----OX----\n----XO----\n----------\n----------\n.--------.\n..------..\n"}};
    for (const auto& [shape, want] : expected) {
        core::Setup s;
        s.shape = shape;
        const Variant v(s);
        EXPECT_EQ(format_position_text(Position::start(v)), want);
    }
}

TEST(Rules3TwoPlayer, MoveFlipsEveryBracketedLineInAllEightDirections) {
    const auto t = text(
        "board=8 players=2 turn=black\n"
        "X--X--X-\n-O-O-O--\n--OOO---\nXOO-OOX-\n--OOO---\n-O-O-O--\nX--X--X-\n--------");
    const Position& p = t.position;
    EXPECT_EQ(names(p.geometry(), p.flips(sq(p, "d4"))),
              "b2 d2 f2 c3 d3 e3 b4 c4 e4 f4 c5 d5 e5 b6 d6 f6");
    const Position after = p.after(sq(p, "d4"));
    EXPECT_EQ(after.count(1), 0);
    EXPECT_EQ(after.count(0), 8 + 16 + 1);
}

TEST(Rules3TwoPlayer, MoveNeedsABracketedLine) {
    // c1 touches the white disc but brackets nothing; a line with a gap does not count.
    const auto t = text(
        "board=8 players=2 turn=black\n"
        "-O------\n--------\n-X------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_EQ(names(t.position.geometry(), t.position.legal_moves()), "");
}

TEST(Rules3TwoPlayer, NoChainReaction) {
    // a1 flips b1; the new b1 then brackets b2 against b3, which must not flip. The line
    // a2-a3-a4 has a gap and does not flip either.
    const auto t = text(
        "board=8 players=2 turn=black\n"
        "-OX-----\nOO------\n-X------\nX-------\n--------\n--------\n--------\n--------");
    const Position& p = t.position;
    EXPECT_EQ(names(p.geometry(), p.flips(sq(p, "a1"))), "b1");
    const Position after = p.after(sq(p, "a1"));
    EXPECT_EQ(names(p.geometry(), after.discs(1)), "a2 b2");
}

TEST(Rules3TwoPlayer, PassIsCompulsoryWithoutAMove) {
    // Black (b1) cannot bracket anything; White can play c1.
    auto g = game_from(
        text("board=8 players=2 turn=black\n"
             "OX------\n--------\n--------\n--------\n--------\n--------\n--------\n--------"));
    EXPECT_TRUE(g.must_pass());
    EXPECT_FALSE(g.is_over());
    EXPECT_NE(g.play(sq(g.position(), "c1")), "");
    EXPECT_EQ(g.play(PassMove), "");
    EXPECT_EQ(g.position().side(), 1);
    EXPECT_TRUE(g.position().is_legal(sq(g.position(), "c1")));
}

TEST(Rules3TwoPlayer, PassIsRefusedWithALegalMove) {
    Game g{core::Setup{}};
    EXPECT_FALSE(g.must_pass());
    EXPECT_NE(g.play(PassMove), "");
    EXPECT_EQ(g.ply(), 0);
}

TEST(Rules3TwoPlayer, GameEndsWhenNeitherPlayerCanMove) {
    // Not full, but only Black discs remain.
    const auto t = text(
        "board=8 players=2 turn=white\n"
        "XX------\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_TRUE(t.position.is_over());
    EXPECT_FALSE(t.position.must_pass());
    // A full board.
    const auto full =
        text("board=6 players=2 turn=black XXXXXX/XXXXXX/XXXXXX/OOOOOO/OOOOOO/OOOOOO");
    EXPECT_TRUE(full.position.is_over());
}

TEST(Rules3TwoPlayer, MoreDiscsWinsAndEmptiesGoToTheWinnerInTheScore) {
    const auto t = text(
        "board=8 players=2 turn=white\n"
        "XX------\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    const Outcome o = t.position.outcome();
    EXPECT_EQ(o.discs[0], 2);  // empties are not awarded in the shown result
    EXPECT_EQ(o.discs[1], 0);
    EXPECT_EQ(o.winner, 0);
    EXPECT_EQ(o.black_score, 64);  // 2 - 0 plus the 62 empties
    const auto white =
        text("board=6 players=2 turn=black OOOOOO/OOOOOO/OOOOOO/XXXXXX/XXXXXX/XXXOOO");
    EXPECT_EQ(white.position.outcome().winner, 1);
    EXPECT_EQ(white.position.outcome().black_score, 15 - 21);
}

TEST(Rules3TwoPlayer, EqualCountsAreADraw) {
    const auto t = text("board=6 players=2 turn=black XXXXXX/XXXXXX/XXXXXX/OOOOOO/OOOOOO/OOOOOO");
    EXPECT_EQ(t.position.outcome().winner, -1);
    EXPECT_EQ(t.position.outcome().black_score, 0);
}

TEST(Rules3TwoPlayer, NoLimitOnTheNumberOfDiscs) {
    // Black holds 47 discs, well over the historical 32, and still plays and flips.
    const auto t = text(
        "board=8 players=2 turn=black\n"
        "XXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXX-\n-O------\n--------");
    EXPECT_EQ(t.position.count(0), 47);
    EXPECT_EQ(names(t.position.geometry(), t.position.legal_moves()), "a8 b8 c8");
    EXPECT_EQ(t.position.after(sq(t.position, "b8")).count(0), 49);
    // And may fill the whole board.
    const auto w = text(
        "board=8 players=2 turn=black\n"
        "XXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXOOOOOO-\nXXXXXXXX");
    EXPECT_EQ(names(w.position.geometry(), w.position.legal_moves()), "h7");
    EXPECT_EQ(w.position.after(sq(w.position, "h7")).count(0), 64);
}

// ---- RULES.md 4: three- and four-player Reversi ----

TEST(Rules4Multiplayer, StartIsClockwiseInTurnOrderWithNeutralForThree) {
    const char* want[] = {
        "board=8 players=3 turn=black\n--------\n--------\n--------\n---XO---\n---NR---\n"
        "--------\n--------\n--------\n",
        "board=8 players=4 turn=black\n--------\n--------\n--------\n---XO---\n---GR---\n"
        "--------\n--------\n--------\n",
        "board=10 players=3 turn=black\n----------\n----------\n----------\n----------\n"
        "----XO----\n----NR----\n----------\n----------\n----------\n----------\n",
        "board=octagon players=4 turn=black\n..------..\n.--------.\n----------\n----------\n"
        "----XO----\n----GR----\n----------\n----------\n.--------.\n..------..\n"};
    const std::pair<Shape, int> setups[] = {
        {Shape::Eight, 3}, {Shape::Eight, 4}, {Shape::Ten, 3}, {Shape::Octagon, 4}};
    for (int i = 0; i < 4; ++i) {
        core::Setup s;
        s.shape = setups[i].first;
        s.players = setups[i].second;
        const Variant v(s);
        EXPECT_EQ(format_position_text(Position::start(v)), want[i]);
    }
}

TEST(Rules4Multiplayer, BracketedLineMayMixColoursAndNeutralAndAllOfItFlips) {
    const auto t = text(
        "board=8 players=3 turn=black\n"
        "-ORNX---\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    const Position& p = t.position;
    EXPECT_EQ(names(p.geometry(), p.flips(sq(p, "a1"))), "b1 c1 d1");
    const Position after = p.after(sq(p, "a1"));
    EXPECT_EQ(after.count(0), 5);
    EXPECT_EQ(after.neutral(), 0);  // a flipped neutral disc is no longer neutral
    EXPECT_EQ(after.side(), 1);
    // Four players: green, red and white between two black discs.
    const auto four = text(
        "board=8 players=4 turn=green\n"
        "GXORG---\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_EQ(four.position.flips(sq(four.position, "f1")), 0);  // f1 is not bracketing
    const auto four2 = text(
        "board=8 players=4 turn=green\n"
        "-XORG---\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_EQ(names(four2.position.geometry(), four2.position.flips(sq(four2.position, "a1"))),
              "b1 c1 d1");
}

TEST(Rules4Multiplayer, NobodyPassesAndAPlayerWithoutFlipsPlacesNextToAnyDisc) {
    // Red has no disc and no flipping move: any empty square touching a disc, neutral
    // included, is legal, and the placed disc flips nothing.
    auto g = game_from(
        text("board=8 players=3 turn=red\n"
             "XO------\nN-------\n--------\n--------\n--------\n--------\n--------\n--------"));
    const Position& p = g.position();
    EXPECT_EQ(names(p.geometry(), p.legal_moves()), "c1 b2 c2 a3 b3");
    EXPECT_FALSE(p.must_pass());
    EXPECT_FALSE(p.is_over());
    EXPECT_EQ(p.flips(sq(p, "b2")), 0);
    ASSERT_EQ(g.play(sq(p, "b2")), "");
    EXPECT_EQ(g.position().count(2), 1);
    EXPECT_EQ(g.position().count(0), 1);
    EXPECT_EQ(g.position().side(), 0);
    EXPECT_NE(g.play(PassMove), "");  // no passes with three players
}

TEST(Rules4Multiplayer, PlayerWithNoDiscsGoesOnPlaying) {
    const auto t = text(
        "board=10 players=4 turn=green\n"
        "----------\n----------\n----------\n----------\n----XO----\n-----R----\n"
        "----------\n----------\n----------\n----------");
    const Position& p = t.position;
    EXPECT_EQ(p.count(3), 0);
    EXPECT_EQ(names(p.geometry(), p.legal_moves()), "d4 e4 f4 g4 d5 g5 d6 e6 g6 e7 f7 g7");
}

TEST(Rules4Multiplayer, FlippingMoveIsCompulsoryWhenThereIsOne) {
    const auto t = text(
        "board=8 players=3 turn=red\n"
        "RX------\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_EQ(names(t.position.geometry(), t.position.legal_moves()), "c1");
}

TEST(Rules4Multiplayer, GameEndsWhenNoEmptySquareTouchesADisc) {
    const auto t = text(
        "board=8 players=3 turn=white\n"
        "XO#-----\nR##-----\n##------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_TRUE(t.position.is_over());
    EXPECT_EQ(t.position.legal_moves(), 0);
    const auto open = text(
        "board=8 players=3 turn=white\n"
        "XO#-----\nR#------\n##------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_FALSE(open.position.is_over());  // c2 still touches b1
}

TEST(Rules4Multiplayer, MostDiscsWinsNeutralCountsForNobody) {
    const auto t = text(
        "board=8 players=3 turn=black\n"
        "XXXOORNN\nNNNNNNNN\n--------\n--------\n--------\n--------\n--------\n--------");
    const Outcome o = t.position.outcome();
    EXPECT_EQ(o.discs[0], 3);
    EXPECT_EQ(o.discs[1], 2);
    EXPECT_EQ(o.discs[2], 1);
    EXPECT_EQ(o.winner, 0);
}

TEST(Rules4Multiplayer, SharedTopCountIsADrawForTheTable) {
    const auto t = text(
        "board=8 players=4 turn=black\n"
        "XXXOOORG\n--------\n--------\n--------\n--------\n--------\n--------\n--------");
    EXPECT_EQ(t.position.outcome().winner, -1);
}

TEST(Rules4Multiplayer, EveryPlayerPlacesTheSameNumberOfDiscs) {
    // RULES.md 4: 20/15 on 8x8, 32/24 on 10x10, 28/21 on the octagon, without blocked squares.
    struct Case {
        Shape shape;
        int players;
        int each;
    };
    const Case cases[] = {{Shape::Eight, 3, 20}, {Shape::Eight, 4, 15},   {Shape::Ten, 3, 32},
                          {Shape::Ten, 4, 24},   {Shape::Octagon, 3, 28}, {Shape::Octagon, 4, 21}};
    std::mt19937_64 rng(4);
    for (const Case& c : cases) {
        for (int game = 0; game < 20; ++game) {
            core::Setup s;
            s.shape = c.shape;
            s.players = c.players;
            s.anti = game % 2 == 1;
            Game g(s);
            std::array<int, MaxPlayers> placed{};
            while (!g.is_over()) {
                u128 moves = g.legal_moves();
                ASSERT_NE(moves, 0) << "a pass with " << c.players << " players";
                int pick = test::draw(rng, popcount(moves));
                Square move = pop_lsb(moves);
                while (pick-- > 0) move = pop_lsb(moves);
                ++placed[g.position().side()];
                ASSERT_EQ(g.play(move), "");
            }
            for (int seat = 0; seat < c.players; ++seat)
                EXPECT_EQ(placed[seat], c.each) << shape_name(c.shape) << " seat " << seat;
        }
    }
}

// ---- RULES.md 5: options ----

TEST(Rules5Anti, FewestDiscsWins) {
    core::Setup anti;
    anti.anti = true;
    const auto t = text(
        "board=8 players=2 turn=white\n"
        "XX------\n--------\n--------\n--------\n--------\n--------\n--------\n--------",
        anti);
    EXPECT_EQ(t.position.outcome().winner, 1);
    EXPECT_EQ(t.position.outcome().black_score, -64);  // the winner's score is positive
    const auto three = text(
        "board=8 players=3 turn=black\n"
        "XXXOORNN\n--------\n--------\n--------\n--------\n--------\n--------\n--------",
        anti);
    EXPECT_EQ(three.position.outcome().winner, 2);
}

TEST(Rules5Anti, SharedLowestCountIsADrawForTheTable) {
    core::Setup anti;
    anti.anti = true;
    const auto t = text(
        "board=8 players=3 turn=black\n"
        "XXXOORN-\nR-------\n--------\n--------\n--------\n--------\n--------\n--------",
        anti);
    EXPECT_EQ(t.position.outcome().winner, -1);
}

TEST(Rules5Anti, RulesOfPlayAreUnchanged) {
    core::Setup anti;
    anti.anti = true;
    Game normal{core::Setup{}}, reversed{anti};
    for (const char* move : {"f5", "d6", "c3", "d3", "c4"}) {
        EXPECT_EQ(normal.legal_moves(), reversed.legal_moves());
        ASSERT_EQ(normal.play(sq(normal.position(), move)), "");
        ASSERT_EQ(reversed.play(sq(reversed.position(), move)), "");
        EXPECT_EQ(normal.position(), reversed.position());
    }
}

TEST(Rules5FreeOpening, CentreFillsFirstWithoutFlipsOrPasses) {
    core::Setup s;
    s.free_opening = true;
    Game g(s);
    EXPECT_EQ(g.position().occupied(), 0);
    const char* order[] = {"d4", "e4", "e5", "d5"};
    std::string centre = "d4 e4 d5 e5";
    for (int i = 0; i < 4; ++i) {
        const Position& p = g.position();
        EXPECT_EQ(p.side(), i % 2);
        EXPECT_TRUE(p.in_opening());
        EXPECT_EQ(names(p.geometry(), p.legal_moves()), centre);
        EXPECT_FALSE(p.must_pass());
        EXPECT_EQ(p.flips(sq(p, order[i])), 0);
        ASSERT_EQ(g.play(sq(p, order[i])), "");
        centre.erase(centre.find(order[i]), 2);
        while (!centre.empty() && centre.front() == ' ') centre.erase(0, 1);
        while (!centre.empty() && centre.back() == ' ') centre.pop_back();
        const size_t dbl = centre.find("  ");
        if (dbl != std::string::npos) centre.erase(dbl, 1);
    }
    // Then the normal rules, Black to move: black d4 e5, white e4 d5.
    EXPECT_FALSE(g.position().in_opening());
    EXPECT_EQ(g.position().side(), 0);
    EXPECT_EQ(names(g.position().geometry(), g.legal_moves()), "e3 f4 c5 d6");
}

TEST(Rules5FreeOpening, NoOtherSquareUntilTheCentreIsFull) {
    core::Setup s;
    s.free_opening = true;
    s.shape = Shape::Ten;
    Game g(s);
    ASSERT_EQ(g.play(sq(g.position(), "e5")), "");
    ASSERT_EQ(g.play(sq(g.position(), "f5")), "");
    // d5 would bracket e5? No: it is simply off the centre and refused.
    EXPECT_NE(g.play(sq(g.position(), "g5")), "");
    EXPECT_EQ(g.ply(), 2);
}

TEST(Rules5Handicap, CornersGoTopLeftBottomRightTopRightBottomLeft) {
    const std::pair<Shape, const char*> corners[] = {
        {Shape::Six, "a1 f6 f1 a6"}, {Shape::Eight, "a1 h8 h1 a8"}, {Shape::Ten, "a1 j10 j1 a10"}};
    for (const auto& [shape, order] : corners) {
        for (int n = 1; n <= 4; ++n) {
            for (Color to : {Color::Black, Color::White}) {
                core::Setup s;
                s.shape = shape;
                s.handicap = n;
                s.handicap_to = to;
                const Variant v(s);
                core::Setup plain = s;
                plain.handicap = 0;
                const Variant base(plain);
                const int seat = static_cast<int>(to);
                const u128 extra = v.start_discs()[seat] & ~base.start_discs()[seat];
                // The first n names of the order, listed here in layout order.
                std::vector<std::string> want;
                std::string list = order;
                for (int i = 0; i < n; ++i) {
                    const size_t space = list.find(' ');
                    want.push_back(list.substr(0, space));
                    list = space == std::string::npos ? "" : list.substr(space + 1);
                }
                u128 want_bits = 0;
                for (const auto& name : want)
                    want_bits |= square_bit<u128>(*parse_square(v.geometry(), name));
                EXPECT_EQ(extra, want_bits) << shape_name(shape) << " handicap " << n;
                EXPECT_EQ(v.start_discs()[1 - seat], base.start_discs()[1 - seat]);
            }
        }
    }
}

TEST(Rules5Handicap, CornersComeBeforeAFreeOpening) {
    core::Setup s;
    s.handicap = 2;
    s.handicap_to = Color::White;
    s.free_opening = true;
    Game g(s);
    EXPECT_EQ(format_position_text(g.position(), TextLayout::OneLine),
              "board=8 players=2 turn=black O-------/--------/--------/--------/--------/"
              "--------/--------/-------O");
    EXPECT_EQ(names(g.position().geometry(), g.legal_moves()), "d4 e4 d5 e5");
    EXPECT_EQ(g.position().side(), 0);  // Black still moves first
}

TEST(Rules7Handicap, BlackMovesFirstWhoeverReceivesTheCorners) {
    for (Color to : {Color::Black, Color::White}) {
        core::Setup s;
        s.handicap = 4;
        s.handicap_to = to;
        Game g(s);
        EXPECT_EQ(g.position().side(), 0);
        EXPECT_EQ(g.position().count(static_cast<int>(to)), 6);
        EXPECT_EQ(names(g.position().geometry(), g.legal_moves()), "d3 c4 f5 e6");
    }
}

TEST(Rules5Combining, TwoPlayerOptionsCombineFreely) {
    core::Setup s;
    s.shape = Shape::Ten;
    s.anti = true;
    s.free_opening = true;
    s.handicap = 3;
    s.blocked = {{2, 2}, {7, 7}};
    EXPECT_EQ(s.problem(), "");
    Game g(s);
    EXPECT_EQ(popcount(g.position().occupied()), 3);
    EXPECT_EQ(popcount(g.position().geometry().blocked()), 2);
}

// ---- Setup validation (RULES.md 1, 4, 5) ----

TEST(SetupValidation, EachForbiddenCombinationIsRefusedWithItsReason) {
    struct Case {
        const char* what;
        core::Setup setup;
        const char* reason;
    };
    auto make = [](auto change) {
        core::Setup s;
        change(s);
        return s;
    };
    const Case cases[] = {
        {"3 players on 6x6", make([](core::Setup& s) { s.shape = Shape::Six, s.players = 3; }),
         "6x6"},
        {"4 players on 6x6", make([](core::Setup& s) { s.shape = Shape::Six, s.players = 4; }),
         "6x6"},
        {"3 players, free opening",
         make([](core::Setup& s) { s.players = 3, s.free_opening = true; }), "free opening"},
        {"4 players, handicap", make([](core::Setup& s) { s.players = 4, s.handicap = 1; }),
         "handicap"},
        {"handicap on the octagon",
         make([](core::Setup& s) { s.shape = Shape::Octagon, s.handicap = 1; }), "octagon"},
        {"blocked centre", make([](core::Setup& s) {
             s.blocked = {{3, 3}};
         }),
         "centre"},
        {"blocked off the board", make([](core::Setup& s) {
             s.blocked = {{8, 0}};
         }),
         "not on the"},
        {"blocked cut octagon corner", make([](core::Setup& s) {
             s.shape = Shape::Octagon, s.blocked = {{0, 0}};
         }),
         "not on the octagon"},
        {"five handicap corners", make([](core::Setup& s) { s.handicap = 5; }), "0 to 4"},
        {"blocked handicap corner", make([](core::Setup& s) {
             s.handicap = 2, s.blocked = {{7, 7}};
         }),
         "handicap corner"},
        {"five players", make([](core::Setup& s) { s.players = 5; }), "2, 3 or 4"},
        {"one player", make([](core::Setup& s) { s.players = 1; }), "2, 3 or 4"},
    };
    for (const Case& c : cases) {
        const std::string why = c.setup.problem();
        EXPECT_NE(why.find(c.reason), std::string::npos) << c.what << ": '" << why << "'";
        try {
            Variant v(c.setup);
            ADD_FAILURE() << c.what << " was accepted";
        } catch (const SetupError& e) {
            EXPECT_EQ(std::string(e.what()), why);
        }
    }
}

TEST(SetupValidation, AllowedSetupsPass) {
    core::Setup s;
    s.players = 4;
    s.shape = Shape::Octagon;
    s.anti = true;
    s.blocked = {{2, 2}, {7, 7}};
    EXPECT_EQ(s.problem(), "");
    s = {};
    s.handicap = 4;
    s.blocked = {{1, 0}};
    EXPECT_EQ(s.problem(), "");
}

}  // namespace
}  // namespace reversi::core
