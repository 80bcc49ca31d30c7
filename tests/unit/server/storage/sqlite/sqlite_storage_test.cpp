// SPDX-License-Identifier: MIT
// The SQLite store on a real file: tables and moves survive closing and reopening, undo
// truncates, unfinished and finished tables are listed apart, and the queue reports a write
// only after it is committed (visible to a second connection).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <deque>
#include <filesystem>
#include <future>
#include <mutex>
#include <numeric>
#include <thread>
#include <utility>

#include "server/storage/fault_injecting.h"
#include "server/storage/sqlite/storage.h"
#include "storage_backends.h"

// A namespace of its own: its TempDb differs from the other test files', which a unity
// batch may hold too.
namespace reversi::server::sqlite_storage_test {
namespace {

// A database file (with its -wal and -shm companions) removed before and after the test.
struct TempDb {
    std::string path;
    explicit TempDb(const char* name)
        : path(testing::TempDir() + "reversi_" + name + "_" + std::to_string(getpid()) + ".db") {
        remove();
    }
    ~TempDb() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    }
};

using testing_backends::row;

TEST(SqliteStorage, PersistsAcrossReopen) {
    const TempDb temp("reopen");
    const std::string& path = temp.path;
    {
        SqliteStorage db(path);
        db.begin();
        db.save_table(row("a", "playing", 1));
        db.save_table(row("b", "finished", 2));
        db.save_table(row("c", "finished", 3));
        db.add_move("a", {0, "d3", {1000, 2000}});
        db.add_move("a", {1, "c3", {1000, 1500}});
        db.add_move("a", {2, "pass", {}});
        db.commit();
        db.begin();
        db.add_move("a", {3, "c4", {}});
        db.rollback();  // never committed: must not appear
    }
    SqliteStorage db(path);
    const auto open = db.unfinished();
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].id, "a");
    ASSERT_EQ(open[0].moves.size(), 3u);
    EXPECT_EQ(open[0].moves[1].square, "c3");
    EXPECT_EQ(open[0].moves[1].clock_after, (std::vector<int64_t>{1000, 1500}));
    EXPECT_TRUE(open[0].moves[2].clock_after.empty());
    const auto done = db.finished(10, 0);
    ASSERT_EQ(done.size(), 2u);
    EXPECT_EQ(done[0].id, "c");  // newest first
    EXPECT_EQ(done[1].result, R"({"r":1})");
    EXPECT_EQ(db.finished(1, 1).at(0).id, "b");
    EXPECT_FALSE(db.load("zz"));
}

TEST(SqliteStorage, TruncateAndUpdate) {
    const TempDb temp("truncate");
    const std::string& path = temp.path;
    SqliteStorage db(path);
    db.begin();
    db.save_table(row("a", "playing", 1));
    for (int i = 0; i < 5; ++i) db.add_move("a", {i, "m" + std::to_string(i), {}});
    db.truncate_moves("a", 2);
    db.save_table(row("a", "finished", 1));
    db.commit();
    const auto a = db.load("a");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->status, "finished");
    EXPECT_EQ(a->created, 1);
    ASSERT_EQ(a->moves.size(), 2u);
    EXPECT_EQ(a->moves[1].square, "m1");
    EXPECT_TRUE(db.unfinished().empty());
}

TEST(SqliteStorage, UsesWal) {
    const TempDb temp("wal");
    const std::string& path = temp.path;
    { SqliteStorage db(path); }
    // A WAL database says so in its header: file format bytes 18 and 19 are 2.
    FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_NE(f, nullptr);
    unsigned char header[20] = {};
    ASSERT_EQ(std::fread(header, 1, 20, f), 20u);
    std::fclose(f);
    EXPECT_EQ(header[18], 2);
    EXPECT_EQ(header[19], 2);
}

// Completions a queue posts, kept for the test to run on its own thread, in order; a task may
// post another (the next slice of answers).
struct Collected {
    std::mutex mutex;
    std::deque<std::function<void()>> tasks;
    StorageQueue::Post post() {
        return [this](std::function<void()> f) {
            std::lock_guard lock(mutex);
            tasks.push_back(std::move(f));
        };
    }
    // Runs the oldest task; false when none is left.
    bool run_one() {
        std::function<void()> task;
        {
            std::lock_guard lock(mutex);
            if (tasks.empty()) return false;
            task = std::move(tasks.front());
            tasks.pop_front();
        }
        task();
        return true;
    }
    void run_all() {
        while (run_one()) {
        }
    }
};

