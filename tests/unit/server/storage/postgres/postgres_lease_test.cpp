// SPDX-License-Identifier: MIT
// Table leases and fencing numbers with two stores (two nodes) on one PostgreSQL database:
// one owner at a time, a node that lost its lease cannot write (its write throws and leaves
// nothing), fences only grow, and every stored row says under which fence it was written.
// Expiry is made by moving the lease's end into the past, never by waiting.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <algorithm>

#include "storage/postgres/two_nodes.h"

namespace reversi::server {
namespace {

constexpr int64_t Ttl = 60'000;

class PostgresLeaseTest : public testing_backends::TwoPostgresNodes {
  protected:
    void expire(const std::string& table) {
        db_->exec_raw(
            "UPDATE table_leases SET expires = now() - interval '1 second' "
            "WHERE table_id = '" +
            table + "'");
    }
    // (ply, fence) of every stored move of `table`.
    std::vector<std::pair<int64_t, int64_t>> move_fences(const std::string& table) {
        pg::Connection c(db_->uri());
        const pg::Result rows =
            c.exec("SELECT ply, fence FROM moves WHERE table_id = $1 ORDER BY ply", {table});
        std::vector<std::pair<int64_t, int64_t>> out;
        for (int r = 0; r < rows.rows(); ++r)
            out.emplace_back(rows.integer(r, 0), rows.integer(r, 1));
        return out;
    }
    static StoredTable row(const std::string& id) {
        return testing_backends::row(id, "playing", 1);
    }
    // One write in its own transaction, as the queue runs it: false when it failed.
    static bool write(PostgresStorage& store, const std::function<void(Storage&)>& op) {
        store.begin();
        try {
            op(store);
            store.commit();
            return true;
        } catch (const std::runtime_error&) {
            store.rollback();
            return false;
        }
    }
};

TEST_F(PostgresLeaseTest, OneOwnerAtATime) {
    EXPECT_EQ(a_->acquire_lease("t", Ttl), std::optional<int64_t>(1));
    EXPECT_FALSE(b_->acquire_lease("t", Ttl));
    EXPECT_EQ(a_->acquire_lease("t", Ttl), std::optional<int64_t>(1));  // ours: extended
    EXPECT_TRUE(a_->renew_lease("t", Ttl));
    EXPECT_FALSE(b_->renew_lease("t", Ttl));  // never held
    EXPECT_EQ(b_->acquire_lease("other", Ttl), std::optional<int64_t>(1));
}

TEST_F(PostgresLeaseTest, WritesWithoutALeaseAreRefused) {
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.save_table(row("t")); }));
    ASSERT_TRUE(b_->acquire_lease("t", Ttl));
    // a_ believes nothing; b_ owns it: a_'s write is refused in the database too.
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.save_table(row("t")); }));
    EXPECT_TRUE(write(*b_, [](Storage& s) { s.save_table(row("t")); }));
    EXPECT_TRUE(a_->load("t"));
}

TEST_F(PostgresLeaseTest, ANodeThatLostItsLeaseCannotWrite) {
    ASSERT_EQ(a_->acquire_lease("t", Ttl), std::optional<int64_t>(1));
    ASSERT_TRUE(write(*a_, [](Storage& s) {
        s.save_table(row("t"));
        s.add_move("t", {0, "d3", {100}});
    }));
    expire("t");
    ASSERT_EQ(b_->acquire_lease("t", Ttl), std::optional<int64_t>(2));
    // a_ still believes it owns the table: each of its writes fails, nothing of it stored.
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.add_move("t", {1, "c3", {90}}); }));
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.truncate_moves("t", 0); }));
    StoredTable finished = row("t");
    finished.status = "finished";
    EXPECT_FALSE(write(*a_, [&](Storage& s) { s.save_table(finished); }));
    EXPECT_FALSE(a_->renew_lease("t", Ttl));
    // The new owner goes on from the stored state.
    const auto seen = b_->load("t");
    ASSERT_TRUE(seen);
    EXPECT_EQ(seen->status, "playing");
    ASSERT_EQ(seen->moves.size(), 1u);
    EXPECT_TRUE(write(*b_, [](Storage& s) { s.add_move("t", {1, "e6", {80}}); }));
    EXPECT_EQ(move_fences("t"), (std::vector<std::pair<int64_t, int64_t>>{{0, 1}, {1, 2}}));
    // A rejected write in a batch takes the batch down (the queue then retries one by one).
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.add_move("t", {2, "f4", {}}); }));
    EXPECT_EQ(b_->load("t")->moves.size(), 2u);
}

