// SPDX-License-Identifier: MIT
// Loading the shipped puzzles: each file is read with every check of the file's reader, and
// each puzzle's game is replayed once here so that requests never replay it.
#include "server/puzzles/puzzle_set.h"

#include <algorithm>
#include <filesystem>

namespace reversi::server {

PuzzleSet PuzzleSet::load_directory(const std::string& dir) {
    PuzzleSet set;
    set.add_directory(dir);
    return set;
}

void PuzzleSet::add_directory(const std::string& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return;
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
            paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    for (const std::string& path : paths) add(read_puzzle_file(path));
}

void PuzzleSet::add(const PuzzleFile& file) {
    for (const PuzzleRecord& record : file.puzzles) {
        if (by_id_.count(record.id)) throw PuzzleFileError("puzzle " + record.id + " twice");
        auto loaded = std::make_unique<LoadedPuzzle>(
            LoadedPuzzle{file.pool, record, puzzle_game(file.pool, record)});
        by_id_[record.id] = loaded.get();
        by_pool_[file.pool].push_back(loaded.get());
        puzzles_.push_back(std::move(loaded));
    }
}

const LoadedPuzzle* PuzzleSet::find(const std::string& id) const {
    const auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second;
}

const std::vector<const LoadedPuzzle*>& PuzzleSet::pool(const std::string& name) const {
    static const std::vector<const LoadedPuzzle*> None;
    const auto it = by_pool_.find(name);
    return it == by_pool_.end() ? None : it->second;
}

std::map<std::string, size_t> PuzzleSet::counts() const {
    std::map<std::string, size_t> out;
    for (const auto& [name, list] : by_pool_) out[name] = list.size();
    return out;
}

}  // namespace reversi::server
