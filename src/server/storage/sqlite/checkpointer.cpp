// SPDX-License-Identifier: MIT
#include "server/storage/sqlite/checkpointer.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <stdexcept>

#include "server/common/metrics.h"

namespace reversi::server {

WalCheckpointer::WalCheckpointer(const std::string& path, SqliteCheckpoints who,
                                 CheckpointRule rule)
    : rule_(rule) {
    if (who != SqliteCheckpoints::Background) return;
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open database " + path + " to checkpoint it: " + why);
    }
    // FULL: the database file is fsynced before the WAL may be reused, as the writer's own
    // checkpoints did. This connection never checkpoints on commit (it never commits).
    sqlite3_exec(db_, "PRAGMA synchronous=FULL", nullptr, nullptr, nullptr);
    thread_ = std::thread([this] { run(); });
}

WalCheckpointer::~WalCheckpointer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    if (db_) sqlite3_close(db_);
}

void WalCheckpointer::after_commit(sqlite3* writer, int pages) {
    if (pages >= HardLimitPages) {
        // With no commit under way meanwhile, this one copies everything: the WAL restarts.
        const auto start = std::chrono::steady_clock::now();
        sqlite3_wal_checkpoint_v2(writer, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        commit_checkpoints_.fetch_add(1, std::memory_order_relaxed);
        if (Metrics* m = metrics_.load(std::memory_order_relaxed)) {
            m->commit_checkpoints.add();
            m->checkpoint_seconds.observe_since(start);
        }
        return;
    }
    // A smaller WAL than at the last commit has started over: nothing of it is copied yet.
    if (pages < wal_pages_.exchange(pages, std::memory_order_relaxed))
        backfilled_.store(0, std::memory_order_relaxed);
    if (!thread_.joinable() || pages < rule_.threshold_pages || asked_.exchange(true)) return;
    {
        std::lock_guard lock(mutex_);
        wanted_ = true;
    }
    wake_.notify_one();
}

void WalCheckpointer::run() {
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || wanted_; });
            if (stopping_ || !wait_for_turn(lock)) return;
            wanted_ = false;
            running_ = true;
        }
        // Cleared before the checkpoint: pages the writer adds meanwhile ask for the next one.
        asked_ = false;
        checkpoint();
        std::lock_guard lock(mutex_);
        running_ = false;
    }
}

bool WalCheckpointer::wait_for_turn(std::unique_lock<std::mutex>& lock) {
    const auto turn = last_start_ + rule_.min_interval;
    // The writer's later commits update the WAL's size; one past catch_up_pages ends the wait
    // at once only when it wakes the thread, so the wait is cut into short steps. When the
    // idle writer can copy what is left, the thread leaves it to it (a checkpoint of its own
    // would hold the checkpoint lock the writer needs, and fsync twice more).
    constexpr auto Step = std::chrono::milliseconds(20);
    while (!stopping_ && !behind()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= turn) break;
        wake_.wait_until(lock, std::min(turn, now + Step));
    }
    return !stopping_;
}

bool WalCheckpointer::behind() const {
    const int pages = wal_pages_.load(std::memory_order_relaxed);
    const int copied = backfilled_.load(std::memory_order_relaxed);
    // copied > pages: a count from before the WAL started over, not yet renewed by the thread.
    return pages >= rule_.catch_up_pages &&
           (copied > pages || pages - copied > rule_.idle_copy_pages);
}

void WalCheckpointer::writer_idle(sqlite3* writer) {
    const int pages = wal_pages_.load(std::memory_order_relaxed);
    const int copied = backfilled_.load(std::memory_order_relaxed);
    if (!thread_.joinable() || pages < rule_.catch_up_pages || copied >= pages || behind()) return;
    // PASSIVE on the writer's own connection: no commit can come meanwhile, so it copies every
    // page, unless the thread is checkpointing (then BUSY at once, and the next idle retries).
    const auto start = std::chrono::steady_clock::now();
    int log_pages = 0, now_copied = 0;
    const int rc = sqlite3_wal_checkpoint_v2(writer, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_pages,
                                             &now_copied);
    if (rc != SQLITE_OK) return;
    backfilled_.store(now_copied, std::memory_order_relaxed);
    idle_checkpoints_.fetch_add(1, std::memory_order_relaxed);
    if (Metrics* m = metrics_.load(std::memory_order_relaxed)) {
        m->idle_checkpoints.add();
        m->checkpoint_seconds.observe_since(start);
    }
}

bool WalCheckpointer::busy() {
    std::lock_guard lock(mutex_);
    return wanted_ || running_;
}

void WalCheckpointer::checkpoint() {
    const auto start = std::chrono::steady_clock::now();
    last_start_ = start;
    int log_pages = 0, copied = 0;
    // PASSIVE: copies what no reader still needs and returns; it takes no lock the writer
    // waits for. The WAL restarts from its beginning at the writer's next transaction once
    // every page has been copied, which a PASSIVE checkpoint only manages when it ends between
    // two commits: under steady writes, dozens in a row missed. The writer copies the last
    // pages itself when its queue is empty (writer_idle), so no FULL checkpoint is needed.
    const int rc =
        sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_pages, &copied);
    if (rc != SQLITE_OK && rc != SQLITE_BUSY) {
        std::cerr << "storage: checkpoint failed: " << sqlite3_errmsg(db_) << '\n';
        return;
    }
    if (rc == SQLITE_OK) backfilled_.store(copied, std::memory_order_relaxed);
    checkpoints_.fetch_add(1, std::memory_order_relaxed);
    if (Metrics* m = metrics_.load(std::memory_order_relaxed))
        m->checkpoint_seconds.observe_since(start);
}

}  // namespace reversi::server