TEST_F(PostgresLeaseTest, FencesOnlyGrowAcrossReleaseAndTakeover) {
    ASSERT_EQ(a_->acquire_lease("t", Ttl), std::optional<int64_t>(1));
    a_->release_lease("t");
    EXPECT_EQ(b_->acquire_lease("t", Ttl), std::optional<int64_t>(2));
    expire("t");
    EXPECT_EQ(a_->acquire_lease("t", Ttl), std::optional<int64_t>(3));
    EXPECT_FALSE(write(*b_, [](Storage& s) { s.save_table(row("t")); }));
    EXPECT_TRUE(write(*a_, [](Storage& s) { s.save_table(row("t")); }));
}

TEST_F(PostgresLeaseTest, RenewingEveryLeaseReportsTheOnesTakenOver) {
    ASSERT_TRUE(a_->acquire_lease("t1", Ttl));
    ASSERT_TRUE(a_->acquire_lease("t2", Ttl));
    // Odd names travel intact through the array of one statement.
    const std::string odd = "we\"ird\\id,{x}";
    ASSERT_TRUE(a_->acquire_lease(odd, Ttl));
    EXPECT_TRUE(a_->renew_leases(Ttl).empty());
    expire("t2");
    ASSERT_EQ(b_->acquire_lease("t2", Ttl), std::optional<int64_t>(2));
    EXPECT_EQ(a_->renew_leases(Ttl), std::vector<std::string>{"t2"});
    EXPECT_TRUE(a_->renew_leases(Ttl).empty());  // forgotten once reported
    // Expired but taken by nobody: still ours, renewed.
    expire("t1");
    EXPECT_TRUE(a_->renew_leases(Ttl).empty());
    EXPECT_FALSE(b_->acquire_lease("t1", Ttl));
    EXPECT_FALSE(b_->acquire_lease(odd, Ttl));
    EXPECT_TRUE(write(*a_, [](Storage& s) { s.save_table(row("t1")); }));
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.save_table(row("t2")); }));
}

TEST_F(PostgresLeaseTest, ForgottenLeasesAreNotWrittenUnder) {
    ASSERT_TRUE(a_->acquire_lease("t", Ttl));
    EXPECT_EQ(a_->forget_leases(), std::vector<std::string>{"t"});
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.save_table(row("t")); }));
    EXPECT_TRUE(a_->renew_leases(Ttl).empty());
}

TEST_F(PostgresLeaseTest, OrphansAreUnfinishedTablesOfDeadOwners) {
    // Rows written by a store without a node name (one node, unfenced), then leased.
    PostgresStorage plain(db_->uri());
    for (const char* id : {"live", "dead", "released", "done", "legacy"}) {
        StoredTable t = row(id);
        if (std::string(id) == "done") t.status = "finished";
        ASSERT_TRUE(write(plain, [&](Storage& s) { s.save_table(t); }));
    }
    for (const char* id : {"live", "dead", "released", "done"})
        ASSERT_TRUE(a_->acquire_lease(id, Ttl));
    expire("dead");
    expire("done");
    a_->release_lease("released");  // left memory on purpose: loaded on its next visit
    std::vector<std::string> orphans = b_->orphaned_tables(10);
    std::sort(orphans.begin(), orphans.end());
    EXPECT_EQ(orphans, (std::vector<std::string>{"dead", "legacy"}));
    EXPECT_EQ(b_->orphaned_tables(1).size(), 1u);
    EXPECT_TRUE(b_->orphaned_tables(0).empty());
}

