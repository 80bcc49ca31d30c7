// SPDX-License-Identifier: MIT
// The same tests against every Storage back end (SQLite, and PostgreSQL on a build with it):
// what a committed transaction holds survives reopening, a rolled-back one leaves nothing,
// reads order and page alike, odd text round-trips byte for byte, damaged rows read as
// damaged, the queue reports a write only once another connection can see it, and the
// schema versions mean the same in both. Accounts, chat, analyses:
// storage_conformance_site_test.cpp.
#include <gtest/gtest.h>

#include <future>
#include <mutex>
#include <utility>

#include "storage_backends.h"

namespace reversi::server {
namespace {

using testing_backends::Backend;

using testing_backends::row;

class StorageConformance : public testing_backends::BackendTest {
  protected:
    std::unique_ptr<Storage> open() { return db_->open(); }
};

// Runs a queue on `store` whose completions are collected, then run by `finish`.
struct CollectingQueue {
    explicit CollectingQueue(Storage& store)
        : queue(store, [this](std::function<void()> f) {
              std::lock_guard lock(mutex);
              posted.push_back(std::move(f));
          }) {}
    void finish() {
        queue.stop();
        // A task may post the next slice of answers: run by index, each moved out first.
        for (size_t i = 0; i < posted.size(); ++i) std::exchange(posted[i], {})();
    }
    std::mutex mutex;
    std::vector<std::function<void()>> posted;
    StorageQueue queue;
};

// Holds the queue's thread in a read until release(), so that the writes queued meanwhile
// reach the thread together, as one batch.
struct HeldQueue {
    explicit HeldQueue(StorageQueue& queue) {
        auto started = std::make_shared<std::promise<void>>();
        auto running = started->get_future();
        std::shared_future<void> go = release_.get_future().share();
        queue.read(
            [started, go](Storage&) {
                started->set_value();
                go.wait();
            },
            {});
        running.wait();
    }
    // Never leaves the thread blocked, even when a test fails before releasing it.
    ~HeldQueue() { release(); }
    void release() {
        if (!released_) release_.set_value();
        released_ = true;
    }
    std::promise<void> release_;
    bool released_ = false;
};

TEST_P(StorageConformance, CommittedSurvivesReopenRolledBackLeavesNothing) {
    {
        auto db = open();
        db->begin();
        db->save_table(row("a", "playing", 1));
        db->save_table(row("b", "finished", 2));
        db->save_table(row("c", "finished", 3));
        db->add_move("a", {0, "d3", {1000, 2000}});
        db->add_move("a", {1, "c3", {1000, 1500}});
        db->add_move("a", {2, "pass", {}});
        db->commit();
        db->begin();
        db->add_move("a", {3, "c4", {}});
        db->save_table(row("d", "playing", 4));
        db->rollback();
    }
    auto db = open();
    const auto open_tables = db->unfinished();
    ASSERT_EQ(open_tables.size(), 1u);
    EXPECT_EQ(open_tables[0].id, "a");
    ASSERT_EQ(open_tables[0].moves.size(), 3u);
    EXPECT_EQ(open_tables[0].moves[0].clock_after, (std::vector<int64_t>{1000, 2000}));
    EXPECT_EQ(open_tables[0].moves[1].square, "c3");
    EXPECT_EQ(open_tables[0].moves[1].ply, 1);
    EXPECT_TRUE(open_tables[0].moves[2].clock_after.empty());
    EXPECT_FALSE(open_tables[0].moves[2].damaged);
    EXPECT_FALSE(db->load("d"));
    EXPECT_FALSE(db->load("zz"));
}

TEST_P(StorageConformance, TruncateAndUpsertKeepCreated) {
    auto db = open();
    db->begin();
    db->save_table(row("a", "playing", 1));
    for (int i = 0; i < 5; ++i) db->add_move("a", {i, "m" + std::to_string(i), {i * 10}});
    db->truncate_moves("a", 2);
    StoredTable finished = row("a", "finished", 99);  // created is kept from the first save
    finished.result = R"({"winner":0})";
    db->save_table(finished);
    db->commit();
    const auto a = db->load("a");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->status, "finished");
    EXPECT_EQ(a->created, 1);
    EXPECT_EQ(a->result, R"({"winner":0})");
    ASSERT_EQ(a->moves.size(), 2u);
    EXPECT_EQ(a->moves[1].square, "m1");
    EXPECT_EQ(a->moves[1].clock_after, (std::vector<int64_t>{10}));
    EXPECT_TRUE(db->unfinished().empty());
}

TEST_P(StorageConformance, AddMoveReplacesTheSamePly) {
    auto db = open();
    db->begin();
    db->save_table(row("a", "playing", 1));
    db->add_move("a", {0, "d3", {5}});
    db->add_move("a", {0, "f5", {7, 8}});
    db->commit();
    const auto a = db->load("a");
    ASSERT_TRUE(a);
    ASSERT_EQ(a->moves.size(), 1u);
    EXPECT_EQ(a->moves[0].square, "f5");
    EXPECT_EQ(a->moves[0].clock_after, (std::vector<int64_t>{7, 8}));
}

TEST_P(StorageConformance, UnfinishedOldestFirstEachWithItsOwnMoves) {
    auto db = open();
    db->begin();
    db->save_table(row("late", "waiting", 30));
    db->save_table(row("tie-b", "playing", 20));
    db->save_table(row("tie-a", "playing", 20));
    db->save_table(row("early", "playing", 10));
    db->save_table(row("done", "finished", 5));
    db->add_move("done", {0, "d3", {}});
    db->add_move("tie-a", {0, "d3", {}});
    db->add_move("tie-b", {1, "c5", {}});  // out of order on purpose
    db->add_move("tie-b", {0, "f5", {}});
    db->commit();
    const auto tables = db->unfinished();
    std::vector<std::string> ids;
    for (const auto& t : tables) ids.push_back(t.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"early", "tie-a", "tie-b", "late"}));
    EXPECT_TRUE(tables[0].moves.empty());
    ASSERT_EQ(tables[1].moves.size(), 1u);
    ASSERT_EQ(tables[2].moves.size(), 2u);
    EXPECT_EQ(tables[2].moves[0].square, "f5");
    EXPECT_EQ(tables[2].moves[1].square, "c5");
    EXPECT_EQ(tables[3].status, "waiting");
}

