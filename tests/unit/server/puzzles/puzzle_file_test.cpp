// SPDX-License-Identifier: MIT
// The puzzle file: the shipped fixture reads back, writing and reading gives the same puzzles,
// and every kind of damage (checksum, count, version, an illegal move in the game or the tree,
// a wrong score order, a node not reached, another pool) is refused with a PuzzleFileError.
#include "server/puzzles/puzzle_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/notation.h"

namespace reversi::server {
namespace {

std::string fixture_text() {
    std::ifstream in(std::string(REVERSI_TEST_DATA_DIR) + "/puzzles/8x8.jsonl");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The file's text with `from` replaced by `to` in its first puzzle's line, with a right header
// (count and checksum), so that only the change itself is judged.
std::string damaged(const std::string& from, const std::string& to) {
    const PuzzleFile file = parse_puzzle_file(fixture_text());
    std::vector<std::string> lines;
    for (const PuzzleRecord& p : file.puzzles) lines.push_back(format_puzzle_line(file.pool, p));
    const size_t at = lines.front().find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) lines.front().replace(at, from.size(), to);
    return puzzle_file_text(file, lines);
}

TEST(PuzzleFile, FixtureReadsAndWritesBackTheSame) {
    const std::string text = fixture_text();
    const PuzzleFile file = parse_puzzle_file(text);
    EXPECT_EQ(file.pool, "8x8");
    ASSERT_GE(file.puzzles.size(), 5u);
    EXPECT_EQ(format_puzzle_file(file), text);
    for (const PuzzleRecord& p : file.puzzles) {
        EXPECT_GE(p.tree.nodes.front().choices.size(), 2u);
        EXPECT_EQ(p.tree.solutions, 1);
        EXPECT_EQ(p.tree.best, p.tree.nodes.front().choices.front().score);
        EXPECT_FALSE(puzzle_game(file.pool, p).is_over());
    }
}

TEST(PuzzleFile, DamageIsRefused) {
    // The unchanged text with its checksum recomputed reads (the helper itself is right).
    EXPECT_NO_THROW(parse_puzzle_file(damaged("\"id\":\"", "\"id\":\"")));
    std::string text = fixture_text();
    text[text.size() - 3] = text[text.size() - 3] == '1' ? '2' : '1';
    EXPECT_THROW(parse_puzzle_file(text), PuzzleFileError);  // checksum
    const PuzzleFile file = parse_puzzle_file(fixture_text());
    const PuzzleRecord& first = file.puzzles.front();
    const engine::PuzzleChoice best = first.tree.nodes.front().choices.front();
    const std::string solution =
        "[\"" + core::square_name(puzzle_game(file.pool, first).variant().geometry(), best.move) +
        "\"," + std::to_string(best.score) + "]";
    // The game's first move played on an occupied square.
    EXPECT_THROW(parse_puzzle_file(damaged("\"moves\":\"", "\"moves\":\"d4 ")), PuzzleFileError);
    // The best move's score made the lowest, so the choices are no longer best first.
    EXPECT_THROW(
        parse_puzzle_file(damaged(solution, solution.substr(0, solution.find(',')) + ",-64]")),
        PuzzleFileError);
    // A choice listed twice.
    EXPECT_THROW(parse_puzzle_file(damaged(solution, solution + "," + solution)), PuzzleFileError);
    EXPECT_THROW(parse_puzzle_file(damaged("\"themes\":[", "\"themes\":[\"luck\",")),
                 PuzzleFileError);
    EXPECT_THROW(parse_puzzle_file(damaged("\"next\":-1", "\"next\":3")), PuzzleFileError);
    EXPECT_THROW(parse_puzzle_file(damaged("\"rating\":", "\"rating\":9")), PuzzleFileError);
    std::string version = fixture_text();
    version.replace(version.find("\"version\":1"), 11, "\"version\":2");
    EXPECT_THROW(parse_puzzle_file(version), PuzzleFileError);
    std::string pool = fixture_text();
    pool.replace(pool.find("\"pool\":\"8x8\""), 11, "\"pool\":\"6x6\"");
    EXPECT_THROW(parse_puzzle_file(pool), PuzzleFileError);
    EXPECT_THROW(parse_puzzle_file("{}"), PuzzleFileError);
    EXPECT_THROW(parse_puzzle_file(""), PuzzleFileError);
    EXPECT_THROW(puzzle_pool_setup("3p"), PuzzleFileError);
}

TEST(PuzzleFile, WritesThroughATemporaryFile) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("puzzle_file_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "p.jsonl").string();
    PuzzleFile file = parse_puzzle_file(fixture_text());
    file.puzzles.resize(2);
    file.next_game = 99;
    write_puzzle_file(path, file);
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
    const PuzzleFile back = read_puzzle_file(path);
    EXPECT_EQ(back.next_game, 99);
    ASSERT_EQ(back.puzzles.size(), 2u);
    EXPECT_EQ(back.puzzles[1].id, file.puzzles[1].id);
    EXPECT_THROW(read_puzzle_file((dir / "missing").string()), PuzzleFileError);
    std::filesystem::remove_all(dir);
}

}  // namespace
// An octagon puzzle the generator wrote (seed 1, game 1802) whose forced line after the
// solution has nine replies, the solver passing four times: the reader took at most eight and
// refused the whole file ("bad branch"), so a server would not start on it.
TEST(PuzzleFile, ALongForcedLineOfPassesReads) {
    const std::string line =
        R"({"best":-64,"empties":16,"id":"octagon-s1-g1802-p68","moves":"f7 g5 g4 g7 d5 d4 h5 f4 g6 h6 e4 c5 h4 h7 d6 e3 c6 g3 i7 j8 i6 f8 e8 d8 j7 d3 e9 i5 c7 e7 c4 j6 f3 h8 i8 g8 d7 e10 f10 g10 j4 f9 g9 j5 i4 j3 i3 d10 h2 h10 c2 c3 e2 i2 d9 i9 h9 c1 b3 h3 d1 g2 g1 c10 c9 e1 f1 h1","rating":1400.0,"side":"black","solutions":1,"themes":[],"tree":[{"branches":[{"move":"d2","next":-1,"replies":["f2","pass","b2","pass","a3","pass","b9","pass","b4"]}],"choices":[["d2",-64],["f2",-72]]}]})";
    const PuzzleRecord puzzle = parse_puzzle_line("octagon", line);
    EXPECT_EQ(puzzle.tree.best, -64);
    ASSERT_EQ(puzzle.tree.nodes.size(), 1u);
    EXPECT_EQ(puzzle.tree.nodes[0].branches.at(0).replies.size(), 9u);
    std::string endless = line;
    const std::string replies = R"("replies":[)";
    std::string passes;
    for (int i = 0; i < 200; ++i) passes += R"("pass",)";
    endless.insert(endless.find(replies) + replies.size(), passes);
    EXPECT_THROW(parse_puzzle_line("octagon", endless), PuzzleFileError);
}

}  // namespace reversi::server
