// SPDX-License-Identifier: MIT
// The GTP session driven by scripted input: framing, ids, errors that change nothing,
// implied passes, undo, board sizes and scoring.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "cli/gtp_session.h"
#include "core/notation.h"

namespace reversi::cli {
namespace {

engine::SearchLimits shallow() {
    engine::SearchLimits l;
    l.depth = 2;
    return l;
}

// Answers to a script, one string per command (framing stripped).
std::vector<std::string> answers(GtpSession& session, const std::string& script) {
    std::istringstream in(script);
    std::ostringstream out;
    session.run(in, out);
    std::vector<std::string> list;
    const std::string text = out.str();
    size_t start = 0;
    for (size_t end; (end = text.find("\n\n", start)) != std::string::npos; start = end + 2)
        list.push_back(text.substr(start, end - start));
    EXPECT_EQ(start, text.size()) << "every answer ends with a blank line";
    return list;
}

std::string moves_of(const GtpSession& s) {
    return core::format_moves(s.game().variant().geometry(), s.game().moves(), false);
}

TEST(Gtp, AdministrativeCommands) {
    GtpSession s(shallow(), core::Setup{});
    const auto a = answers(s,
                           "protocol_version\n7 name\n# comment only\n\nversion\n"
                           "known_command genmove\nknown_command fly\nlist_commands\nfoo\n");
    ASSERT_EQ(a.size(), 7u);
    EXPECT_EQ(a[0], "= 2");
    EXPECT_EQ(a[1], "=7 reversi");
    EXPECT_EQ(a[2].substr(0, 2), "= ");
    EXPECT_EQ(a[3], "= true");
    EXPECT_EQ(a[4], "= false");
    std::string listed = "\n";
    listed += a[5].substr(2);
    listed += '\n';
    for (const char* c :
         {"protocol_version", "name", "version", "known_command", "list_commands", "boardsize",
          "clear_board", "play", "genmove", "undo", "final_score", "showboard", "quit"})
        EXPECT_NE(listed.find(std::string("\n") + c + "\n"), std::string::npos) << c;
    EXPECT_EQ(a[6][0], '?');
}

TEST(Gtp, PlayAndRefusals) {
    GtpSession s(shallow(), core::Setup{});
    const auto a = answers(s,
                           "play b f5\nplay b d6\nplay W F6\nplay b a1\nplay b z9\n"
                           "play x c3\nplay b\nplay b pass\n");
    ASSERT_EQ(a.size(), 8u);
    EXPECT_EQ(a[0], "=");
    EXPECT_EQ(a[1][0], '?');  // not Black's turn
    EXPECT_EQ(a[2], "=");     // colours and coordinates are case-insensitive
    for (int i = 3; i < 8; ++i) EXPECT_EQ(a[i][0], '?') << i;
    EXPECT_EQ(moves_of(s), "f5 f6");
}

TEST(Gtp, GenmoveUndoAndQuit) {
    GtpSession s(shallow(), core::Setup{});
    const auto a = answers(s, "genmove b\nundo\nundo\ngenmove white\nquit\nname\n");
    ASSERT_EQ(a.size(), 5u);  // nothing after quit is read
    // Black's four first moves (RULES.md 3: the 8x8 start).
    const std::set<std::string> first = {"= d3", "= c4", "= f5", "= e6"};
    EXPECT_TRUE(first.count(a[0])) << a[0];
    EXPECT_EQ(a[1], "=");
    EXPECT_EQ(a[2][0], '?');  // nothing left to undo
    EXPECT_EQ(a[3][0], '?');  // White cannot move first
    EXPECT_EQ(a[4], "=");
    EXPECT_EQ(s.game().ply(), 0);
}

TEST(Gtp, GenmoveWithTwoThreadsPlaysLegalMoves) {
    engine::SearchLimits limits;
    limits.depth = 6;
    limits.threads = 2;
    GtpSession s(limits, core::Setup{});
    const auto a = answers(s, "genmove b\ngenmove w\ngenmove b\ngenmove w\n");
    ASSERT_EQ(a.size(), 4u);
    for (const std::string& answer : a) EXPECT_EQ(answer.substr(0, 2), "= ") << answer;
    // Each answer was played: replaying the moves by hand is legal all the way.
    EXPECT_EQ(s.game().ply(), 4);
    core::Game replay{core::Setup{}};
    for (const core::Square sq : s.game().moves()) EXPECT_EQ(replay.play(sq), "");
}

// A game in which Black has no move after White's a2 (48 plies), found by random play.
constexpr const char* PassGame =
    "e6 f4 g3 f6 c4 d6 c7 b3 g6 f7 e7 h5 c5 g4 f8 c6 b5 g2 d7 b7 h2 b6 h6 d8 c8 b8 e3 a6 g5 f5 "
    "b4 h3 a5 d2 c1 h1 h4 c3 a7 a4 g1 e8 a3 g8 b2 a8 g7 a2";

std::string play_script(const std::string& moves) {
    std::istringstream in(moves);
    std::string script, m;
    for (int i = 0; in >> m; ++i) script += std::string("play ") + (i % 2 ? "w " : "b ") + m + "\n";
    return script;
}

TEST(Gtp, PassesAreImpliedOrExplicit) {
    GtpSession s(shallow(), core::Setup{});
    auto a = answers(s, play_script(PassGame));
    ASSERT_TRUE(s.game().must_pass());
    a = answers(s, "genmove b\nplay b pass\ngenmove w\n");
    EXPECT_EQ(a[0], "= pass");  // Black has no move
    EXPECT_EQ(a[1][0], '?');    // the pass was already made
    EXPECT_EQ(a[2].substr(0, 2), "= ");
    EXPECT_NE(a[2], "= pass");
    EXPECT_EQ(s.game().ply(), 50);
    // Implied: after the same 48 moves, White simply plays again.
    GtpSession t(shallow(), core::Setup{});
    answers(t, play_script(PassGame));
    EXPECT_EQ(answers(t, "play w h7\n")[0], "=");
    EXPECT_EQ(t.game().ply(), 50);
}

TEST(Gtp, FinalScoreOfAFinishedGame) {
    GtpSession s(shallow(), core::Setup{});
    std::string script;
    for (int i = 0; i < 70; ++i) script += i % 2 ? "genmove w\n" : "genmove b\n";
    answers(s, script);
    ASSERT_TRUE(s.game().is_over());
    const core::Position& p = s.game().position();
    int black = 0, white = 0, empty = 0;
    for (int sq = 0; sq < 64; ++sq) {
        const core::u128 bit = core::u128(1) << sq;
        black += (p.discs(0) & bit) != 0;
        white += (p.discs(1) & bit) != 0;
        empty += !((p.discs(0) | p.discs(1)) & bit);
    }
    // RULES.md 3: disc difference, empty squares to the winner.
    const int diff = black - white + (black > white ? empty : black < white ? -empty : 0);
    const std::string want = diff == 0  ? "= 0"
                             : diff > 0 ? "= B+" + std::to_string(diff)
                                        : "= W+" + std::to_string(-diff);
    EXPECT_EQ(answers(s, "final_score\n")[0], want);
}

TEST(Gtp, BoardSizes) {
    GtpSession s(shallow(), core::Setup{});
    const auto a = answers(s,
                           "play b f5\nboardsize 10\nplay b d5\nshowboard\nboardsize 7\n"
                           "play b a1\n");
    EXPECT_EQ(a[0], "=");
    EXPECT_EQ(a[1], "=");
    EXPECT_EQ(a[2], "=");  // 10x10 start: e5 f6 White, f5 e6 Black; d5 brackets e5
    EXPECT_NE(a[3].find(" 10"), std::string::npos);
    EXPECT_NE(a[3].find("X 4 O 1"), std::string::npos) << a[3];
    EXPECT_EQ(a[4], "? unacceptable size");
    EXPECT_EQ(s.game().variant().geometry().width(), 10);
    EXPECT_EQ(s.game().ply(), 1);
}

}  // namespace
}  // namespace reversi::cli
