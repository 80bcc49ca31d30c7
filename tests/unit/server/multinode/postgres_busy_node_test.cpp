// SPDX-License-Identifier: MIT
// A busy node keeps its tables (issue 51). Node a runs as a server does (its store behind a
// StorageQueue, TableOwnership renewing its leases); node b is a second store on the same
// PostgreSQL that tries to take a's table the whole time, as another node's sweeper or a
// visitor's claim would. With seconds of work queued ahead on a (moves, claims), its renewals
// must not wait behind it: a lease that expires meanwhile is taken by b, and a's queued move
// then fails ("this table is moving to another server", "the server could not confirm that
// the last change was saved" in the 10,000-game run). Needs $REVERSI_TEST_PG.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "server/hub/table_ownership.h"
#include "storage/postgres/two_nodes.h"

namespace reversi::server {
namespace {

using namespace std::chrono_literals;

class PostgresBusyNode : public testing_backends::TwoPostgresNodes {};

// A playing table's row (the shared one of storage_backends.h).
StoredTable row(const std::string& id) {
    return testing_backends::row(id, "playing", 1);
}

TEST_F(PostgresBusyNode, KeepsItsLeasesAndWritesBehindALongQueue) {
    net::io_context ioc;
    StorageQueue queue(*a_, [&](std::function<void()> f) { net::post(ioc, std::move(f)); });
    OwnershipOptions options;
    options.node = "node-a";
    options.public_url = "http://a:1";
    options.ttl_ms = 600;        // renewed every 200 ms
    options.sweep_ms = 600'000;  // a takes nothing over here
    TableOwnership ownership(ioc, queue, *a_, options);
    std::vector<std::string> lost;
    ownership.start([&](const std::vector<std::string>& ids) { lost = ids; },
                    [](std::vector<StoredTable>) {}, [] { return 0; });
    const auto run_until = [&](const std::function<bool()>& done, auto limit) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (!done() && std::chrono::steady_clock::now() < end) {
            ioc.restart();
            ioc.run_for(10ms);
        }
        return done();
    };

    std::optional<bool> created;
    queue.write(ownership.leased("t", [](Storage& s) { s.save_table(row("t")); }),
                [&](bool ok) { created = ok; });
    ASSERT_TRUE(run_until([&] { return created.has_value(); }, 5s));
    ASSERT_TRUE(*created);

    // 2.5 s of work ahead (four ttls): 125 jobs of 20 ms, then the table's next move.
    std::atomic<int> backlog{0};
    for (int i = 0; i < 125; ++i)
        queue.read(
            [&](Storage&) {
                std::this_thread::sleep_for(20ms);
                backlog++;
            },
            {});
    std::optional<bool> moved;
    queue.write(
        [](Storage& s) {
            s.add_move("t", {0, "d3", {100}});
        },
        [&](bool ok) { moved = ok; });
    const uint64_t renewals_before = ownership.renewals();
    // Meanwhile b tries to take the table every 50 ms, as a sweeper or a claim would.
    int taken_by_b = 0;
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (!moved.has_value() && std::chrono::steady_clock::now() < end) {
        run_until([] { return false; }, 50ms);
        if (b_->acquire_lease("t", 600)) taken_by_b++;
    }
    ASSERT_TRUE(moved.has_value());
    EXPECT_EQ(backlog.load(), 125);
    EXPECT_EQ(taken_by_b, 0) << "another node took the busy node's table";
    EXPECT_TRUE(*moved) << "the busy node's move failed: its lease was gone";
    EXPECT_TRUE(lost.empty());
    EXPECT_GE(ownership.renewals() - renewals_before, 5u) << "renewals waited behind the queue";
    ASSERT_TRUE(b_->load("t"));
    EXPECT_EQ(b_->load("t")->moves.size(), 1u);

