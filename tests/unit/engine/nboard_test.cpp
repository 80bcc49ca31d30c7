// SPDX-License-Identifier: MIT
// The NBoard session driven by scripted input: handshake, ping, set game (GGF), move, go,
// hint, learn, and errors that leave the position alone.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/nboard_session.h"
#include "core/notation.h"

namespace reversi::cli {
namespace {

std::vector<std::string> lines_of(NboardSession& s, const std::string& script) {
    std::istringstream in(script);
    std::ostringstream out;
    s.run(in, out);
    std::vector<std::string> lines;
    std::istringstream text(out.str());
    for (std::string l; std::getline(text, l);) lines.push_back(l);
    return lines;
}

engine::SearchLimits shallow() {
    engine::SearchLimits l;
    l.depth = 2;
    return l;
}

// The example game of the NBoard protocol description.
constexpr const char* ExampleGgf =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
    "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

TEST(Nboard, HandshakePingLearnAndUnknown) {
    NboardSession s(shallow());
    const auto l = lines_of(s, "nboard 2\nping 3\nlearn\nfly away\nset contempt 0\nquit\nping 4\n");
    ASSERT_EQ(l.size(), 3u);
    EXPECT_EQ(l[0], "set myname reversi");
    EXPECT_EQ(l[1], "pong 3");
    EXPECT_EQ(l[2], "learned");
}

TEST(Nboard, SetGameThenGo) {
    NboardSession s(shallow());
    const auto l = lines_of(s, std::string("set game ") + ExampleGgf + "\nset depth 3\ngo\n");
    EXPECT_EQ(s.limits().depth, 3);
    EXPECT_EQ(core::format_moves(s.game().variant().geometry(), s.game().moves(), false),
              "f5 f6 d3 c5 e6 f7 e7 f4");
    ASSERT_GE(l.size(), 3u);
    EXPECT_EQ(l.front().rfind("status", 0), 0u);
    EXPECT_EQ(l.back(), "status");
    std::string answer;
    for (const auto& line : l)
        if (line.rfind("=== ", 0) == 0) answer = line.substr(4);
    ASSERT_FALSE(answer.empty());
    const auto sq =
        core::parse_square(s.game().position().geometry(), answer.substr(0, answer.find('/')));
    ASSERT_TRUE(sq);
    EXPECT_TRUE(s.game().position().is_legal(*sq));
    // go does not play the move: NBoard sends it back with "move".
    EXPECT_EQ(s.game().ply(), 8);
}

TEST(Nboard, MovesAndErrors) {
    NboardSession s(shallow());
    auto l = lines_of(s, "move F5/0.5/1.2\nmove d6\nmove z9\nmove a1\n");
    EXPECT_EQ(s.game().ply(), 2);
    ASSERT_EQ(l.size(), 2u);
    EXPECT_EQ(l[0].rfind("status error", 0), 0u);
    EXPECT_EQ(l[1].rfind("status error", 0), 0u);
    // A broken game leaves the position as it was.
    l = lines_of(s, "set game (;GM[Othello]TY[8]B[F5]W[A1];)\nset game nonsense\nset depth 0\n");
    EXPECT_EQ(l.size(), 3u);
    EXPECT_EQ(s.game().ply(), 2);
    EXPECT_EQ(s.limits().depth, 2);
}

TEST(Nboard, HintListsLegalMoves) {
    NboardSession s(shallow());
    const auto l = lines_of(s, "hint 3\n");
    ASSERT_GE(l.size(), 3u);
    EXPECT_EQ(l.front(), "status Analyzing");
    EXPECT_EQ(l.back(), "status");
    int searches = 0;
    for (const auto& line : l) {
        if (line.rfind("search ", 0) != 0) continue;
        ++searches;
        std::istringstream in(line.substr(7));
        std::string move;
        double eval = 0;
        int zero = -1, depth = -1;
        ASSERT_TRUE(in >> move >> eval >> zero >> depth) << line;
        const auto sq = core::parse_square(s.game().position().geometry(), move);
        ASSERT_TRUE(sq);
        EXPECT_TRUE(s.game().position().is_legal(*sq));
        EXPECT_EQ(zero, 0);
    }
    EXPECT_GE(searches, 1);
    EXPECT_LE(searches, 3);
}

TEST(Nboard, GgfVariants) {
    const core::Game anti = parse_nboard_ggf("(;GM[Othello]TY[8a]B[f5];)");
    EXPECT_TRUE(anti.variant().anti());
    EXPECT_EQ(anti.ply(), 1);
    const core::Game ten = parse_nboard_ggf("(;GM[Othello]TY[10]B[d5];)");
    EXPECT_EQ(ten.variant().geometry().width(), 10);
    EXPECT_THROW(parse_nboard_ggf("(;GM[Othello]TY[7];)"), std::runtime_error);
    EXPECT_THROW(parse_nboard_ggf("(;GM[Othello]TY[8]BO[8 " + std::string(64, '-') + " *];)"),
                 std::runtime_error);
}

}  // namespace
}  // namespace reversi::cli
