// SPDX-License-Identifier: MIT
// The tournament lease with two stores (two nodes) on one PostgreSQL database
// (docs/MULTINODE.md "Tournaments across nodes"): one leader at a time, named to the others;
// only the leader stores tournaments, and a leader that lost the lease stores nothing; the
// next leader's fence is higher; a clean stop hands it over at once; the leader reads which
// games ended, on any node. Expiry is made by moving the lease's end into the past.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include "storage/postgres/two_nodes.h"

namespace reversi::server {
namespace {

constexpr int64_t LeaderTtl = 60'000;

class PostgresTournamentLeaseTest : public testing_backends::TwoPostgresNodes {
  protected:
    void SetUp() override {
        TwoPostgresNodes::SetUp();
        if (IsSkipped()) return;
        a_->heartbeat("http://a:1", LeaderTtl);
        b_->heartbeat("http://b:2", LeaderTtl);
    }
    void expire() {
        db_->exec_raw("UPDATE tournament_lease SET expires = now() - interval '1 second'");
    }
    // Saves a tournament whose document is `doc` in its own transaction: false when refused.
    static bool save(PostgresStorage& store, const std::string& doc) {
        store.begin();
        try {
            store.save_tournament({"t1", 1, "running", doc});
            store.commit();
            return true;
        } catch (const std::runtime_error&) {
            store.rollback();
            return false;
        }
    }
    std::string stored_doc() {
        const auto rows = a_->tournaments(10);
        return rows.empty() ? std::string() : rows[0].doc;
    }
};

TEST_F(PostgresTournamentLeaseTest, OneLeaderAtATimeNamedToTheOthers) {
    const TournamentLead a = a_->lead_tournaments(LeaderTtl);
    EXPECT_EQ(a.fence, std::optional<int64_t>(1));
    const TournamentLead b = b_->lead_tournaments(LeaderTtl);
    EXPECT_FALSE(b.fence);
    EXPECT_EQ(b.leader, "http://a:1");
    EXPECT_EQ(a_->lead_tournaments(LeaderTtl).fence,
              std::optional<int64_t>(1));  // renewed, same fence
    // A leader whose node stopped beating is not named: ask again later.
    db_->exec_raw("UPDATE nodes SET expires = now() - interval '1 second' WHERE name = 'node-a'");
    EXPECT_EQ(b_->lead_tournaments(LeaderTtl).leader, "");
}

TEST_F(PostgresTournamentLeaseTest, OnlyTheLeaderStoresTournaments) {
    EXPECT_FALSE(save(*a_, "{\"n\":0}"));  // nobody leads yet
    ASSERT_TRUE(a_->lead_tournaments(LeaderTtl).fence);
    ASSERT_FALSE(b_->lead_tournaments(LeaderTtl).fence);
    EXPECT_TRUE(save(*a_, "{\"n\":1}"));
    EXPECT_FALSE(save(*b_, "{\"n\":2}"));
    EXPECT_EQ(stored_doc(), "{\"n\":1}");
}

TEST_F(PostgresTournamentLeaseTest, ALeaderThatLostTheLeaseStoresNothing) {
    ASSERT_TRUE(a_->lead_tournaments(LeaderTtl).fence);
    ASSERT_TRUE(save(*a_, "{\"n\":1}"));
    expire();
    // a_ died (or stalled) past its ttl: b_ leads with a higher fence, and reads what a_ stored.
    EXPECT_EQ(b_->lead_tournaments(LeaderTtl).fence, std::optional<int64_t>(2));
    EXPECT_EQ(stored_doc(), "{\"n\":1}");
    // a_ still believes it leads: its write is refused in the database.
    EXPECT_FALSE(save(*a_, "{\"n\":2}"));
    EXPECT_TRUE(save(*b_, "{\"n\":3}"));
    EXPECT_EQ(stored_doc(), "{\"n\":3}");
    // And it does not lead again while b_ lives.
    const TournamentLead again = a_->lead_tournaments(LeaderTtl);
    EXPECT_FALSE(again.fence);
    EXPECT_EQ(again.leader, "http://b:2");
    EXPECT_FALSE(save(*a_, "{\"n\":4}"));
}

TEST_F(PostgresTournamentLeaseTest, ACleanStopHandsTheLeaseOverAtOnce) {
    ASSERT_TRUE(a_->lead_tournaments(LeaderTtl).fence);
    ASSERT_FALSE(b_->lead_tournaments(LeaderTtl).fence);
    a_->step_down_tournaments();
    EXPECT_FALSE(save(*a_, "{\"n\":1}"));
    EXPECT_EQ(b_->lead_tournaments(LeaderTtl).fence, std::optional<int64_t>(2));
    b_->step_down_tournaments();
    b_->step_down_tournaments();  // once is enough; again does nothing
    EXPECT_EQ(a_->lead_tournaments(LeaderTtl).fence, std::optional<int64_t>(3));
}

TEST_F(PostgresTournamentLeaseTest, TheLeaderReadsWhichGamesEndedOnAnyNode) {
    // Tables of two nodes: b_ writes them under its own table leases.
    for (const std::string id : {"g1", "g2", "g\"3"}) {
        ASSERT_TRUE(b_->acquire_lease(id, LeaderTtl));
        b_->begin();
        b_->save_table({id,
                        1,
                        id == "g1" ? "playing" : "finished",
                        "{}",
                        id == "g1" ? "" : "{\"winner\":0}",
                        {},
                        {}});
        b_->commit();
    }
    const auto found = a_->finished_results({"g1", "g2", "g\"3", "none"});
    ASSERT_EQ(found.size(), 2u);
    for (const auto& [table, result] : found) {
        EXPECT_TRUE(table == "g2" || table == "g\"3") << table;
        EXPECT_EQ(result, "{\"winner\":0}");
    }
    EXPECT_TRUE(a_->finished_results({}).empty());
}

}  // namespace
}  // namespace reversi::server
#endif
