// SPDX-License-Identifier: MIT
// What a store keeps of puzzles (docs/PUZZLES.md "On the site"): each puzzle's rating (the
// puzzles themselves are files), each player's puzzle rating, and every rated attempt, so that
// a puzzle is rated once per player. Methods throw std::runtime_error on failure and run on
// the storage thread, inside the transaction of the Storage they belong to (storage.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/common/rating_scale.h"

namespace reversi::server {

// A rating on Glicko-2's public scale, with the attempts behind it.
struct StoredPuzzleRating {
    std::string puzzle;  // the puzzle's id
    double rating = StartRating;
    double rd = StartRd;
    double volatility = StartVolatility;
    int attempts = 0;
    int solved = 0;
};

struct StoredPlayerPuzzles {
    int64_t player = 0;
    double rating = StartRating;
    double rd = StartRd;
    double volatility = StartVolatility;
    int attempts = 0;
    int solved = 0;
};

// One rated attempt: `at` in milliseconds since the epoch.
struct StoredPuzzleAttempt {
    int64_t player = 0;
    std::string puzzle;
    bool solved = false;
    int64_t at = 0;
};

// A player's best streak in a pool's streak mode: puzzles of rising rating solved in a row.
struct StoredPuzzleStreak {
    int64_t player = 0;
    std::string pool;
    int best = 0;
    int64_t at = 0;  // when it was reached, milliseconds since the epoch
};

// A player's running streak (streak mode), kept so that a restart does not end it: the pool,
// puzzles solved so far, the one to solve now, the rating of the last one solved, the ids
// seen in it (space-separated) and when it last moved, milliseconds since the epoch.
struct StoredRunningStreak {
    int64_t player = 0;
    std::string pool;
    int count = 0;
    std::string current;
    double last_rating = 0;
    std::string seen;
    int64_t touched = 0;
};

// A viewer (one key of puzzles/seen_puzzles.h: "p:" a player, "d:" a device, "a:" an address)
// shown the solution of a puzzle, and when it last was, milliseconds since the epoch.
struct StoredSeenPuzzle {
    std::string viewer;
    std::string puzzle;
    int64_t at = 0;
};

class PuzzleStore {
  public:
    virtual ~PuzzleStore() = default;

    // Upserts by puzzle id / player; an attempt is kept once per (player, puzzle).
    // puzzle_store.cpp has the defaults, for a store without puzzles: saving throws, loading
    // finds none.
    virtual void save_puzzle_rating(const StoredPuzzleRating& rating);
    virtual std::vector<StoredPuzzleRating> puzzle_ratings();
    virtual void save_player_puzzles(const StoredPlayerPuzzles& row);
    virtual std::vector<StoredPlayerPuzzles> player_puzzles();
    virtual void add_puzzle_attempt(const StoredPuzzleAttempt& attempt);
    virtual std::vector<StoredPuzzleAttempt> puzzle_attempts();
    // Upserts by (player, pool).
    virtual void save_puzzle_streak(const StoredPuzzleStreak& streak);
    virtual std::vector<StoredPuzzleStreak> puzzle_streaks();
    // Upserts by player (one running streak each); ending deletes it.
    virtual void save_running_streak(const StoredRunningStreak& streak);
    virtual void end_running_streak(int64_t player);
    virtual std::vector<StoredRunningStreak> running_streaks();
    // Who was shown which solution (issue 48, item 6): each of `viewers` shown `puzzle` at
    // `at` (upserts by viewer and puzzle: the later time), then only each viewer's `keep`
    // newest rows are kept, so one viewer cannot grow the table without bound.
    virtual void add_seen_puzzle(const std::vector<std::string>& viewers, const std::string& puzzle,
                                 int64_t at, int keep);
    // Whether any of `viewers` was shown `puzzle` at `since` or later.
    virtual bool puzzle_seen(const std::vector<std::string>& viewers, const std::string& puzzle,
                             int64_t since);
    // The rows from `since` on, oldest first, at most `limit` (the newest of them).
    virtual std::vector<StoredSeenPuzzle> seen_puzzles(int64_t since, size_t limit);
    // Deletes the rows older than `before`.
    virtual void forget_seen_puzzles(int64_t before);
};

}  // namespace reversi::server