TEST_F(PostgresLeaseTest, TheOwnersAddressIsKnownWhileItLives) {
    a_->heartbeat("http://a:1", Ttl);
    b_->heartbeat("http://b:2", Ttl);
    ASSERT_TRUE(a_->acquire_lease("t", Ttl));
    EXPECT_EQ(b_->owner_address("t"), "http://a:1");
    EXPECT_EQ(b_->owner_address("none"), "");
    db_->exec_raw("UPDATE nodes SET expires = now() - interval '1 second' WHERE name = 'node-a'");
    EXPECT_EQ(b_->owner_address("t"), "");  // its node stopped beating: ask again later
    a_->heartbeat("http://a:3", Ttl);
    EXPECT_EQ(b_->owner_address("t"), "http://a:3");
    expire("t");
    EXPECT_EQ(b_->owner_address("t"), "");
}

// A clean stop: every lease ends at once (no waiting for the ttl), as an orphan that the
// sweepers take with a higher fence; the stopping node's address goes and it writes no more.
TEST_F(PostgresLeaseTest, AHandOverEndsEveryLeaseAtOnceForTheSweepers) {
    a_->heartbeat("http://a:1", Ttl);
    b_->heartbeat("http://b:2", Ttl);
    for (const char* id : {"t1", "t2", "mine"}) {
        ASSERT_TRUE(a_->acquire_lease(id, Ttl));
        ASSERT_TRUE(write(*a_, [&](Storage& s) { s.save_table(row(id)); }));
    }
    ASSERT_TRUE(b_->acquire_lease("theirs", Ttl));
    ASSERT_TRUE(write(*b_, [](Storage& s) { s.save_table(row("theirs")); }));
    a_->release_lease("mine");  // left memory before the stop: not handed over again
    EXPECT_TRUE(b_->orphaned_tables(10).empty());
    EXPECT_EQ(a_->hand_over_leases(), 2);
    std::vector<std::string> orphans = b_->orphaned_tables(10);
    std::sort(orphans.begin(), orphans.end());
    EXPECT_EQ(orphans, (std::vector<std::string>{"t1", "t2"}));
    EXPECT_EQ(b_->owner_address("t1"), "");
    pg::Connection c(db_->uri());
    EXPECT_EQ(c.exec("SELECT COUNT(*) FROM nodes WHERE name = 'node-a'").integer(0, 0), 0);
    EXPECT_EQ(c.exec("SELECT COUNT(*) FROM nodes WHERE name = 'node-b'").integer(0, 0), 1);
    EXPECT_FALSE(write(*a_, [](Storage& s) { s.save_table(row("t1")); }));
    EXPECT_EQ(b_->acquire_lease("t1", Ttl), std::optional<int64_t>(2));
    EXPECT_TRUE(write(*b_, [](Storage& s) { s.save_table(row("t1")); }));
    EXPECT_EQ(a_->hand_over_leases(), 0);        // nothing left to end
    EXPECT_TRUE(b_->renew_leases(Ttl).empty());  // the other node's leases are untouched
}

TEST_F(PostgresLeaseTest, EachFenceTakenIsLoggedWithItsOneOwner) {
    ASSERT_TRUE(a_->acquire_lease("t", Ttl));
    ASSERT_TRUE(a_->acquire_lease("t", Ttl));  // extended: the same fence, logged once
    expire("t");
    ASSERT_TRUE(b_->acquire_lease("t", Ttl));
    EXPECT_FALSE(a_->acquire_lease("t", Ttl));
    pg::Connection c(db_->uri());
    const pg::Result rows =
        c.exec("SELECT fence, owner FROM lease_log WHERE table_id = 't' ORDER BY fence");
    ASSERT_EQ(rows.rows(), 2);
    EXPECT_EQ(rows.text(0, 0) + rows.text(0, 1), "1node-a");
    EXPECT_EQ(rows.text(1, 0) + rows.text(1, 1), "2node-b");
}

}  // namespace
}  // namespace reversi::server
#endif
