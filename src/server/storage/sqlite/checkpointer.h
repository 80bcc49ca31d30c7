// SPDX-License-Identifier: MIT
// WAL checkpoints off the commit path. SQLite's default checkpoints inside the COMMIT that
// crosses 1,000 WAL pages: that commit copies the pages into the database file and fsyncs it,
// so every move acknowledged by it (and every batch queued behind it) waits milliseconds more.
// The store turns that off on its writing connection (wal_autocheckpoint=0) and hands the work
// to a `WalCheckpointer`: a thread with a connection of its own that runs a PASSIVE checkpoint
// (it never waits on the writer, and the writer never waits on it) when the writer's WAL hook
// says the log has grown past the threshold. Should the writer outrun it (the WAL restarts
// only once every page is copied while no commit is under way), the writer checkpoints itself
// at a hard bound, so the log stays bounded; `reversi_commit_checkpoints_total` counts those.
//
// How often (issue 29): the WAL does not shrink after a checkpoint, it starts over at the
// first commit after one has copied every page, so under a steady stream of commits it stays
// past the threshold and every commit asked again: 4,000 checkpoints in 20 s at 5,000 games,
// each with two fsyncs that queued beside the writer's. A checkpoint now waits until
// `CheckpointRule::min_interval` after the previous one began; it copies more pages at once
// (a page rewritten by many commits is copied once). Past `catch_up_pages` the wait is
// dropped, and the writer, once its queue is empty and the thread has left it at most
// `idle_copy_pages` to copy, copies them itself: the WAL starts over at its next BEGIN.
// That step was a FULL checkpoint on the thread (issue 29): it took the write lock for
// milliseconds and the writer's BEGIN slept in SQLite's busy handler (1, 2, 5, 10 ms ...)
// while every move queued behind it; at a steady turnover, the moves' p99.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace reversi::server {

class Metrics;

// Who checkpoints the WAL: a thread of its own (the server), or nobody but the writer at the
// hard bound and the last close (tests that show that commits do not checkpoint).
enum class SqliteCheckpoints { Background, OnlyAtTheBound };

// When the thread checkpoints: once the WAL holds `threshold_pages`, no sooner than
// `min_interval` after the previous checkpoint began, unless it holds `catch_up_pages`.
struct CheckpointRule {
    int threshold_pages = 1000;  // SQLite's own default threshold
    std::chrono::milliseconds min_interval{250};
    int catch_up_pages = 4000;  // 16 MiB of WAL: checkpoints follow one another
    int idle_copy_pages = 256;  // the most the idle writer copies to let the WAL start over
};

class WalCheckpointer {
  public:
    // WAL pages after which a checkpoint is asked for (the default rule's threshold).
    static constexpr int ThresholdPages = CheckpointRule{}.threshold_pages;
    // WAL pages after which the writer checkpoints on its own commit (about 64 MiB).
    static constexpr int HardLimitPages = 16 * ThresholdPages;

    // Background: opens its own connection to `path` (throws std::runtime_error when it
    // cannot) and starts the thread.
    WalCheckpointer(const std::string& path, SqliteCheckpoints who, CheckpointRule rule = {});
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer&) = delete;
    WalCheckpointer& operator=(const WalCheckpointer&) = delete;

    // Called on the writer's thread after each of its commits (`writer`: its connection)
    // with the WAL's size in pages: wakes the thread when it is over the threshold (taking no
    // lock unless it wakes it), checkpoints on `writer` at the hard bound.
    void after_commit(sqlite3* writer, int pages);
    // Called on the writer's thread when its queue is empty: past catch_up_pages, copies what
    // the thread has left (when that is at most idle_copy_pages) so the WAL starts over at
    // the next BEGIN, without any lock that BEGIN would wait for.
    void writer_idle(sqlite3* writer);
    // Checkpoints done by the thread, and by the writer at the hard bound.
    uint64_t checkpoints() const { return checkpoints_.load(std::memory_order_relaxed); }
    uint64_t commit_checkpoints() const {
        return commit_checkpoints_.load(std::memory_order_relaxed);
    }
    uint64_t idle_checkpoints() const { return idle_checkpoints_.load(std::memory_order_relaxed); }
    // Whether a checkpoint is asked for or under way on the thread.
    bool busy();
    // Where checkpoints are counted and timed (null: nowhere). Set at any time.
    void set_metrics(Metrics* metrics) { metrics_.store(metrics, std::memory_order_relaxed); }

  private:
    void run();
    void checkpoint();
    // Waits out the rule's interval since the previous checkpoint began (false: stopping).
    bool wait_for_turn(std::unique_lock<std::mutex>& lock);
    // Past catch_up_pages with more left to copy than the idle writer takes.
    bool behind() const;

    const CheckpointRule rule_;
    sqlite3* db_ = nullptr;
    std::chrono::steady_clock::time_point last_start_{};
    std::atomic<int> wal_pages_{0};   // the WAL's size at the writer's last commit
    std::atomic<int> backfilled_{0};  // of those, pages copied by the last checkpoint
    std::mutex mutex_;
    std::condition_variable wake_;
    bool wanted_ = false;
    bool running_ = false;
    bool stopping_ = false;
    std::atomic<bool> asked_{false};  // a wake-up is pending: the writer skips the lock
    std::atomic<uint64_t> checkpoints_{0};
    std::atomic<uint64_t> commit_checkpoints_{0};
    std::atomic<uint64_t> idle_checkpoints_{0};
    std::atomic<Metrics*> metrics_{nullptr};
    std::thread thread_;
};

}  // namespace reversi::server
