// SPDX-License-Identifier: MIT
// The background mining job (docs/PUZZLES.md "Mining on the site"): finished games of the
// site's puzzle pools are mined for puzzles by one thread of its own with its own engine, at
// the idle scheduling class (it runs only on CPU time nothing else wants, so it never delays a
// live game), at most `games_per_hour` games an hour, from a bounded queue (a game arriving
// when it is full is dropped). Found puzzles go to a puzzle file per pool in `dir`
// (mined-POOL.jsonl), which `serve --puzzles` reads at the next start: the set served is read
// once at start and never changes while the server runs (the daily puzzle stays the day's).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "core/types.h"
#include "engine/puzzle.h"
#include "server/puzzles/puzzle_file.h"

namespace reversi::server {

struct MiningOptions {
    std::string dir;  // where the mined-POOL.jsonl files are kept
    double games_per_hour = 60;
    size_t queue = 64;
    int per_game = 2;
    engine::PuzzleCriteria criteria;
    int hash_mb = 16;
};

// What the job has done since it started.
struct MiningFigures {
    int64_t games = 0;
    int64_t puzzles = 0;
    int64_t dropped = 0;  // games not queued: the queue was full
    double seconds = 0;   // spent mining
};

class PuzzleMiner {
  public:
    // Reads the files of earlier runs in `options.dir` (creating it) and starts the thread.
    explicit PuzzleMiner(MiningOptions options);
    ~PuzzleMiner();
    PuzzleMiner(const PuzzleMiner&) = delete;
    PuzzleMiner& operator=(const PuzzleMiner&) = delete;

    // Queues a finished game of `pool` (ignored for a pool without puzzles); any thread.
    void add(const std::string& pool, const std::string& id, std::vector<core::Square> moves);
    MiningFigures figures() const;

  private:
    struct Job {
        std::string pool;
        std::string id;
        std::vector<core::Square> moves;
    };
    void run(std::stop_token stop);
    void mine(engine::Engine& engine, const Job& job);
    std::string path(const std::string& pool) const;

    MiningOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable_any wake_;
    std::deque<Job> jobs_;
    MiningFigures figures_;
    // Touched by the thread only: each pool's file and the positions it holds.
    std::map<std::string, PuzzleFile> files_;
    std::unordered_set<uint64_t> seen_;
    std::jthread thread_;
};

}  // namespace reversi::server