TEST_P(StorageConformance, FinishedNewestFirstAndPaged) {
    auto db = open();
    db->begin();
    for (int i = 0; i < 7; ++i) db->save_table(row("f" + std::to_string(i), "finished", i));
    db->save_table(row("g", "finished", 6));  // ties with f6: the id decides
    db->save_table(row("p", "playing", 100));
    db->add_move("f3", {0, "d3", {}});
    db->commit();
    auto ids = [&](int limit, int offset) {
        std::vector<std::string> out;
        for (const auto& t : db->finished(limit, offset)) out.push_back(t.id);
        return out;
    };
    EXPECT_EQ(ids(3, 0), (std::vector<std::string>{"f6", "g", "f5"}));
    EXPECT_EQ(ids(2, 3), (std::vector<std::string>{"f4", "f3"}));
    EXPECT_EQ(ids(5, 6), (std::vector<std::string>{"f1", "f0"}));
    EXPECT_TRUE(ids(5, 8).empty());
    EXPECT_TRUE(ids(0, 0).empty());
    EXPECT_EQ(ids(-1, 0).size(), 8u);  // a negative limit means none
    EXPECT_EQ(ids(2, -5), ids(2, 0));  // a negative offset counts as 0
    EXPECT_EQ(db->finished(1, 4).at(0).moves.size(), 1u);
}

TEST_P(StorageConformance, OddTextRoundTripsExactly) {
    const std::string spec = std::string(R"({"name":"Zoë ğüşİ ąęłńóśźż 名人 \"q\" \\ ')") +
                             std::string(100000, 'x') + "\"}";
    const std::string hostile_id = "x'); DROP TABLE tables; --";
    auto db = open();
    db->begin();
    StoredTable t = row(hostile_id, "finished", -5);
    t.spec = spec;
    t.result = "";
    db->save_table(t);
    db->add_move(hostile_id, {0, "'; DELETE FROM moves; --", {-1, 0, INT64_MAX}});
    db->commit();
    const auto back = open()->load(hostile_id);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->spec, spec);
    EXPECT_EQ(back->created, -5);
    EXPECT_EQ(back->result, "");
    ASSERT_EQ(back->moves.size(), 1u);
    EXPECT_EQ(back->moves[0].square, "'; DELETE FROM moves; --");
    EXPECT_EQ(back->moves[0].clock_after, (std::vector<int64_t>{-1, 0, INT64_MAX}));
}

TEST_P(StorageConformance, AFailedWriteChangesNothing) {
    auto db = open();
    db->begin();
    db->save_table(row("a", "playing", 1));
    db->commit();
    // A NUL byte: SQLite keeps it, PostgreSQL text cannot; either way the store must keep
    // exactly what it was given or refuse, leaving the committed state alone.
    StoredTable odd = row("a", "finished", 1);
    odd.spec = std::string("{\"a\":\"\0\"}", 9);
    bool stored = true;
    db->begin();
    try {
        db->save_table(odd);
        db->commit();
    } catch (const std::runtime_error&) {
        stored = false;
        db->rollback();
    }
    const auto a = open()->load("a");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->status, stored ? "finished" : "playing");
    EXPECT_EQ(a->spec, stored ? odd.spec : row("a", "playing", 1).spec);
    // The store is still usable after a refused write.
    db->begin();
    db->add_move("a", {0, "d3", {}});
    db->commit();
    EXPECT_EQ(open()->load("a")->moves.size(), 1u);
}