TEST(StorageQueue, ReportsAfterCommit) {
    const TempDb temp("queue");
    const std::string& path = temp.path;
    SqliteStorage db(path);
    Collected posted;
    StorageQueue queue(db, posted.post());
    std::promise<bool> done;
    for (int i = 0; i < 50; ++i)
        queue.write([i](Storage& s) { s.save_table(row("t" + std::to_string(i), "playing", i)); },
                    {});
    queue.write(
        [](Storage& s) {
            s.add_move("t0", {0, "d3", {}});
        },
        [&](bool ok) { done.set_value(ok); });
    queue.stop();
    posted.run_all();
    ASSERT_TRUE(done.get_future().get());
    SqliteStorage other(path);
    EXPECT_EQ(other.unfinished().size(), 50u);
    EXPECT_EQ(other.load("t0")->moves.size(), 1u);
    EXPECT_EQ(queue.writes(), 51u);
    EXPECT_LE(queue.transactions(), 51u);
}

// The network thread answers a batch a slice at a time, each slice posting the next, so that
// its sockets and timers get a turn in between (issue 29); the answers keep their jobs' order,
// a read's behind the writes queued before it.
TEST(StorageQueue, AnswersABatchInSlicesInOrder) {
    const TempDb temp("slices");
    SqliteStorage db(temp.path);
    Collected posted;
    StorageQueue queue(db, posted.post(), QueueStart::Held);
    queue.set_answer_slice(32);  // the default answers a commit in one task
    static constexpr int Writes = 100;
    std::vector<int> order;
    for (int i = 0; i < Writes; ++i)
        queue.write([i](Storage& s) { s.save_table(row("t" + std::to_string(i), "playing", i)); },
                    [&order, i](bool ok) { order.push_back(ok ? i : -1); });
    queue.read([](Storage& s) { EXPECT_EQ(s.unfinished().size(), size_t{Writes}); },
               [&order] { order.push_back(Writes); });
    queue.release();  // the writes run as one batch
    queue.stop();
    std::vector<size_t> per_task;
    for (size_t before = order.size(); posted.run_one(); before = order.size())
        per_task.push_back(order.size() - before);
    std::vector<int> expected(Writes + 1);
    std::iota(expected.begin(), expected.end(), 0);
    EXPECT_EQ(order, expected);
    EXPECT_EQ(per_task, (std::vector<size_t>{32, 32, 32, 5}));
}

TEST(StorageQueue, FailedWriteIsReportedAndIsolated) {
    const TempDb temp("fail");
    const std::string& path = temp.path;
    SqliteStorage db(path);
    Collected posted;
    StorageQueue queue(db, posted.post());
    std::vector<int> results(3, -1);
    queue.write([](Storage& s) { s.save_table(row("good1", "playing", 1)); },
                [&](bool ok) { results[0] = ok; });
    queue.write([](Storage&) { throw std::runtime_error("disk on fire"); },
                [&](bool ok) { results[1] = ok; });
    queue.write([](Storage& s) { s.save_table(row("good2", "playing", 2)); },
                [&](bool ok) { results[2] = ok; });
    queue.stop();
    posted.run_all();
    EXPECT_EQ(results, (std::vector<int>{1, 0, 1}));
    EXPECT_EQ(db.unfinished().size(), 2u);
}

// A lease renewal must not wait behind a long queue (issue 51): an urgent job runs before
// every job still waiting, between two transactions, without the writes queued before it.
TEST(StorageQueue, AnUrgentJobGoesAheadOfTheQueueBetweenTransactions) {
    const TempDb temp("urgent");
    SqliteStorage db(temp.path);
    Collected posted;
    StorageQueue queue(db, posted.post());
    std::promise<void> started, gate;
    std::shared_future<void> open = gate.get_future().share();
    std::vector<std::string> order;  // written on the storage thread only, read after stop()
    queue.read(
        [&](Storage&) {
            started.set_value();
            open.wait();
            order.push_back("busy");
        },
        {});
    started.get_future().wait();
    for (int i = 0; i < 3; ++i)
        queue.write(
            [&, i](Storage& s) {
                s.save_table(row("t" + std::to_string(i), "playing", i));
                order.push_back("write");
            },
            {});
    queue.read(
        [&](Storage& s) { order.push_back("read " + std::to_string(s.unfinished().size())); }, {});
    queue.urgent(
        [&](Storage& s) { order.push_back("urgent " + std::to_string(s.unfinished().size())); },
        {});
    gate.set_value();
    queue.stop();
    posted.run_all();
    EXPECT_EQ(order,
              (std::vector<std::string>{"busy", "urgent 0", "write", "write", "write", "read 3"}));
}

