// SPDX-License-Identifier: MIT
// GGF: the exact text of a known game, reading a GGS-style record (annotations, upper case,
// passes), round trips of random games of every expressible setup, every error, and the games
// of a file split apart.
#include "core/ggf.h"

#include <gtest/gtest.h>

#include "reference_rules.h"
#include "test_util.h"

namespace reversi::core {
namespace {

const std::string StartBo =
    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

std::string error_of(const std::string& text) {
    try {
        parse_ggf(text);
    } catch (const NotationError& e) {
        return e.what();
    }
    return "";
}

// Plays random moves (passes when forced) until the end or `limit` plies.
void play_random(Game& g, std::mt19937_64& rng, int limit) {
    for (int ply = 0; ply < limit && !g.is_over(); ++ply) {
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

TEST(Ggf, WritesAKnownGameExactly) {
    Game g{core::Setup{}};
    ASSERT_FALSE(play_moves(g, "f5 d6 c3"));
    GgfInfo info;
    info.place = "here";
    info.date = "2026.11.30";
    info.black = "alice";
    info.white = "bob";
    info.time = "05:00";
    EXPECT_EQ(format_ggf(g, info),
              "(;GM[Othello]PC[here]DT[2026.11.30]PB[alice]PW[bob]TI[05:00]TY[8]" + StartBo +
                  "B[f5]W[d6]B[c3];)");
    std::vector<GgfMoveNote> notes(3);
    notes[0].eval = "0.5";
    notes[0].time = "1.2";
    notes[2].time = "3";
    EXPECT_EQ(format_ggf(g, {}, notes),
              "(;GM[Othello]TY[8]" + StartBo + "B[f5/0.5/1.2]W[d6]B[c3//3];)");
}

TEST(Ggf, ReadsAGgsStyleRecord) {
    const std::string text =
        "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[n2]PW[Saio]RB[2197.01]\n"
        "RW[2720.91]TI[05:00//02:00]TY[8]RE[-64.000]BO[8 -------- -------- -------- ---O*--- "
        "---*O--- -------- -------- -------- *]B[F5//0.01]W[f6/-2.34/0.02] B[E6]W[F4];)";
    const GgfRecord r = parse_ggf(text);
    EXPECT_EQ(r.info.place, "GGS/os");
    EXPECT_EQ(r.info.black, "n2");
    EXPECT_EQ(r.info.white, "Saio");
    EXPECT_EQ(r.info.result, "-64.000");
    EXPECT_EQ(r.info.time, "05:00//02:00");
    EXPECT_EQ(r.game.variant().setup(), core::Setup{});
    EXPECT_EQ(format_moves(r.game.variant().geometry(), r.game.moves(), false), "f5 f6 e6 f4");
    ASSERT_EQ(r.notes.size(), 4u);
    EXPECT_EQ(r.notes[0], (GgfMoveNote{"", "0.01"}));
    EXPECT_EQ(r.notes[1], (GgfMoveNote{"-2.34", "0.02"}));
    EXPECT_EQ(r.notes[2], GgfMoveNote{});
}

TEST(Ggf, ReadsAnNboardStyleRecordWithAnUnspacedBoard) {
    const GgfRecord r = parse_ggf(
        "(;GM[Othello]PC[NBoard]DT[2026-11-30 10:00:00 GMT]PB[me]PW[you]RE[?]TI[0]TY[8]"
        "BO[8 ---------------------------O*------*O--------------------------- *]"
        "B[F5//1.23]W[F6/-3.00]B[E6]W[F4]B[E3];)");
    EXPECT_EQ(r.info.result, "?");
    EXPECT_EQ(format_moves(r.game.variant().geometry(), r.game.moves(), false), "f5 f6 e6 f4 e3");
    EXPECT_EQ(r.notes[1], (GgfMoveNote{"-3.00", ""}));
}

TEST(Ggf, RoundTripsEveryExpressibleSetup) {
    std::mt19937_64 rng(88);
    int games = 0, passes = 0;
    for (Shape shape : {Shape::Eight, Shape::Ten, Shape::Octagon}) {
        for (int variant = 0; variant < 12; ++variant) {
            core::Setup s;
            s.shape = shape;
            s.anti = variant % 2 == 1;
            s.free_opening = variant % 3 == 1;
            if (shape != Shape::Octagon && variant >= 6) {
                s.handicap = 1 + variant % 4;
                s.handicap_to = variant % 3 == 0 ? Color::White : Color::Black;
            }
            Game g(s);
            play_random(g, rng, variant < 8 ? 1000 : 1 + variant);
            std::vector<GgfMoveNote> notes(g.moves().size());
            for (size_t i = 0; i < notes.size(); i += 3) notes[i] = {std::to_string(i % 7), "0.5"};
            GgfInfo info{"place [x]", "2026", "b\\w", "w", "", "1:00"};
            const std::string text = format_ggf(g, info, notes);
            const GgfRecord back = parse_ggf(text);
            // A free opening comes back from the position after its four placements.
            const size_t skip = s.free_opening ? 4 : 0;
            const std::vector<Square> moves = g.moves();
            if (!s.free_opening) {
                ASSERT_EQ(back.game.variant().setup(), g.variant().setup()) << text;
            }
            ASSERT_EQ(back.game.moves(), std::vector<Square>(moves.begin() + skip, moves.end()))
                << text;
            ASSERT_EQ(back.game.position(), g.position()) << text;
            ASSERT_EQ(back.notes, std::vector<GgfMoveNote>(notes.begin() + skip, notes.end()))
                << text;
            if (g.is_over()) {
                // The result is Black's tournament score.
                const int score = g.outcome().black_score;
                info.result = (score >= 0 ? "+" : "") + std::to_string(score) + ".00";
            }
            EXPECT_EQ(back.info, info) << text;
            EXPECT_EQ(format_ggf(back.game, back.info, back.notes), text);
            for (Square m : g.moves()) passes += m == PassMove;
            ++games;
        }
    }
    EXPECT_EQ(games, 36);
    EXPECT_GT(passes, 0);
}

TEST(Ggf, PassesAreWrittenPaAndMayBeImplied) {
    std::mt19937_64 rng(3);
    for (int tries = 0; tries < 200; ++tries) {
        Game g{core::Setup{}};
        play_random(g, rng, 1000);
        const auto moves = g.moves();
        if (std::find(moves.begin(), moves.end(), PassMove) == moves.end()) continue;
        std::string text = format_ggf(g);
        ASSERT_NE(text.find("[PA]"), std::string::npos);
        EXPECT_EQ(parse_ggf(text).game.moves(), moves);
        // A pass in the middle may be left out: the next move's colour shows it.
        const size_t pa = text.find("[PA]");
        if (pa + 5 >= text.size() - 2) continue;  // the last move: nothing shows it
        text.erase(pa - 1, 5);
        EXPECT_EQ(parse_ggf(text).game.moves(), moves) << text;
        return;
    }
    FAIL() << "no random game with a pass in the middle";
}

TEST(Ggf, ComposedStartAndTheOctagonBoard) {
    // A start no setup produces is kept as the game's start, side to move included.
    const auto t = parse_position_text(
        "board=10 players=2 turn=white ----------/----------/----------/----------/----OXX---/"
        "----XO----/----------/----------/----------/----------");
    const Game g = test::game_from(t);
    const std::string text = format_ggf(g);
    EXPECT_NE(text.find("BO[10 ---------- ---------- ---------- ---------- ----O**--- "
                        "----*O---- ---------- ---------- ---------- ---------- O]"),
              std::string::npos)
        << text;
    const GgfRecord back = parse_ggf(text);
    EXPECT_EQ(back.game.start(), g.start());
    EXPECT_FALSE(back.game.variant().free_opening());
    // The octagon's board may list its 88 squares only, or the 100 of its box.
    core::Setup oct;
    oct.shape = Shape::Octagon;
    const std::string rows88 =
        "------ -------- ---------- ---------- ----O*---- ----*O---- ---------- ---------- "
        "-------- ------";
    const GgfRecord r88 = parse_ggf("(;GM[Othello]TY[88]BO[88 " + rows88 + " *]B[e4];)");
    EXPECT_EQ(r88.game.variant().setup(), oct);
    EXPECT_EQ(r88.game.ply(), 1);
    const std::string written = format_ggf(r88.game);
    EXPECT_NE(written.find("TY[88]BO[88 ---------- ---------- "), std::string::npos) << written;
    EXPECT_EQ(parse_ggf(written).game.position(), r88.game.position());
}

TEST(Ggf, FreeOpeningIsWrittenFromThePositionAfterItsPlacements) {
    // Other GGF readers replay B[]/W[] with the flipping rule, so the four placements (which
    // flip nothing) go into BO and the record starts with the first flipping move.
    core::Setup s;
    s.free_opening = true;
    Game g(s);
    ASSERT_FALSE(play_moves(g, "d4 e4 d5 e5 f4"));
    const std::string text = format_ggf(g);
    EXPECT_NE(text.find("BO[8 -------- -------- -------- ---*O--- ---*O--- -------- -------- "
                        "-------- *]B[f4];)"),
              std::string::npos)
        << text;
    const GgfRecord back = parse_ggf(text);
    EXPECT_EQ(back.game.ply(), 1);
    EXPECT_EQ(back.game.position(), g.position());
    EXPECT_FALSE(back.game.start().in_opening());
    // The crossed placements give the standard start, so the record reads as standard 8x8.
    Game crossed(s);
    ASSERT_FALSE(play_moves(crossed, "e4 d4 d5 e5 f5"));
    const GgfRecord standard = parse_ggf(format_ggf(crossed));
    EXPECT_EQ(standard.game.variant().setup(), core::Setup{});
    EXPECT_EQ(format_moves(standard.game.variant().geometry(), standard.game.moves(), false), "f5");
    // An opening still being placed is written as the discs placed so far, with no moves.
    Game partial(s);
    ASSERT_FALSE(play_moves(partial, "e5 d5"));
    const std::string early = format_ggf(partial);
    EXPECT_NE(early.find("---O*--- -------- -------- -------- *];)"), std::string::npos) << early;
    EXPECT_EQ(early.find("B["), std::string::npos) << early;
}

TEST(Ggf, ReaderErrorsNameThePropertyOrMove) {
    const std::string head = "(;GM[Othello]TY[8]" + StartBo;
    const std::pair<std::string, std::string> cases[] = {
        {"", "starts with '(;'"},
        {"GM[Othello]", "starts with '(;'"},
        {head, "does not end with ';)'"},
        {"(;GM[Chess];)", "GM[Chess] is not an Othello game"},
        {"(;GM[Othello]TY[6];)", "only the board types 8, 10 and 88"},
        {"(;GM[Othello]TY[8k];)", "letter 'k' is not supported"},
        {"(;GM[Othello]TY[8]KM[0];)", "komi"},
        {"(;GM[Othello]TY[10]" + StartBo + ";)", "BO[8 ...] does not match TY[10]"},
        {"(;GM[Othello]TY[8]BO[8 --- *];)", "BO has 3 squares, expected 64"},
        {"(;GM[Othello]TY[8]BO[8 " + std::string(63, '-') + "Z *];)", "h8: unknown character 'Z'"},
        {"(;GM[Othello]TY[8]BO[8 " + std::string(64, '-') + " B];)", "side to move, * or O"},
        {"(;GM[Othello]TY[88]BO[88 *" + std::string(99, '-') + " *];)", "a1, which is cut"},
        {head + "B[f5]W[d6]B[a1];)", "move 3 (B[a1]): illegal move"},
        {head + "B[f5]B[d6];)", "move 2 (B[d6]): it is white's turn"},
        {head + "B[z9];)", "move 1 (B[z9]): not a square"},
        {head + "B[PA];)", "move 1 (B[PA]): a pass is only allowed"},
        {head + "B[f5;)", "not closed by ']'"},
        {head + ";)x", "text after the end"},
        {head + "1[x];)", "unexpected '1'"},
        {head + "PB;)", "PB has no [value]"},
    };
    for (const auto& [text, want] : cases) {
        const std::string got = error_of(text);
        EXPECT_NE(got.find(want), std::string::npos) << text << "\n  gave: '" << got << "'";
    }
}

TEST(Ggf, WriterRefusesWhatGgfCannotExpress) {
    auto refusal = [](const core::Setup& s) {
        try {
            format_ggf(Game(s));
        } catch (const NotationError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    core::Setup three;
    three.players = 3;
    EXPECT_NE(refusal(three).find("two-player games only"), std::string::npos);
    core::Setup four;
    four.players = 4;
    four.shape = Shape::Octagon;
    EXPECT_NE(refusal(four).find("two-player games only"), std::string::npos);
    core::Setup six;
    six.shape = Shape::Six;
    EXPECT_NE(refusal(six).find("6x6"), std::string::npos);
    core::Setup blocked;
    blocked.blocked = {{2, 2}};
    EXPECT_NE(refusal(blocked).find("blocked squares"), std::string::npos);
    Game g{core::Setup{}};
    ASSERT_FALSE(play_moves(g, "f5"));
    EXPECT_THROW(format_ggf(g, {}, std::vector<GgfMoveNote>(2)), NotationError);
}

TEST(Ggf, FileSplitsIntoItsGamesPastBracketsAndJunk) {
    Game g{core::Setup{}};
    ASSERT_FALSE(play_moves(g, "f5 d6 c3"));
    const std::string one = format_ggf(g);
    // A value holding ";)" and an escaped ']' does not end the game.
    const std::string tricky = "(;GM[Othello]PC[a;)b\\]c;)]TY[8]" + StartBo + "B[f5];)";
    const std::string file = "junk\n" + one + "\n" + tricky + "  (;GM[Othello]TY[8]";
    const GgfFileGames split = split_ggf_file(file, 10);
    ASSERT_EQ(split.games.size(), 3u);
    EXPECT_FALSE(split.more);
    EXPECT_EQ(split.games[0], one);
    EXPECT_EQ(split.games[1], tricky);
    EXPECT_EQ(parse_ggf(split.games[1]).info.place, "a;)b]c;)");
    EXPECT_EQ(split.games[2], "(;GM[Othello]TY[8]");  // unclosed: to the end, refused when read
    EXPECT_THROW(parse_ggf(split.games[2]), NotationError);
    const GgfFileGames two = split_ggf_file(file, 2);
    EXPECT_EQ(two.games.size(), 2u);
    EXPECT_TRUE(two.more);
    EXPECT_TRUE(split_ggf_file("no games here", 5).games.empty());
    EXPECT_TRUE(split_ggf_file("(;", 5).games.size() == 1);
}

}  // namespace
}  // namespace reversi::core
