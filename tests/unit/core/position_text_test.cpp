// SPDX-License-Identifier: MIT
// Position texts: exact round trips on positions of every variant reached in random games,
// both layouts, and a clear error for each way a text can be wrong.
#include "core/position_text.h"

#include <gtest/gtest.h>

#include "reference_rules.h"
#include "test_util.h"

namespace reversi::core {
namespace {

const char* const Start8 =
    "board=8 players=2 turn=black\n--------\n--------\n--------\n---OX---\n---XO---\n"
    "--------\n--------\n--------\n";

// The message of the NotationError that parsing `text` throws ("" when it parses).
std::string error_of(const std::string& text, const core::Setup& options = {}) {
    try {
        parse_position_text(text, options);
    } catch (const NotationError& e) {
        return e.what();
    }
    return "";
}

TEST(PositionText, StartPositionReadsBackAsTheStart) {
    const PositionText t = parse_position_text(Start8);
    const Variant standard{core::Setup{}};
    EXPECT_EQ(t.variant->setup(), core::Setup{});
    EXPECT_EQ(t.position, Position::start(standard));
}

TEST(PositionText, OneLineLayoutAndAnyCaseAndSeparators) {
    const PositionText a = parse_position_text(Start8);
    const PositionText b = parse_position_text(
        "turn=Black board=8x8 players=2 --------/--------/--------/---ox---/---xo---/--------/"
        "--------/--------");
    EXPECT_EQ(a.position, b.position);
    EXPECT_EQ(format_position_text(a.position, TextLayout::OneLine),
              "board=8 players=2 turn=black --------/--------/--------/---OX---/---XO---/"
              "--------/--------/--------");
}

TEST(PositionText, RoundTripsEveryVariantExactly) {
    std::mt19937_64 rng(77);
    int checked = 0;
    for (const core::Setup& base : test::every_setup()) {
        for (int game = 0; game < 3; ++game) {
            core::Setup setup = base;
            if (game == 2) setup.blocked = test::random_blocked(rng, setup, 2);
            Game g(setup);
            while (true) {
                const Position& p = g.position();
                for (TextLayout layout : {TextLayout::Lines, TextLayout::OneLine}) {
                    const std::string text = format_position_text(p, layout);
                    const PositionText back = parse_position_text(text, setup);
                    ASSERT_EQ(back.position, p) << text;
                    ASSERT_EQ(back.variant->setup(), g.variant().setup()) << text;
                    ASSERT_EQ(format_position_text(back.position, layout), text);
                    ++checked;
                }
                if (g.is_over()) break;
                u128 moves = g.legal_moves();
                if (!moves) {
                    ASSERT_EQ(g.play(PassMove), "");
                    continue;
                }
                int pick = test::draw(rng, popcount(moves));
                Square move = pop_lsb(moves);
                while (pick-- > 0) move = pop_lsb(moves);
                ASSERT_EQ(g.play(move), "");
            }
        }
    }
    EXPECT_GT(checked, 5000);
}

TEST(PositionText, TheOctagonExampleOfNotationMdReadsAsDescribed) {
    const PositionText t = parse_position_text(
        "board=octagon players=3 turn=red ..------../.--------./--#-------/----------/"
        "----XO----/----NR----/----------/-------#--/.--------./..------..");
    core::Setup want;
    want.shape = Shape::Octagon;
    want.players = 3;
    want.blocked = {{2, 2}, {7, 7}};
    EXPECT_EQ(t.variant->setup(), want);
    EXPECT_EQ(t.position, Position::start(*t.variant).after(PassMove).after(PassMove));
    EXPECT_EQ(t.position.side(), 2);
}

TEST(PositionText, CallerOptionsAreKept) {
    core::Setup options;
    options.anti = true;
    const PositionText t = parse_position_text(Start8, options);
    EXPECT_TRUE(t.variant->anti());
    // The text's board and players win over the caller's.
    options.shape = Shape::Ten;
    options.players = 4;
    EXPECT_EQ(parse_position_text(Start8, options).variant->players(), 2);
}

TEST(PositionText, ErrorsNameTheProblem) {
    const std::string rows8 = "--------/--------/--------/---OX---/---XO---/--------/--------/";
    const std::pair<std::string, std::string> cases[] = {
        {"players=2 turn=black " + rows8 + "--------", "missing board="},
        {"board=8 turn=black " + rows8 + "--------", "missing players="},
        {"board=8 players=2 " + rows8 + "--------", "missing turn="},
        {"board=9 players=2 turn=black " + rows8 + "--------", "unknown board '9'"},
        {"board=8 players=5 turn=black " + rows8 + "--------", "players= must be 2, 3 or 4"},
        {"board=8 players=2 turn=blue " + rows8 + "--------", "unknown colour 'blue'"},
        {"board=8 players=2 turn=red " + rows8 + "--------", "only 2 players"},
        {"board=8 players=2 turn=black side=x " + rows8 + "--------",
         "unknown header field 'side'"},
        {"board=8 board=8 players=2 turn=black " + rows8 + "--------", "given twice"},
        {"board=8 players=2 turn=black " + rows8, "has 8 rows, the text has 7"},
        {"board=8 players=2 turn=black " + rows8 + "-------", "row 8 has 7 squares, expected 8"},
        {"board=8 players=2 turn=black " + rows8 + "---Z----",
         "row 8, column d (d8): unknown character 'Z'"},
        {"board=8 players=2 turn=black " + rows8 + "---R----", "red disc in a 2-player game"},
        {"board=8 players=4 turn=black " + rows8 + "---N----",
         "neutral discs exist in three-player"},
        {"board=8 players=2 turn=black " + rows8 + "---.----", "cut octagon corner only"},
        {"board=8 players=2 turn=black --------/--------/--------/---#X---/---XO---/--------/"
         "--------/--------",
         "centre square"},
        {"board=8 players=2 turn=black " + rows8 + "-------- x=1", "after the first row"},
        {"board=octagon players=2 turn=black -O------../.--------./----------/----------/"
         "----OX----/----XO----/----------/----------/.--------./..------..",
         "row 1, column a (a1) is cut from the octagon"},
        {"", "missing board="},
    };
    for (const auto& [text, want] : cases) {
        const std::string got = error_of(text);
        EXPECT_NE(got.find(want), std::string::npos) << text << "\n  gave: '" << got << "'";
    }
}

TEST(PositionText, DiscOnACallerBlockedSquareIsRefused) {
    core::Setup options;
    options.blocked = {{3, 3}};  // d4 holds a white disc in the text
    EXPECT_NE(error_of(Start8, options).find("disc on blocked square d4"), std::string::npos);
    options.blocked = {{0, 0}};
    const PositionText t = parse_position_text(Start8, options);
    EXPECT_EQ(test::names(t.position.geometry(), t.position.geometry().blocked()), "a1");
    // A handicap corner the text blocks is a setup problem.
    options.blocked.clear();
    options.handicap = 1;
    EXPECT_NE(error_of("board=8 players=2 turn=black #-------/--------/--------/---OX---/"
                       "---XO---/--------/--------/--------",
                       options)
                  .find("handicap corner"),
              std::string::npos);
}

}  // namespace
}  // namespace reversi::core
