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
}  // namespace reversi::server
