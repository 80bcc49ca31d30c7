// SPDX-License-Identifier: MIT
// Puzzles on the site (docs/PUZZLES.md "On the site"): the loaded puzzle set, each puzzle's
// and each player's puzzle rating (Glicko-2, one game per attempt: solved is a win for the
// player), the HTTP API, and the daily puzzle. A registered player's first finished attempt
// at a puzzle is rated; the answer comes after the ratings are committed. Runs on the network
// thread like the hub: no lock.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "server/accounts/accounts.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"
#include "server/puzzles/grading.h"
#include "server/puzzles/puzzle_set.h"
#include "server/puzzles/seen_puzzles.h"
#include "server/storage/storage.h"

namespace reversi::server {

struct PuzzleOptions {
    // A puzzle's deviation before its first attempt: its starting rating is an estimate.
    double puzzle_start_rd = 250;
    // A player's puzzle deviation, at most (and at the start): a sane deviation for a new
    // puzzle player, so that one attempt moves the rating by 46 points (a miss at a puzzle of
    // the same rating) to 96 (the farthest puzzles), not the 170 to 480 of the games' 350;
    // still above ProvisionalRd, so about the first ten attempts show a provisional rating.
    double player_max_rd = 150;
    // Moves submissions per minute per address (and burst).
    int submits_per_minute = 120;
    int submit_burst = 40;
    // Streaks kept in memory at once (a guest's too); idle ones go first when it is full.
    size_t max_streaks = 10000;
    // Milliseconds since the epoch (the daily puzzle, attempts); tests pass their own.
    std::function<int64_t()> wall_clock;
};

class PuzzleService {
  public:
    PuzzleService(StorageQueue& storage, Accounts& accounts, PuzzleSet puzzles,
                  PuzzleOptions options = {});
    PuzzleService(const PuzzleService&) = delete;
    PuzzleService& operator=(const PuzzleService&) = delete;

    // Reads the stored ratings, attempts and running streaks (at start, before the loop runs).
    void restore(Storage& storage);

    // GET /api/puzzles: the pools with puzzles and their counts, and the daily puzzle's id.
    void overview(Respond respond) const;
    // GET /api/puzzles/next?pool=P[&skip=ID]: a puzzle near the player's puzzle rating that
    // the player has not been rated on and the viewer (account, device, address) has not
    // been shown the solution of (`skip`: not that one either).
    void next(const Identity& who, const PuzzleViewer& viewer, const std::string& pool,
              const std::string& skip, Respond respond) const;
    // GET /api/puzzles/daily and GET /api/puzzles/{id}: the puzzle without its solution.
    void daily(Respond respond) const;
    void get(const std::string& id, Respond respond) const;
    // POST /api/puzzles/{id}/moves {"moves": [...]}: the moves graded; at the end the solution
    // tree and, for a registered player's first attempt at a puzzle whose solution none of the
    // viewer's parts was shown before, both ratings' changes. `viewer.address` is the client.
    void submit(const Identity& who, const PuzzleViewer& viewer, const std::string& id,
                const std::string& body, Respond respond);
    // POST /api/puzzles/streak {"pool": P}: a new streak (docs/PUZZLES.md "Streak mode"): its
    // first puzzle, among the pool's lowest rated. Each puzzle of the streak solved (through
    // `submit`) names the next one, rated above it; the first mistake ends the streak.
    void start_streak(const Identity& who, const std::string& body, const std::string& client,
                      Respond respond);
    // GET /api/puzzles/players/{name}: that player's puzzle rating and best streaks.
    void player(const std::string& name, Respond respond) const;

    const PuzzleSet& puzzles() const { return puzzles_; }

  private:
    const LoadedPuzzle& puzzle(const std::string& id) const;
    const LoadedPuzzle* daily_puzzle() const;
    StoredPuzzleRating puzzle_rating(const LoadedPuzzle& p) const;
    StoredPlayerPuzzles player_rating(int64_t player) const;
    bool attempted(int64_t player, const std::string& id) const;
    // Why a finished attempt is not rated ("guest", "again", "seen"), or empty: it is.
    std::string unrated_reason(const Identity& who, const PuzzleViewer& viewer,
                               const std::string& id) const;
    json puzzle_json(const LoadedPuzzle& p) const;
    json grade_json(const LoadedPuzzle& p, const PuzzleGrade& grade) const;
    // A streak: its pool, the puzzles solved in a row, the one to solve now and those seen.
    struct Streak {
        std::string pool;
        int count = 0;
        std::string current;
        double last_rating = 0;  // the rating of the last puzzle solved (0 at the start)
        std::unordered_set<std::string> seen;
        int64_t touched = 0;
    };
    // The next puzzle of `s`: not seen in it, rated at least its last one, nearest a step above.
    const LoadedPuzzle* streak_puzzle(const Streak& s) const;
    // A finished attempt at the player's current streak puzzle: the streak moves on or ends;
    // returns the best-streak row to store when it reached a new best.
    std::optional<StoredPuzzleStreak> advance_streak(const Identity& who, const LoadedPuzzle& p,
                                                     bool solved, json& answer);
    int best_streak(int64_t player, const std::string& pool) const;
    // Rates a finished first attempt, commits it (with `streak` when set), then answers
    // `answer` with the changes.
    // A rating is refused there when the store says that another node (or this one before a
    // restart) showed the solution to a part of `viewer`.
    void rate(const Identity& who, const PuzzleViewer& viewer, const LoadedPuzzle& p, bool solved,
              std::optional<StoredPuzzleStreak> streak, json answer, Respond respond);
    // The store's part of recording that `viewer` was shown `puzzle` (seen_puzzles.h): its rows,
    // and once an hour the rows past SeenPuzzles::KeepMs deleted. Runs on the storage thread.
    std::function<void(Storage&)> record_seen(const PuzzleViewer& viewer,
                                              const std::string& puzzle);
    // Keeps a registered player's running streak in the store (or ends it there when `s` is
    // null), so that a restart does not end it; the answer does not wait for it.
    void keep_running_streak(const Identity& who, const Streak* s);
    int64_t now() const;

    StorageQueue& storage_;
    Accounts& accounts_;
    PuzzleSet puzzles_;
    PuzzleOptions options_;
    std::unordered_map<std::string, StoredPuzzleRating> puzzle_ratings_;
    std::unordered_map<int64_t, StoredPlayerPuzzles> players_;
    std::unordered_map<int64_t, std::unordered_set<std::string>> attempts_;
    SeenPuzzles seen_;
    int64_t seen_forgotten_at_ = 0;  // when old seen rows were last deleted
    std::unordered_map<int64_t, Streak> streaks_;
    std::unordered_map<int64_t, std::map<std::string, int>> best_streaks_;
    RateLimiter submit_limiter_;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
