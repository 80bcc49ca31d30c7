// SPDX-License-Identifier: MIT
// The puzzles a server offers (docs/PUZZLES.md "On the site"): every puzzle file of a
// directory, read and checked once at start and never changed after, with the start position
// of each puzzle and an index by id. A file that does not read is refused with its reason.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "server/puzzles/puzzle_file.h"

namespace reversi::server {

// One loaded puzzle: its pool, its record and the game up to its position.
struct LoadedPuzzle {
    std::string pool;
    PuzzleRecord record;
    core::Game game;
    const core::Position& position() const { return game.position(); }
};

class PuzzleSet {
  public:
    PuzzleSet() = default;
    // Reads every `*.jsonl` file of `dir` (none when it does not exist); throws
    // PuzzleFileError for a file that does not read or an id found twice.
    static PuzzleSet load_directory(const std::string& dir);
    // Adds every `*.jsonl` file of `dir` (the mined puzzles' directory beside the shipped one).
    void add_directory(const std::string& dir);
    // Adds the puzzles of one file; throws PuzzleFileError for an id found twice.
    void add(const PuzzleFile& file);

    // The puzzle with this id, or null.
    const LoadedPuzzle* find(const std::string& id) const;
    // The puzzles of a pool, in file order (empty for an unknown pool).
    const std::vector<const LoadedPuzzle*>& pool(const std::string& name) const;
    // Pools that hold puzzles and their counts.
    std::map<std::string, size_t> counts() const;
    size_t size() const { return puzzles_.size(); }

  private:
    std::vector<std::unique_ptr<LoadedPuzzle>> puzzles_;
    std::unordered_map<std::string, const LoadedPuzzle*> by_id_;
    std::map<std::string, std::vector<const LoadedPuzzle*>> by_pool_;
};

}  // namespace reversi::server