// Who holds a table's lease needs none of this node's queued writes: such a lookup runs in
// its turn without committing the writes gathered before it, so they stay one transaction.
TEST(StorageQueue, ALookupDoesNotSplitTheWritesAroundIt) {
    const TempDb temp("lookup");
    SqliteStorage db(temp.path);
    Collected posted;
    StorageQueue queue(db, posted.post(), QueueStart::Held);
    const auto write = [&](int i) {
        queue.write([i](Storage& s) { s.save_table(row("t" + std::to_string(i), "playing", i)); },
                    {});
    };
    size_t looked_up = 99, read = 99;
    for (int i = 0; i < 3; ++i) write(i);
    queue.lookup([&](Storage& s) { looked_up = s.unfinished().size(); }, {});
    for (int i = 3; i < 6; ++i) write(i);
    queue.read([&](Storage& s) { read = s.unfinished().size(); }, {});
    queue.release();
    queue.stop();
    posted.run_all();
    EXPECT_EQ(queue.transactions(), 1u);
    EXPECT_EQ(looked_up, 0u);
    EXPECT_EQ(read, 6u);
}

// At start-up the server reads the store directly while the restores queue writes (the guest
// sweep, truncations): a held queue must run none of them until it is released, or the two
// threads share one connection mid-read (a restore once read a game with a move missing and
// cut acknowledged moves away).
TEST(StorageQueue, HeldQueueRunsNothingUntilReleased) {
    const TempDb temp("held");
    SqliteStorage db(temp.path);
    db.save_table(row("restored", "playing", 1));
    Collected posted;
    StorageQueue queue(db, posted.post(), QueueStart::Held);
    std::promise<void> ran;
    bool stored = false;
    queue.write(
        [&](Storage& s) {
            s.save_table(row("queued", "playing", 2));
            ran.set_value();
        },
        [&](bool ok) { stored = ok; });
    // The direct reads of a restore, on this thread, with the write waiting.
    for (int i = 0; i < 20; ++i) ASSERT_EQ(db.unfinished().size(), 1u);
    auto future = ran.get_future();
    EXPECT_EQ(future.wait_for(std::chrono::milliseconds(100)), std::future_status::timeout);
    queue.release();
    future.get();
    queue.stop();
    posted.run_all();
    EXPECT_TRUE(stored);
    EXPECT_EQ(db.unfinished().size(), 2u);
}

TEST(StorageQueue, StoppingAHeldQueueStillRunsWhatWasQueued) {
    const TempDb temp("held_stop");
    SqliteStorage db(temp.path);
    StorageQueue queue(
        db, [](std::function<void()> f) { f(); }, QueueStart::Held);
    bool stored = false;
    queue.write([](Storage& s) { s.save_table(row("queued", "playing", 1)); },
                [&](bool ok) { stored = ok; });
    queue.stop();
    EXPECT_TRUE(stored);
    EXPECT_EQ(db.unfinished().size(), 1u);
}

// The queue tells its store when it has run what it held and found nothing more (the SQLite
// store then lets its WAL start over, checkpointer.h); never while it is held.
struct IdleCounting : FaultInjectingStorage {
    using FaultInjectingStorage::FaultInjectingStorage;
    void idle() override {
        if (idles++ == 0) rows_at_first_idle = unfinished().size();
        FaultInjectingStorage::idle();
    }
    std::atomic<int> idles{0};
    std::atomic<size_t> rows_at_first_idle{0};
};

TEST(StorageQueue, TellsTheStoreWhenItRunsEmpty) {
    const TempDb temp("idle");
    SqliteStorage db(temp.path);
    IdleCounting store(db);
    StorageQueue queue(
        store, [](std::function<void()> f) { f(); }, QueueStart::Held);
    queue.write([](Storage& s) { s.save_table(row("queued", "playing", 1)); }, {});
    queue.release();
    for (int i = 0; i < 500 && store.idles == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    queue.stop();
    EXPECT_GE(store.idles.load(), 1);
    EXPECT_EQ(store.rows_at_first_idle.load(), 1u);
}

}  // namespace
}  // namespace reversi::server::sqlite_storage_test
