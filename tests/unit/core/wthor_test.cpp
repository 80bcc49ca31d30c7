// SPDX-License-Identifier: MIT
// WTHOR: a file built here byte by byte from known move lists (a named opening, whole games
// played to the end, one with a forced pass) reads back as those games, passes put back; the
// writer gives the same bytes; and every refusal of a file or of a record says why.
#include "core/wthor.h"

#include <gtest/gtest.h>

#include "core/bitboard.h"
#include "core/notation.h"

namespace reversi::core {
namespace {

// The WTHOR byte of a square name: 10 * row + column, both from 1.
char move_byte(const std::string& name) {
    return static_cast<char>((name[1] - '0') * 10 + (name[0] - 'a' + 1));
}

void put16(std::string& out, int v) {
    out.push_back(static_cast<char>(v & 0xff));
    out.push_back(static_cast<char>(v >> 8 & 0xff));
}

// A record written by hand: the move names without passes.
std::string record(int tournament, int black, int white, int discs,
                   const std::vector<std::string>& moves) {
    std::string out;
    put16(out, tournament);
    put16(out, black);
    put16(out, white);
    out.push_back(static_cast<char>(discs));
    out.push_back(static_cast<char>(discs));
    for (const std::string& m : moves) out.push_back(move_byte(m));
    out.resize(WthorRecordBytes, '\0');
    return out;
}

std::string header(uint32_t games, int board = 8, int type = 0) {
    std::string out = {20, 26, 12, 3};
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>(games >> (8 * k) & 0xff));
    put16(out, 0);
    put16(out, 2026);
    out += {static_cast<char>(board), static_cast<char>(type), 22, 0};
    return out;
}

// A whole game from the start: at each turn the legal move picked by a fixed sequence.
Game whole_game(uint64_t seed) {
    Game g{Setup{}};
    while (!g.is_over()) {
        u128 legal = g.legal_moves();
        if (!legal) {
            g.play(PassMove);
            continue;
        }
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        for (int pick = static_cast<int>((seed >> 33) % popcount(legal)); pick > 0; --pick)
            pop_lsb(legal);
        g.play(lsb(legal));
    }
    return g;
}

std::vector<std::string> names_without_passes(const Game& g) {
    std::vector<std::string> out;
    for (const Square sq : g.moves())
        if (sq != PassMove) out.push_back(square_name(g.variant().geometry(), sq));
    return out;
}

bool has_pass(const Game& g) {
    for (const Square sq : g.moves())
        if (sq == PassMove) return true;
    return false;
}

TEST(Wthor, ReadsKnownGamesBackWithTheirPasses) {
    std::vector<Game> games;
    Game opening{core::Setup{}};
    ASSERT_FALSE(play_moves(opening, "f5 d6 c3 d3 c4"));
    games.push_back(opening);
    // Whole games, the first one found with a forced pass among them.
    uint64_t seed = 1;
    for (; !has_pass(whole_game(seed)); ++seed) ASSERT_LT(seed, 5000u);
    games.push_back(whole_game(seed));
    games.push_back(whole_game(seed + 1));

    std::string file = header(static_cast<uint32_t>(games.size()));
    for (size_t i = 0; i < games.size(); ++i) {
        const Position& end = games[i].position();
        file += record(static_cast<int>(i + 7), 300 + static_cast<int>(i), 4000,
                       i == 0 ? 40 : end.count(0), names_without_passes(games[i]));
    }
    const WthorFile split = split_wthor_file(file);
    ASSERT_EQ(split.error, "");
    EXPECT_EQ(split.header.games, 3u);
    EXPECT_EQ(split.header.year, 2026);
    EXPECT_EQ(split.header.created_month, 12);
    EXPECT_EQ(split.header.depth, 22);
    EXPECT_FALSE(split.more);
    ASSERT_EQ(split.records.size(), 3u);
    for (size_t i = 0; i < games.size(); ++i) {
        const WthorGame read = read_wthor_game(split.records[i]);
        ASSERT_EQ(read.error, "") << "game " << i;
        EXPECT_EQ(read.game.moves(), games[i].moves()) << "game " << i;
        EXPECT_EQ(read.game.position(), games[i].position());
        EXPECT_EQ(read.tournament, static_cast<int>(i + 7));
        EXPECT_EQ(read.black, 300 + static_cast<int>(i));
        EXPECT_EQ(read.white, 4000);
        // The writer gives the record back byte for byte.
        EXPECT_EQ(format_wthor_record(read), std::string(split.records[i]));
    }
    EXPECT_TRUE(read_wthor_game(split.records[1]).game.is_over());
    EXPECT_EQ(read_wthor_game(split.records[0]).black_discs, 40);
    const WthorFile empty = split_wthor_file(format_wthor_header(0, 1999));
    EXPECT_EQ(empty.error, "");
    EXPECT_EQ(empty.header.year, 1999);
    EXPECT_EQ(empty.header.board_size, 8);
}

TEST(Wthor, TakesAtMostTheBoundAndSaysMoreWasLeft) {
    std::string file = header(5);
    for (int i = 0; i < 5; ++i) file += record(1, i, i + 1, 33, {"f5", "f6"});
    const WthorFile split = split_wthor_file(file, 2);
    ASSERT_EQ(split.error, "");
    EXPECT_EQ(split.records.size(), 2u);
    EXPECT_TRUE(split.more);
    EXPECT_EQ(read_wthor_game(split.records[1]).black, 1);
}

TEST(Wthor, RefusesAFileThatIsNotOneWithItsReason) {
    const std::string one = record(1, 2, 3, 33, {"f5"});
    EXPECT_NE(split_wthor_file("short").error.find("16-byte header"), std::string::npos);
    EXPECT_NE(split_wthor_file(header(2) + one).error.find("file has 84 bytes"), std::string::npos);
    EXPECT_NE(split_wthor_file(header(1) + one + "x").error.find("announces 1 games"),
              std::string::npos);
    EXPECT_NE(split_wthor_file(header(20001)).error.find("more than 20000"), std::string::npos);
    EXPECT_NE(split_wthor_file(header(1, 10) + one).error.find("board size 10"), std::string::npos);
    EXPECT_NE(split_wthor_file(header(1, 8, 1) + one).error.find("game type 1"), std::string::npos);
    EXPECT_EQ(split_wthor_file(header(1, 0) + one).error, "") << "board size 0 is 8x8";
    EXPECT_TRUE(split_wthor_file(header(1, 10) + one).records.empty());
}

TEST(Wthor, RefusesABadRecordNamingTheMove) {
    auto error_of = [](std::string rec) { return read_wthor_game(rec).error; };
    EXPECT_EQ(error_of(record(0, 0, 0, 32, {"f5", "d6"})), "");
    std::string rec = record(0, 0, 0, 32, {"f5", "d6"});
    rec[10] = 19;  // column 9
    EXPECT_EQ(error_of(rec), "move 3: byte 19 is not a square");
    rec[10] = 90;  // row 9
    EXPECT_EQ(error_of(rec), "move 3: byte 90 is not a square");
    rec[10] = 0;
    rec[11] = 56;
    EXPECT_EQ(error_of(rec), "move 4: a move after the end of the game's moves");
    EXPECT_EQ(error_of(record(0, 0, 0, 32, {"f5", "a1"})), "move 2 (a1): illegal move");
    EXPECT_EQ(error_of(record(0, 0, 0, 65, {"f5"})), "Black's score 65 is over 64 discs");
    EXPECT_EQ(error_of("abc"), "a game record has 68 bytes");
}

}  // namespace
}  // namespace reversi::core
