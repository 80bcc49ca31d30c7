// SPDX-License-Identifier: MIT
// Training positions and their file (docs/TRAINING.md): a 32-byte header ("RVSP", version,
// board word bytes, variant key) and fixed-size records: the mover's discs, the opponent's,
// the blocked squares (version 2; version 1 files, without them, still read), the final disc
// difference for the mover, and flags. Files only grow by whole games, so an
// interrupted run is resumed by dropping a partly written last game and counting the games.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/types.h"

namespace reversi::engine {

struct TrainingPosition {
    core::u128 own = 0;
    core::u128 opp = 0;
    int score = 0;  // the mover's final disc difference (exact when `exact`)
    bool exact = false;
    bool game_start = false;  // first recorded position of its game
    bool game_end = false;    // last recorded position of its game
    bool other_seat = false;  // 3-4 players: the view of a seat that is not to move
    core::u128 blocked = 0;   // the board's blocked squares (none in version 1 files)
};

struct TrainingFile {
    std::string variant;
    int word_bytes = 8;  // 8 for 6x6 and 8x8, 16 for 10x10 and the octagon
    int version = 2;     // 1: written before records kept the blocked squares
    std::vector<TrainingPosition> positions;
    int games() const;
    // Keeps only games [first, first + count) (count 0: to the end), so that a long run over
    // a file (relabelling) goes in chunks whose outputs train together.
    void keep_games(int first, int count);
};

// Reads a whole file; a partial last record is ignored. Throws std::runtime_error with the
// path and the reason when the file is missing or not a training file.
TrainingFile read_training_file(const std::string& path);

// Appends to a training file, creating it (with its header, version 2) when missing; on
// opening an existing file it checks the header and cuts off whatever follows the last whole
// game, then appends in the file's own version (a version 1 file takes no blocked squares).
class TrainingWriter {
  public:
    TrainingWriter(const std::string& path, const std::string& variant, int word_bytes);
    ~TrainingWriter();
    TrainingWriter(const TrainingWriter&) = delete;
    TrainingWriter& operator=(const TrainingWriter&) = delete;
    // Games already in the file when it was opened.
    int existing_games() const { return existing_games_; }
    // Appends one game's positions and flushes them.
    void append(const std::vector<TrainingPosition>& game);

  private:
    std::string path_;
    int word_bytes_;
    int version_;
    int existing_games_ = 0;
    std::FILE* file_ = nullptr;
};

}  // namespace reversi::engine
