// SPDX-License-Identifier: MIT
// The puzzle file (docs/PUZZLES.md): JSON lines, a header line (format, version, pool, count,
// the generator's seed and next game, and an FNV-1a checksum of the puzzle lines) then one
// puzzle per line. Reading checks everything: the checksum, the bounds, every move of the
// game and of the solution tree replayed under the rules, and every score's range; any fault
// is a PuzzleFileError naming the line.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/puzzle.h"
#include "server/common/rating_scale.h"

namespace reversi::server {

constexpr int PuzzleFileVersion = 1;
// Bounds a file must keep (a hostile file is refused, never trusted).
constexpr size_t MaxPuzzlesPerFile = 100'000;
constexpr size_t MaxPuzzleNodes = 64;
constexpr size_t MaxPuzzleLineBytes = 64 * 1024;

class PuzzleFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One puzzle: the game that leads to it from the pool's start, and its solution tree.
struct PuzzleRecord {
    std::string id;
    std::vector<core::Square> moves;  // from the start of the pool's game, passes included
    engine::PuzzleTree tree;
    double rating = StartRating;  // the puzzle's starting rating (docs/PUZZLES.md)
};

struct PuzzleFile {
    std::string pool;
    uint64_t seed = 1;
    int next_game = 0;  // the generator resumes here
    std::vector<PuzzleRecord> puzzles;
};

// The setup of a two-player rating pool ("8x8", "8x8-anti", "6x6", "10x10", "octagon");
// throws PuzzleFileError for any other name.
core::Setup puzzle_pool_setup(const std::string& pool);

// The position a puzzle starts from (replays its moves; the variant must outlive it).
core::Game puzzle_game(const std::string& pool, const PuzzleRecord& puzzle);

// The solution tree as the file and the API write it: nodes, root first, each with
// `choices` ([square, score], best first) and `branches` ({move, replies, next}).
nlohmann::json puzzle_tree_json(const core::Geometry& geometry, const engine::PuzzleTree& tree);

// The whole file's text.
std::string format_puzzle_file(const PuzzleFile& file);
// A file's text of the header fields of `file` (not its puzzles) and the puzzle lines given:
// the one owner of the header and its checksum.
std::string puzzle_file_text(const PuzzleFile& file, const std::vector<std::string>& lines);
// One puzzle's line (no newline) and back; the reader checks the puzzle against its pool.
std::string format_puzzle_line(const std::string& pool, const PuzzleRecord& puzzle);
PuzzleRecord parse_puzzle_line(const std::string& pool, const std::string& line);
// Reads a whole file's text; throws PuzzleFileError.
PuzzleFile parse_puzzle_file(const std::string& text);

// Reads the file at `path` (at most 256 MB); throws PuzzleFileError.
PuzzleFile read_puzzle_file(const std::string& path);
// Writes `file` to `path` through a temporary file renamed over it, so a stopped run never
// leaves half a file.
void write_puzzle_file(const std::string& path, const PuzzleFile& file);

}  // namespace reversi::server