    ownership.stop();
    queue.stop();
}

// A visitor of a table another node plays is sent there after one statement, and the
// statement needs none of the writes gathered before it: the answer names the live owner
// only (not this node, not an expired or released lease, not a table that does not exist).
TEST_F(PostgresBusyNode, HeldElsewhereNamesOnlyAnotherLiveOwner) {
    ASSERT_TRUE(a_->acquire_lease("t", 60'000));
    EXPECT_EQ(b_->held_elsewhere("t"), std::optional<std::string>(""));  // a's address unknown
    a_->heartbeat("http://a:1", 60'000);
    EXPECT_EQ(b_->held_elsewhere("t"), std::optional<std::string>("http://a:1"));
    EXPECT_EQ(a_->held_elsewhere("t"), std::nullopt);  // its own
    EXPECT_EQ(b_->held_elsewhere("nosuchtable"), std::nullopt);
    EXPECT_EQ(b_->held_elsewhere(std::string("t\0x", 3)), std::nullopt);
    db_->exec_raw("UPDATE table_leases SET expires = now() - interval '1 second'");
    EXPECT_EQ(b_->held_elsewhere("t"), std::nullopt);  // expired: b may claim it
    ASSERT_TRUE(a_->acquire_lease("t", 60'000));
    a_->release_lease("t");
    EXPECT_EQ(b_->held_elsewhere("t"), std::nullopt);  // released
}

// The tables of a node that died are the sweepers' for a few seconds after their lease runs
// out: a visitor is told to come back (an empty address), not left to claim it, since
// thousands of claims at once, a few round trips and a commit each, held the takeover up
// (issue 51). Not so for a finished table, a node that stopped cleanly (its row is gone: its
// clients' reconnections claim at once), or a lease that ran out long ago.
TEST_F(PostgresBusyNode, ADeadNodesFreshOrphanIsLeftToTheSweepers) {
    a_->heartbeat("http://a:1", 60'000);
    for (const char* id : {"t", "done"}) {
        ASSERT_TRUE(a_->acquire_lease(id, 60'000));
        StoredTable row;
        row.id = id;
        row.created = 1;
        row.status = std::string(id) == "done" ? "finished" : "playing";
        row.spec = "{}";
        a_->begin();
        a_->save_table(row);
        a_->commit();
    }
    db_->exec_raw("UPDATE table_leases SET expires = now() - interval '1 second'");
    db_->exec_raw("UPDATE nodes SET expires = now() - interval '1 second'");
    EXPECT_EQ(b_->held_elsewhere("t"), std::optional<std::string>(""));
    EXPECT_EQ(b_->held_elsewhere("done"), std::nullopt);
    db_->exec_raw("UPDATE table_leases SET expires = now() - interval '6 seconds'");
    EXPECT_EQ(b_->held_elsewhere("t"), std::nullopt);  // no sweeper took it: claim it
    db_->exec_raw("UPDATE table_leases SET expires = now() - interval '1 second'");
    db_->exec_raw("DELETE FROM nodes WHERE name = 'node-a'");  // a clean stop's hand-over
    EXPECT_EQ(b_->held_elsewhere("t"), std::nullopt);
}

// Many tables asked at once are answered as each alone, in one statement (issue 51).
TEST_F(PostgresBusyNode, HeldElsewhereForManyTablesAnswersAsForEach) {
    a_->heartbeat("http://a:1", 60'000);
    for (const char* id : {"a1", "a2"}) ASSERT_TRUE(a_->acquire_lease(id, 60'000));
    ASSERT_TRUE(b_->acquire_lease("b1", 60'000));
    const std::vector<std::string> ids = {"a1", "a2", "b1", "none", std::string("a1\0x", 4)};
    const auto many = b_->held_elsewhere_many(ids);
    for (const std::string& id : ids) {
        const auto it = many.find(id);
        const std::optional<std::string> batched =
            it == many.end() ? std::nullopt : std::optional<std::string>(it->second);
        EXPECT_EQ(batched, b_->held_elsewhere(id)) << id;
    }
    EXPECT_EQ(many.size(), 2u);
    EXPECT_EQ(many.at("a2"), "http://a:1");
    EXPECT_TRUE(b_->held_elsewhere_many({}).empty());
}

}  // namespace
}  // namespace reversi::server
#endif
