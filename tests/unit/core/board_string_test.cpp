// SPDX-License-Identifier: MIT
// The 64-character board string and .obf lines: the standard start, every line of the
// shared FFO files (each listed move must be legal there), round trips, and errors.
#include "core/board_string.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "reference_rules.h"
#include "test_util.h"

namespace reversi::core {
namespace {

// d4 and e5 white, e4 and d5 black (RULES.md 3), Black to move.
const std::string StartString =
    "---------------------------OX------XO--------------------------- X";

std::string error_of(const Variant& v, const std::string& text) {
    try {
        parse_board_string(v, text);
    } catch (const NotationError& e) {
        return e.what();
    }
    return "";
}

TEST(BoardString, StartPosition) {
    const Variant v{core::Setup{}};
    EXPECT_EQ(format_board_string(Position::start(v)), StartString);
    EXPECT_EQ(parse_board_string(v, StartString), Position::start(v));
    // '*' is black too, lower case is accepted, the side may be '*'.
    std::string star = StartString;
    star[28] = '*';
    star[27] = 'o';
    star.back() = '*';
    EXPECT_EQ(parse_board_string(v, star), Position::start(v));
}

TEST(BoardString, ReadsEveryLineOfTheFfoFiles) {
    const Variant v{core::Setup{}};
    const std::filesystem::path dir = std::filesystem::path(REVERSI_TEST_DATA_DIR) / "ffo";
    int lines = 0;
    for (const char* file :
         {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf"}) {
        std::ifstream in(dir / file);
        ASSERT_TRUE(in) << (dir / file);
        std::string line;
        while (std::getline(in, line)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            ++lines;
            const ObfLine obf = parse_obf_line(v, line);
            // The board part writes back as it was read ('*' written 'X').
            std::string board = line.substr(0, 66);
            for (char& ch : board)
                if (ch == '*') ch = 'X';
            EXPECT_EQ(format_board_string(obf.position), board) << line;
            ASSERT_FALSE(obf.scores.empty()) << line;
            for (const ObfScore& s : obf.scores)
                EXPECT_TRUE(obf.position.is_legal(s.square))
                    << square_name(obf.position.geometry(), s.square) << " in " << line;
            // The best move comes first.
            for (const ObfScore& s : obf.scores) EXPECT_LE(s.score, obf.scores.front().score);
        }
    }
    EXPECT_EQ(lines, 79);  // positions 1 to 79, as the file names say
}

TEST(BoardString, ObfScoresAndComments) {
    const Variant v{core::Setup{}};
    const ObfLine obf = parse_obf_line(v, StartString + "; F5:+0; d3:-2 ;note; E6:x ;");
    EXPECT_EQ(obf.comment, "F5:+0; d3:-2 ;note; E6:x ;");
    ASSERT_EQ(obf.scores.size(), 2u);
    EXPECT_EQ(square_name(v.geometry(), obf.scores[0].square), "f5");
    EXPECT_EQ(obf.scores[0].score, 0);
    EXPECT_EQ(obf.scores[1].score, -2);
    EXPECT_TRUE(parse_obf_line(v, StartString).scores.empty());
}

TEST(BoardString, RoundTripsRandomPositions) {
    std::mt19937_64 rng(8);
    for (int anti = 0; anti <= 1; ++anti) {
        core::Setup s;
        s.anti = anti != 0;
        for (int game = 0; game < 20; ++game) {
            Game g(s);
            while (!g.is_over()) {
                const std::string text = format_board_string(g.position());
                ASSERT_EQ(parse_board_string(g.variant(), text), g.position()) << text;
                u128 moves = g.legal_moves();
                if (!moves) {
                    g.play(PassMove);
                    continue;
                }
                int pick = test::draw(rng, popcount(moves));
                Square move = pop_lsb(moves);
                while (pick-- > 0) move = pop_lsb(moves);
                ASSERT_EQ(g.play(move), "");
            }
        }
    }
}

TEST(BoardString, ErrorsNameTheProblem) {
    const Variant v{core::Setup{}};
    const std::string board = StartString.substr(0, 64);
    const std::pair<std::string, std::string> cases[] = {
        {board.substr(0, 63) + " X", "unknown character ' '"},
        {board.substr(0, 40), "has 40 squares, expected 64"},
        {board + "- X", "more than 64 squares"},
        {board, "missing side to move"},
        {board + " B", "side to move must be X, * or O"},
        {board + " X O", "side to move must be X, * or O"},
        {"Z" + board.substr(1) + " X", "character 1 (a1): unknown character 'Z'"},
        {"", "has 0 squares"},
    };
    for (const auto& [text, want] : cases) {
        const std::string got = error_of(v, text);
        EXPECT_NE(got.find(want), std::string::npos) << text << "\n  gave: '" << got << "'";
    }
    core::Setup ten;
    ten.shape = Shape::Ten;
    EXPECT_NE(error_of(Variant(ten), StartString).find("two-player 8x8"), std::string::npos);
    core::Setup three;
    three.players = 3;
    const Variant v3(three);
    EXPECT_NE(error_of(v3, StartString).find("two-player 8x8"), std::string::npos);
    EXPECT_THROW(format_board_string(Position::start(v3)), NotationError);
    core::Setup blocked;
    blocked.blocked = {{0, 0}};
    const Variant vb(blocked);
    EXPECT_NE(error_of(vb, "X" + board.substr(1) + " X").find("a1): disc on a blocked square"),
              std::string::npos);
    EXPECT_EQ(parse_board_string(vb, StartString), Position::start(vb));
}

}  // namespace
}  // namespace reversi::core