TEST_P(StorageConformance, DamagedClockReadsAsDamaged) {
    auto db = open();
    db->begin();
    db->save_table(row("a", "playing", 1));
    db->add_move("a", {0, "d3", {100}});
    db->add_move("a", {1, "c3", {100}});
    db->commit();
    db_->exec_raw("UPDATE moves SET clock = '12,x' WHERE table_id = 'a' AND ply = 1");
    const auto a = open()->load("a");
    ASSERT_TRUE(a);
    ASSERT_EQ(a->moves.size(), 2u);
    EXPECT_FALSE(a->moves[0].damaged);
    EXPECT_TRUE(a->moves[1].damaged);
}

TEST_P(StorageConformance, QueueReportsOnlyWhatAnotherConnectionSees) {
    auto db = open();
    auto other = open();
    CollectingQueue q(*db);
    std::vector<int> seen_by_other;
    for (int i = 0; i < 20; ++i)
        q.queue.write([i](Storage& s) { s.save_table(row("t" + std::to_string(i), "playing", i)); },
                      [&, i](bool ok) {
                          // Runs after the commit: a second connection must already see the row.
                          if (ok && other->load("t" + std::to_string(i)))
                              seen_by_other.push_back(i);
                      });
    q.finish();
    EXPECT_EQ(seen_by_other.size(), 20u);
    EXPECT_EQ(q.queue.writes(), 20u);
}

TEST_P(StorageConformance, QueueGroupsABurstIntoOneTransaction) {
    auto db = open();
    CollectingQueue q(*db);
    HeldQueue held(q.queue);
    for (int i = 0; i < 30; ++i)
        q.queue.write([i](Storage& s) { s.save_table(row("t" + std::to_string(i), "playing", i)); },
                      {});
    held.release();
    q.finish();
    EXPECT_EQ(q.queue.writes(), 30u);
    EXPECT_EQ(q.queue.transactions(), 1u);
    EXPECT_EQ(open()->unfinished().size(), 30u);
}

TEST_P(StorageConformance, QueueIsolatesAFailedWriteAndFencesItsTable) {
    auto db = open();
    CollectingQueue q(*db);
    auto fence = std::make_shared<WriteFence>();
    HeldQueue held(q.queue);
    std::vector<int> results(4, -1);
    q.queue.write([](Storage& s) { s.save_table(row("good", "playing", 1)); },
                  [&](bool ok) { results[0] = ok; });
    q.queue.write(
        [](Storage& s) {
            s.save_table(row("fenced", "playing", 2));
            throw std::runtime_error("disk on fire");
        },
        [&](bool ok) { results[1] = ok; }, fence);
    q.queue.write(
        [](Storage& s) {
            s.add_move("fenced", {0, "d3", {}});
        },
        [&](bool ok) { results[2] = ok; }, fence);
    q.queue.write([](Storage& s) { s.save_table(row("good2", "playing", 3)); },
                  [&](bool ok) { results[3] = ok; });
    held.release();
    q.finish();
    EXPECT_EQ(results, (std::vector<int>{1, 0, 0, 1}));
    auto check = open();
    EXPECT_FALSE(check->load("fenced"));
    EXPECT_EQ(check->unfinished().size(), 2u);
}

TEST_P(StorageConformance, RefusesADatabaseNewerThanTheBuild) {
    open();  // creates the schema
    // A newer build whose migrations did more than add: this build may not serve it.
    db_->exec_raw("UPDATE schema_version SET version = 9999");
    db_->exec_raw("UPDATE schema_compat SET oldest = 9999");
    EXPECT_THROW(open(), std::runtime_error);
    db_->exec_raw("UPDATE schema_version SET version = " +
                  std::to_string(SqliteStorage::schema_version()));
    EXPECT_NO_THROW(open());
}

#ifdef REVERSI_WITH_POSTGRES
// One numbering for both back ends: migration N is the same change in each.
TEST(StorageSchema, BothBackEndsAtTheSameVersion) {
    EXPECT_EQ(pg::schema_version(), SqliteStorage::schema_version());
}
#endif

INSTANTIATE_TEST_SUITE_P(Backends, StorageConformance, testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
